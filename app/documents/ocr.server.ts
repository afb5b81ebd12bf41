/**
 * Offline OCR engines behind one interface (OcrEngine: a grayscale image in, tesseract's lines and
 * words with pixel boxes and confidences out):
 *  - native: Debian's `tesseract` binary (package tesseract-ocr), one process per page image with
 *    OMP_THREAD_LIMIT=1, at most OCR_PARALLELISM at once. It reads with the same English LSTM model
 *    as tesseract.js (@tesseract.js-data/eng 4.0.0, unpacked once into the OS temp directory), so the
 *    two engines read a page alike; the native one is about twice as fast per page.
 *  - tesseract.js: a small pool of warm WebAssembly workers per process (lazy): the default, the
 *    engine of callers that have not shown native reads as well (claims), and the fallback where the
 *    binary is missing (`npm run up` on a machine without it) or OCR_ENGINE=tesseract.js.
 * No network, no model download.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { Worker } from "tesseract.js";
import { EnvSchema } from "~/env.server";
import { toPgm, type Gray } from "./preprocess";

const require = createRequire(import.meta.url);

/**
 * How many page images a process recognises at once: OCR_WORKERS (validated by the env schema's
 * field, 1-16; the web and worker processes also check it at start-up), else one per core
 * (os.availableParallelism()). Pages of one scan are recognised in parallel (parse-pdf.server.ts),
 * which is what brings a multi-page scan's latency down on a 2-core machine.
 */
export const OCR_PARALLELISM = EnvSchema.shape.OCR_WORKERS.parse(process.env.OCR_WORKERS) ?? os.availableParallelism();

/**
 * How many tesseract.js workers (threads) the fallback engine keeps warm: OCR_WORKERS, else one per
 * core up to 2 (each holds its own copy of the model, ~100 MB).
 */
export const OCR_POOL_SIZE = EnvSchema.shape.OCR_WORKERS.parse(process.env.OCR_WORKERS) ?? Math.min(2, os.availableParallelism());

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

// ---------------------------------------------------------------------------------------------
// engine interface

/** A box in image pixels, top-left origin, x1/y1 exclusive (tesseract's convention). */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** One recognised word; `confidence` 0..100 as tesseract reports it. */
export interface OcrWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
}
/** One text line as tesseract segmented it, its words in reading order. */
export interface OcrLine {
  bbox: OcrBox;
  words: OcrWord[];
}
export interface RecognizeOptions {
  /** tesseract page segmentation mode (3 = fully automatic, no OSD) */
  psm: number;
  /** the image's resolution in dots per inch (tesseract scales its size heuristics by it) */
  dpi: number;
}
export interface OcrEngine {
  /** names the engine, its version and its model: part of every OCR cache key */
  readonly id: string;
  /**
   * Lines of text in `image`, in tesseract's reading order (blocks, paragraphs, lines).
   * @throws Error when the engine fails on this image (the caller treats the page as unreadable)
   */
  recognize(image: Gray, opts: RecognizeOptions): Promise<OcrLine[]>;
}

type TessJsBlocks = { paragraphs: { lines: OcrLine[] }[] }[] | null;

const tesseractJs: OcrEngine = {
  id: `tesseract.js-${(require("tesseract.js/package.json") as { version: string }).version}/eng-4.0.0-lstm`,
  async recognize(image, opts) {
    const params = { tessedit_pageseg_mode: String(opts.psm), user_defined_dpi: String(Math.round(opts.dpi)) } as Record<string, string>;
    const r = await withOcrWorker((worker) => worker.recognize(toPgm(image), params, { text: false, blocks: true }));
    const lines: OcrLine[] = [];
    for (const b of (r.data.blocks as unknown as TessJsBlocks) ?? [])
      for (const p of b.paragraphs)
        for (const l of p.lines) lines.push({ bbox: l.bbox, words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox })) });
    return lines;
  },
};

// ---------------------------------------------------------------------------------------------
// native tesseract

const TESSERACT_BIN = "tesseract";
/** The traineddata tesseract.js reads (LSTM part used with --oem 1), shipped gzipped in node_modules. */
const BUNDLED_MODEL_GZ = path.join((require("@tesseract.js-data/eng") as { langPath: string }).langPath, "eng.traineddata.gz");

