/**
 * What the document-parsing thread runs (parse-document-isolated.server.ts loads this module on an
 * isolated worker thread). Only a call site: parsing itself stays in parse-pdf.server.ts.
 */
import type { MessagePort } from "node:worker_threads";
import { ocrCacheOverPort } from "./ocr-cache";
import { parseDocument, type ParseOptions } from "./parse-pdf.server";
import { loadPdfjs } from "./pdfjs.server";
import type { ParsedDocument } from "./types";

// Load pdf.js while the thread starts (the pool waits for this module before sending work), so the
// first document's time limit is not spent on loading it.
await loadPdfjs();

/**
 * parseDocument on this thread; see parse-pdf.server.ts for the result and the DocumentError codes.
 * `cachePort`, when given, is the thread's end of the caller's OCR cache (ocr-cache.ts bridge).
 */
export async function parse(bytes: Uint8Array, opts: Omit<ParseOptions, "ocrCache"> = {}, cachePort?: MessagePort): Promise<ParsedDocument> {
  try {
    return await parseDocument(bytes, { ...opts, ...(cachePort ? { ocrCache: ocrCacheOverPort(cachePort) } : {}) });
  } finally {
    cachePort?.close();
  }
}
