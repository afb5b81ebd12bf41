/**
 * Recorded OCR results of a fixture set: an OcrCache (documents/ocr-cache.ts) backed by a gzipped
 * JSON file committed beside the fixtures, so the corpus tests render and clean up every scanned
 * page as the intake does but do not run tesseract again on page images it has already read.
 *
 * Sound by construction: entries are keyed by ocrCacheKey (a SHA-256 of the exact cleaned-up page
 * image, the OCR engine's id and version, its model, page segmentation mode, dpi and the way the
 * image was cut), so a change to rendering, clean-up, the engine or its version misses the cache and
 * OCRs the page; a recorded entry is only ever what the same engine read from the same pixels.
 *
 * Recording: `npm run corpus:ocr-record` (tools/clinical/record-corpus-ocr.ts) reads every corpus
 * set as its test does and rewrites each file by `flush(true)` with exactly the entries used (stale
 * ones dropped), keys sorted, gzip without a timestamp, so the same reading writes the same bytes;
 * a test run with OCR_RECORD=1 does the same for its set.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { OcrCache } from "~/documents/ocr-cache";
import type { OcrLine } from "~/documents/ocr.server";

export const RECORDED_OCR_ROOT = path.resolve(import.meta.dirname, "../../fixtures/ocr-recorded");

export interface RecordedOcrCache extends OcrCache {
  /** page images found in the file / OCR'd in this process so far */
  stats(): { hits: number; misses: number };
  /**
   * When `record` (default: OCR_RECORD=1 in the environment), writes the entries used by this run
   * and returns true; otherwise does nothing and returns false.
   */
  flush(record?: boolean): boolean;
}

/**
 * The recorded OCR results in `file` (a `.json.gz` of `{ [ocrCacheKey]: OcrLine[] }`; a missing
 * file is an empty cache). Results OCR'd during the run are also kept in memory for the rest of
 * it. @throws Error when the file exists but is not gzipped JSON of that shape.
 */
export function recordedOcrCache(file: string): RecordedOcrCache {
  const recorded = new Map<string, OcrLine[]>();
  if (fs.existsSync(file)) {
    const json: unknown = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8"));
    if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${file}: not a map of OCR results`);
    for (const [k, v] of Object.entries(json)) {
      if (!Array.isArray(v)) throw new Error(`${file}: entry ${k} is not a list of OCR lines`);
      recorded.set(k, v as OcrLine[]);
    }
  }
  const used = new Map<string, OcrLine[]>();
  let hits = 0;
  let misses = 0;
  return {
    async get(key) {
      const lines = used.get(key) ?? recorded.get(key) ?? null;
      if (lines) {
        hits++;
        used.set(key, lines);
      } else misses++;
      return lines;
    },
    async put(key, lines) {
      used.set(key, lines);
    },
    stats: () => ({ hits, misses }),
    flush(record = process.env.OCR_RECORD === "1") {
      if (!record) return false;
      const out: Record<string, OcrLine[]> = {};
      for (const k of [...used.keys()].sort()) out[k] = used.get(k)!;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(out), { level: 9 }));
      return true;
    },
  };
}

/**
 * The recorded OCR file of fixture set `name` of `corpus` ("corpus" or "corpus-claims"):
 * fixtures/ocr-recorded/<corpus>-<name>.json.gz (outside the set folders, which build.ts rewrites).
 */
export function recordedOcrFile(corpus: "corpus" | "corpus-claims", name: string): string {
  return path.join(RECORDED_OCR_ROOT, `${corpus}-${name}.json.gz`);
}

/**
 * After a run: records the file (OCR_RECORD=1) or, when pages were OCR'd because the file lacks
 * them, says so on stderr (the test stays right, only slower: record again after a change to
 * rendering, clean-up or the OCR engine).
 */
export function reportRecordedOcr(label: string, cache: RecordedOcrCache): void {
  const { hits, misses } = cache.stats();
  if (cache.flush()) console.error(`${label}: recorded ${hits + misses} OCR results`);
  else if (misses > 0) console.error(`${label}: ${misses} of ${hits + misses} page images OCR'd (not recorded; npm run corpus:ocr-record)`);
}
