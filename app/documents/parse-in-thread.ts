/**
 * What the document-parsing thread runs (parse-document-isolated.server.ts loads this module on an
 * isolated worker thread). Only a call site: parsing itself stays in parse-pdf.server.ts.
 */
import { parseDocument, type ParseOptions } from "./parse-pdf.server";
import type { ParsedDocument } from "./types";

/** parseDocument on this thread; see parse-pdf.server.ts for the result and the DocumentError codes. */
export function parse(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  return parseDocument(bytes, opts);
}
