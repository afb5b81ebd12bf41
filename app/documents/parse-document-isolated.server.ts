/**
 * parseDocument (text layer + OCR) on an isolated worker thread with a time and a memory limit per
 * document (issue 8, defect 9). pdf.js and OCR are CPU- and memory-hungry, and a hostile PDF (a
 * content-stream bomb of a few KB) can keep them busy for minutes and take GBs; on the worker's own
 * thread that blocked its heartbeat, so the worker was declared dead and its jobs ran twice. Here the
 * worker's thread only waits for a message, and a document that runs past the limit has its thread
 * terminated and fails with DocumentError "too_slow" (time: retried by the intake jobs with backoff,
 * since the limit may have been reached under load) or "unreadable" (memory: permanent). The time
 * limit counts the CPU time the reader's thread used, not the time it waited for a core
 * (isolated-pool.server.ts), so another tenant's heavy documents cannot push an innocent one past it.
 *
 * Threads stay warm between documents (the OCR engine keeps its model loaded); one per concurrent
 * job of the process (WORKER_CONCURRENCY).
 */
import { MessageChannel } from "node:worker_threads";
import { getEnv } from "~/env.server";
import { createIsolatedPool, IsolatedTaskError, type IsolatedPool } from "~/lib/isolated-pool.server";
import { serveOcrCache } from "./ocr-cache";
import { DocumentError, type ParseOptions } from "./parse-pdf.server";
import type { ParsedDocument } from "./types";

export interface IsolatedParseLimits {
  /** time limit for this document, in ms (default DOCUMENT_PARSE_TIMEOUT_SECONDS) */
  timeoutMs?: number;
}

const POOL_KEY = Symbol.for("priorauth.documentParserPool");
type GlobalWithPool = typeof globalThis & { [POOL_KEY]?: { pool: IsolatedPool; timeoutMs: number; maxMemoryMb: number } };

function parser() {
  const g = globalThis as GlobalWithPool;
  if (!g[POOL_KEY]) {
    const env = getEnv();
    const timeoutMs = env.DOCUMENT_PARSE_TIMEOUT_SECONDS * 1000;
    const maxMemoryMb = env.DOCUMENT_PARSE_MAX_MEMORY_MB;
    g[POOL_KEY] = {
      pool: createIsolatedPool({ module: "app/documents/parse-in-thread.ts", size: env.WORKER_CONCURRENCY, timeoutMs, maxMemoryMb, label: "document reader" }),
      timeoutMs,
      maxMemoryMb,
    };
  }
  return g[POOL_KEY]!;
}

/**
 * Parses a PDF like parseDocument, on an isolated thread. `opts.ocrCache` (e.g. dbOcrCache) is
 * served to the thread over a message port, so OCR results are looked up and stored in this thread.
 * @throws DocumentError as parseDocument does, plus DocumentError("too_slow") when the document
 *   needs more than the time limit (DOCUMENT_PARSE_TIMEOUT_SECONDS of CPU time, default 120 s; the
 *   elapsed-time ceiling is 4 times that) and DocumentError("unreadable") past the memory limit
 *   (DOCUMENT_PARSE_MAX_MEMORY_MB, default 1024 MB); a plain Error when the thread crashed (worth a
 *   retry)
 */
export async function parseDocumentIsolated(bytes: Uint8Array, opts: ParseOptions = {}, limits: IsolatedParseLimits = {}): Promise<ParsedDocument> {
  const { pool, timeoutMs, maxMemoryMb } = parser();
  // A copy the thread owns (transferred, not cloned): the caller's buffer stays usable.
  const copy = new Uint8Array(bytes);
  const { ocrCache, ...plain } = opts;
  const channel = ocrCache ? new MessageChannel() : null;
  if (channel && ocrCache) serveOcrCache(channel.port1, ocrCache);
  try {
    const args = channel ? [copy, plain, channel.port2] : [copy, plain];
    const transfer = channel ? [copy.buffer as ArrayBuffer, channel.port2] : [copy.buffer as ArrayBuffer];
    return await pool.run<ParsedDocument>("parse", args, { timeoutMs: limits.timeoutMs ?? timeoutMs, transfer });
  } catch (err) {
    if (err instanceof Error && err.name === "DocumentError") {
      throw new DocumentError(((err as { code?: string }).code as DocumentError["code"]) ?? "unreadable", err.message);
    }
    if (err instanceof IsolatedTaskError && err.code === "timeout") {
      throw new DocumentError(
        "too_slow",
        `The PDF is too complex to read: it needed more than ${Math.round((limits.timeoutMs ?? timeoutMs) / 1000)} s of computing.`,
        {
          cause: err,
        },
      );
    }
    if (err instanceof IsolatedTaskError && err.code === "out_of_memory") {
      throw new DocumentError("unreadable", `The PDF is too complex to read: it needed more than ${maxMemoryMb} MB of memory.`, { cause: err });
    }
    throw err;
  } finally {
    channel?.port1.close();
  }
}
