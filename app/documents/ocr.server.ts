/**
 * Offline OCR with tesseract.js: one warm worker per process (lazy singleton), English LSTM model
 * from @tesseract.js-data/eng (no network, no cache directory).
 */
import { createRequire } from "node:module";
import type { Worker } from "tesseract.js";

const require = createRequire(import.meta.url);

let workerPromise: Promise<Worker> | null = null;

/**
 * The process-wide tesseract worker, created on first use (about 1 s) and reused afterwards.
 * Jobs on it run one at a time. Rejects if the worker cannot start.
 */
export function getOcrWorker(): Promise<Worker> {
  if (!workerPromise) {
    workerPromise = (async () => {
      const { createWorker, OEM } = await import("tesseract.js");
      const langPath: string = require("@tesseract.js-data/eng").langPath;
      const worker = await createWorker("eng", OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: "none",
        // silence tesseract's own progress logging
        logger: () => {},
        errorHandler: () => {},
      });
      // tesseract's own diagnostics ("Image too small to scale!!") go to its debug file
      await worker.setParameters({ debug_file: "/dev/null" } as Record<string, string>);
      return worker;
    })();
    workerPromise.catch(() => {
      workerPromise = null;
    });
  }
  return workerPromise;
}

/** Terminate the warm OCR worker if one was started (tests' afterAll, process shutdown). */
export async function terminateOcrWorker(): Promise<void> {
  const p = workerPromise;
  workerPromise = null;
  if (!p) return;
  try {
    const w = await p;
    await w.terminate();
  } catch {
    // already gone
  }
}
