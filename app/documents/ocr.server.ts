/**
 * Offline OCR with tesseract.js: a small pool of warm workers per process (lazy), English LSTM model
 * from @tesseract.js-data/eng (no network, no cache directory).
 */
import { createRequire } from "node:module";
import os from "node:os";
import type { Worker } from "tesseract.js";
import { EnvSchema } from "~/env.server";

const require = createRequire(import.meta.url);

/**
 * How many tesseract workers (threads) a process keeps warm: OCR_WORKERS (validated by the env
 * schema's field, 1-16; the web and worker processes also check it at start-up), else one per core up to 2.
 * Pages of one scan are recognised in parallel across them (parse-pdf.server.ts), which is what
 * brings a multi-page scan's latency down on a 2-core machine.
 */
export const OCR_POOL_SIZE = EnvSchema.shape.OCR_WORKERS.parse(process.env.OCR_WORKERS) ?? Math.min(2, os.cpus().length);

const pool: (Promise<Worker> | null)[] = Array.from({ length: OCR_POOL_SIZE }, () => null);
/** Jobs running or queued on each slot (acquireOcrWorker picks the least loaded slot). */
const load: number[] = Array.from({ length: OCR_POOL_SIZE }, () => 0);
let next = 0;

function startWorker(slot: number): Promise<Worker> {
  if (!pool[slot]) {
    const workerPromise = (async () => {
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
    pool[slot] = workerPromise;
    workerPromise.catch(() => {
      if (pool[slot] === workerPromise) pool[slot] = null;
    });
  }
  return pool[slot]!;
}

/**
 * A warm tesseract worker from the process pool (round robin), created on first use (about 1 s)
 * and reused afterwards. Jobs on one worker run one at a time. Rejects if the worker cannot start.
 */
export function getOcrWorker(): Promise<Worker> {
  const slot = next;
  next = (next + 1) % OCR_POOL_SIZE;
  return startWorker(slot);
}

/** Start every worker of the pool (in parallel); resolves when all are warm. */
export async function warmOcrPool(): Promise<void> {
  await Promise.all(pool.map((_, slot) => startWorker(slot)));
}

/**
 * Run `job` on the least busy worker of the pool (an idle one when there is one), so that two
 * pages never queue on one worker while the other idles, as round robin can do when pages take
 * unequal times. Starting the first job also warms the other workers in the background.
 */
export async function withOcrWorker<T>(job: (worker: Worker) => Promise<T>): Promise<T> {
  let slot = 0;
  for (let s = 1; s < OCR_POOL_SIZE; s++) if (load[s] < load[slot] || (load[s] === load[slot] && !pool[slot] && pool[s])) slot = s;
  load[slot]++;
  try {
    for (let s = 0; s < OCR_POOL_SIZE; s++) if (s !== slot) startWorker(s).catch(() => {});
    const worker = await startWorker(slot);
    return await job(worker);
  } finally {
    load[slot]--;
  }
}

/** Terminate the warm OCR workers that were started (tests' afterAll, process shutdown). */
export async function terminateOcrWorker(): Promise<void> {
  const started = pool.filter((p): p is Promise<Worker> => p !== null);
  pool.fill(null);
  await Promise.all(
    started.map(async (p) => {
      try {
        await (await p).terminate();
      } catch {
        // already gone
      }
    }),
  );
}
