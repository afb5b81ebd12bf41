/**
 * What the document-parsing thread runs (parse-document-isolated.server.ts loads this module on an
 * isolated worker thread). Only a call site: parsing itself stays in parse-pdf.server.ts.
 */
import { parseDocument, type ParseOptions } from "./parse-pdf.server";
import { loadPdfjs } from "./pdfjs.server";
import type { ParsedDocument } from "./types";

// Load pdf.js while the thread starts (the pool waits for this module before sending work), so the
// first document's time limit is not spent on loading it.
await loadPdfjs();

/** parseDocument on this thread; see parse-pdf.server.ts for the result and the DocumentError codes. */
export function parse(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  return parseDocument(bytes, opts);
}