function run(file: string, args: string[], input: Buffer | null, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, env: { ...process.env, OMP_THREAD_LIMIT: "1" } },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${file} failed: ${err.message}${stderr ? ` (${String(stderr).trim().slice(0, 300)})` : ""}`, { cause: err }));
        else resolve(stdout);
      },
    );
    child.stdin?.on("error", () => {}); // a child that exits early closes its stdin: the exit callback reports it
    child.stdin?.end(input ?? undefined);
  });
}

/** The model's components the LSTM recogniser (--oem 1) reads; the rest (legacy engine) is dropped. */
const LSTM_COMPONENTS = ["lstm", "lstm-punc-dawg", "lstm-word-dawg", "lstm-number-dawg", "lstm-unicharset", "lstm-recoder", "unicharset", "version"];

/**
 * The bundled model as a tessdata directory of its own under the OS temp directory, made once per
 * machine and model file: unpacked, and repacked with its LSTM components only (combine_tessdata,
 * from the same Debian package), which reads the same way and starts each process about 0.3 s
 * sooner than the 23 MB file with the legacy engine's tables; the whole file where repacking fails.
 * Written under a temporary name and renamed, so concurrent processes never read half a file.
 * Returns the directory. @throws Error when the model cannot be unpacked at all.
 */
async function bundledTessdataDir(): Promise<string> {
  const st = fs.statSync(BUNDLED_MODEL_GZ);
  const dir = path.join(os.tmpdir(), `priorauth-tessdata-${st.size}-${Math.round(st.mtimeMs)}-lstm`);
  const file = path.join(dir, "eng.traineddata");
  if (fs.existsSync(file)) return dir;
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "priorauth-tessdata-"));
  try {
    const whole = path.join(work, "eng.traineddata");
    fs.writeFileSync(whole, zlib.gunzipSync(fs.readFileSync(BUNDLED_MODEL_GZ)));
    let result = whole;
    try {
      const parts = path.join(work, "parts");
      fs.mkdirSync(parts);
      await run("combine_tessdata", ["-u", whole, path.join(parts, "eng.")], null, 60_000);
      const lstm = path.join(work, "lstm");
      fs.mkdirSync(lstm);
      for (const c of LSTM_COMPONENTS)
        if (fs.existsSync(path.join(parts, `eng.${c}`))) fs.copyFileSync(path.join(parts, `eng.${c}`), path.join(lstm, `eng.${c}`));
      await run("combine_tessdata", [path.join(lstm, "eng.")], null, 60_000);
      if (fs.existsSync(path.join(lstm, "eng.traineddata"))) result = path.join(lstm, "eng.traineddata");
    } catch {
      // keep the whole model
    }
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.copyFileSync(result, tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/** Bounded pool: at most OCR_PARALLELISM tesseract processes of this process run at once. */
let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= OCR_PARALLELISM) await new Promise<void>((r) => waiting.push(r));
  else running++;
  try {
    return await job();
  } finally {
    const nextJob = waiting.shift();
    if (nextJob) nextJob();
    else running--;
  }
}

/**
 * tesseract's TSV output → lines with their words. Columns: level page_num block_num par_num
 * line_num word_num left top width height conf text; level 4 rows are lines, level 5 rows words.
 */
export function parseTesseractTsv(tsv: string): OcrLine[] {
  const lines: OcrLine[] = [];
  let current: OcrLine | null = null;
  for (const row of tsv.split("\n")) {
    const f = row.split("\t");
    if (f.length < 12 || !/^\d+$/.test(f[0])) continue; // header or blank
    const level = Number(f[0]);
    const [left, top, width, height] = [f[6], f[7], f[8], f[9]].map(Number);
    const bbox = { x0: left, y0: top, x1: left + width, y1: top + height };
    if (level === 4) {
      current = { bbox, words: [] };
      lines.push(current);
    } else if (level === 5 && current) {
      const text = f.slice(11).join("\t");
      if (text.trim()) current.words.push({ text, confidence: Number(f[10]), bbox });
    }
  }
  return lines.filter((l) => l.words.length);
}

function nativeEngine(version: string, tessdata: string): OcrEngine {
  return {
    id: `tesseract-${version}/eng-4.0.0-lstm`,
    async recognize(image, opts) {
      const args = ["stdin", "stdout", "--tessdata-dir", tessdata, "-l", "eng", "--oem", "1", "--psm", String(opts.psm), "--dpi", String(Math.round(opts.dpi))];
      args.push("-c", "debug_file=/dev/null", "-c", "tessedit_create_tsv=1");
      // a page takes 1-3 s; a minute means something is wrong with this image
      const tsv = await withSlot(() => run(TESSERACT_BIN, args, toPgm(image), 60_000));
      return parseTesseractTsv(tsv);
    },
  };
}

/**
 * The native engine, or null where the `tesseract` binary does not run (not installed) or the
 * bundled model cannot be unpacked. Tests and benchmarks use it to compare engines.
 */
export async function nativeOcrEngine(): Promise<OcrEngine | null> {
  try {
    const out = await run(TESSERACT_BIN, ["--version"], null, 10_000);
    return nativeEngine(/tesseract\s+v?(\S+)/i.exec(out)?.[1] ?? "unknown", await bundledTessdataDir());
  } catch {
    return null;
  }
}

/** The tesseract.js engine, whatever getOcrEngine chose (tests, benchmarks). */
export const tesseractJsEngine: OcrEngine = tesseractJs;

let engine: Promise<OcrEngine> | null = null;

/**
 * The OCR engine for a caller's `preference` (ParseOptions.ocrEngine): "tesseract.js" (default) is
 * the WebAssembly engine; "native" is the binary where it runs (chosen once per process), else
 * tesseract.js. OCR_ENGINE overrides both: "tesseract.js" always the fallback, "native" always the
 * binary (rejects with an Error where it does not run).
 */
export function getOcrEngine(preference: "native" | "tesseract.js" = "tesseract.js"): Promise<OcrEngine> {
  const wanted = EnvSchema.shape.OCR_ENGINE.parse(process.env.OCR_ENGINE);
  if (wanted !== "native" && (preference === "tesseract.js" || wanted === "tesseract.js")) return Promise.resolve(tesseractJs);
  if (!engine) {
    engine = (async () => {
      const native = await nativeOcrEngine();
      if (native) return native;
      if (wanted === "native") throw new Error("OCR_ENGINE=native, but the tesseract binary does not run here (apt-get install tesseract-ocr)");
      return tesseractJs;
    })();
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}
