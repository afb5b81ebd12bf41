/**
 * How the corpus tests read their PDFs, shared with the tool that records their OCR results
 * (tools/clinical/record-corpus-ocr.ts), so the recorded keys are the ones the tests look up.
 */
import fs from "node:fs";
import { parseDocument, type ParsedDocument } from "~/documents/parse-pdf.server";
import type { OcrCache } from "~/documents/ocr-cache";

/** file path → parsed document */
export type FileParser = (file: string) => Promise<ParsedDocument>;

/**
 * Parsers with `ocrCache`: `policy` and `request` as the policy upload and the prior-auth intake read
 * them (native tesseract where installed), `claim` as the claim intake reads a CMS-1500
 * (run-claim-intake.server.ts: tesseract.js, which reads scanned place-of-service digits better).
 */
export function corpusParsers(ocrCache: OcrCache): { policy: FileParser; request: FileParser; claim: FileParser } {
  const read =
    (engine: "native" | "tesseract.js"): FileParser =>
    async (file) =>
      parseDocument(new Uint8Array(fs.readFileSync(file)), { ocrEngine: engine, ocrCache });
  return { policy: read("native"), request: read("native"), claim: read("tesseract.js") };
}
