/**
 * OCR result cache: what tesseract read from one page image, keyed by a hash of that exact image
 * and of how it was read, so a duplicate upload, a retried intake or a re-run never OCRs the same
 * page again. Implementations: `memoryOcrCache` (one process, tests), `dbOcrCache`
 * (ocr-cache.server.ts, the `ocr_results` table), and the thread bridge of
 * parse-document-isolated.server.ts.
 */
import crypto from "node:crypto";
import type { MessagePort } from "node:worker_threads";
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

type CacheRequest = { id: number; op: "get"; key: string } | { id: number; op: "put"; key: string; lines: OcrLine[] };
type CacheCall = CacheRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
type CacheReply = { id: number; lines?: OcrLine[] | null; error?: string };

/**
 * Answers OcrCache requests arriving on `port` (the parent side of parse-document-isolated's
 * bridge) from `cache`; a failing lookup answers as a miss with its message. Stops when the port closes.
 */
export function serveOcrCache(port: MessagePort, cache: OcrCache): void {
  port.on("message", (m: CacheRequest) => {
    const done = (r: Omit<CacheReply, "id">) => {
      try {
        port.postMessage({ id: m.id, ...r });
      } catch {
        // the port was closed: nobody waits for the answer
      }
    };
    const work = m.op === "get" ? cache.get(m.key).then((lines) => ({ lines })) : cache.put(m.key, m.lines).then(() => ({}));
    work.then(done, (err: unknown) => done({ error: err instanceof Error ? err.message : String(err) }));
  });
}

/**
 * An OcrCache whose lookups and stores go over `port` to a serveOcrCache on the other side (the
 * document thread's side). Each call rejects when the other side reports an error or does not
 * answer within `timeoutMs` (default 10 s).
 */
export function ocrCacheOverPort(port: MessagePort, timeoutMs = 10_000): OcrCache {
  let nextId = 0;
  const pending = new Map<number, (r: CacheReply) => void>();
  port.on("message", (r: CacheReply) => pending.get(r.id)?.(r));
  port.unref();
  const call = (req: CacheCall) =>
    new Promise<CacheReply>((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error("OCR cache: no answer"));
      }, timeoutMs);
      pending.set(id, (r) => {
        clearTimeout(timer);
        pending.delete(id);
        if (r.error) reject(new Error(`OCR cache: ${r.error}`));
        else resolve(r);
      });
      port.postMessage({ id, ...req });
    });
  return {
    get: async (key) => (await call({ op: "get", key })).lines ?? null,
    put: async (key, lines) => {
      await call({ op: "put", key, lines });
    },
  };
}
