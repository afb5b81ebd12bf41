/**
 * Seconds per page of parseDocument over an evaluation set, split by text-layer and OCR pages.
 *
 *   npx tsx bench/ocr.ts [/work/shared/eval/dev]
 *
 * The OCR worker is warmed first (its start-up time is printed separately); each page's time is
 * the interval between successive onPage callbacks (the first page includes opening the PDF).
 * Not a test: prints median / p95 / mean / max and exits.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument, terminateOcrWorker } from "../app/documents/parse-pdf.server";
import { getOcrWorker } from "../app/documents/ocr.server";

const setDir = process.argv[2] ?? "/work/shared/eval/dev";

function files(): string[] {
  const out: string[] = [];
  const cases = path.join(setDir, "cases");
  if (existsSync(cases)) {
    for (const id of readdirSync(cases).sort()) {
      const f = path.join(cases, id, "fax.pdf");
      if (existsSync(f)) out.push(f);
    }
  }
  const pol = path.join(setDir, "policies");
  if (existsSync(pol)) for (const f of readdirSync(pol).sort()) if (f.endsWith(".pdf")) out.push(path.join(pol, f));
  return out;
}

function stats(xs: number[]) {
  if (!xs.length) return "n=0";
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `n=${s.length} median=${q(0.5).toFixed(3)}s p95=${q(0.95).toFixed(3)}s mean=${mean.toFixed(3)}s max=${s.at(-1)!.toFixed(3)}s`;
}

async function main() {
  const t0 = performance.now();
  await getOcrWorker();
  console.log(`OCR worker start-up: ${((performance.now() - t0) / 1000).toFixed(2)}s`);
  const text: number[] = [];
  const ocr: number[] = [];
  const conf: number[] = [];
  for (const f of files()) {
    const times: number[] = [];
    let last = performance.now();
    const doc = await parseDocument(readFileSync(f), {
      onPage: () => {
        const now = performance.now();
        times.push((now - last) / 1000);
        last = now;
      },
    });
    doc.pages.forEach((p, i) => {
      (p.ocr ? ocr : text).push(times[i]);
      if (p.ocr && p.confidence != null) conf.push(p.confidence);
    });
    const o = doc.pages.filter((p) => p.ocr).length;
    console.log(`${path.relative(setDir, f)}: ${doc.page_count} pages (${o} ocr) ${times.reduce((a, b) => a + b, 0).toFixed(2)}s`);
  }
  console.log(`text-layer pages: ${stats(text)}`);
  console.log(`OCR pages:        ${stats(ocr)}`);
  if (conf.length) console.log(`OCR confidence:   mean=${(conf.reduce((a, b) => a + b, 0) / conf.length).toFixed(3)} min=${Math.min(...conf).toFixed(3)}`);
  await terminateOcrWorker();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
