/**
 * OCR result cache: what tesseract read from one page image, keyed by a hash of that exact image
 * and of how it was read, so a duplicate upload, a retried intake or a re-run never OCRs the same
 * page again. Implementations: `memoryOcrCache` (one process, tests), `dbOcrCache`
 * (ocr-cache.server.ts, the `ocr_results` table), and the thread bridge of
 * parse-document-isolated.server.ts.
 */
import crypto from "node:crypto";
import type { OcrLine } from "./ocr.server";
import type { Gray } from "./preprocess";

export interface OcrCache {
  /** The lines stored under `key`, or null. May reject (the caller then OCRs the page). */
  get(key: string): Promise<OcrLine[] | null>;
  /** Stores `lines` under `key` (a later put of the same key may be ignored). May reject. */
  put(key: string, lines: OcrLine[]): Promise<void>;
}

/**
 * The cache key of an OCR result: hex SHA-256 of `variant` (engine id and version, model, page
 * segmentation mode, dpi, how the image was split) and of the image's size and pixels. Any change
 * to rendering or clean-up changes the pixels, so it never returns a stale reading.
 */
export function ocrCacheKey(image: Gray, variant: string): string {
  return crypto.createHash("sha256").update(`${variant}\n${image.width}x${image.height}\n`).update(image.data).digest("hex");
}

/** A cache in this process's memory (at most `max` entries, oldest dropped first). */
export function memoryOcrCache(max = 1000): OcrCache & { size(): number } {
  const m = new Map<string, OcrLine[]>();
  return {
    async get(key) {
      return m.get(key) ?? null;
    },
    async put(key, lines) {
      m.set(key, lines);
      while (m.size > max) m.delete(m.keys().next().value!);
    },
    size: () => m.size,
  };
}
