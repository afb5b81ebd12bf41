import fs from "node:fs";
import path from "node:path";
import type { ParsedDocument } from "../types";

/**
 * Load a PDF as a ParsedDocument, reusing cached text when available:
 * 1. `$ENGINE_TEXT_DIR/<kind>/<id>.json` (default /tmp/engine-text), written by the text pipeline;
 * 2. a local cache next to the harness run (`$ENGINE_CACHE_DIR`, default /tmp/engine-harness-cache);
 * 3. otherwise `parseDocument` from app/documents (text layer, OCR for image-only pages), then cached.
 */
export async function loadParsed(pdfPath: string, cacheKey?: { kind: "cases" | "policies"; id: string }): Promise<ParsedDocument> {
  const textDir = process.env.ENGINE_TEXT_DIR ?? "/tmp/engine-text";
  if (cacheKey) {
    const shared = path.join(textDir, cacheKey.kind, `${cacheKey.id}.json`);
    if (fs.existsSync(shared)) {
      try {
        return JSON.parse(fs.readFileSync(shared, "utf8")) as ParsedDocument;
      } catch {
        /* fall through */
      }
    }
  }
  const cacheDir = process.env.ENGINE_CACHE_DIR ?? "/tmp/engine-harness-cache";
  const bytes = fs.readFileSync(pdfPath);
  const { createHash } = await import("node:crypto");
  const key = createHash("sha1").update(bytes).digest("hex");
  const cached = path.join(cacheDir, `${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, "utf8")) as ParsedDocument;
  const { parseDocument } = await import("../../documents/parse-pdf.server");
  const doc = await parseDocument(new Uint8Array(bytes));
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(doc));
  return doc;
}
