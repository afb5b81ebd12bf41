/**
 * Seconds per page of parseDocument over an evaluation set, split by text-layer and OCR pages.
 *
 *   npx tsx bench/ocr.ts [/work/shared/eval/dev]
 *
 * The OCR worker pool is warmed first (its start-up time is printed separately); each page's time
 * is the interval between successive onPage callbacks (the first page includes opening the PDF).
 * Pages of one document run in parallel lanes, so per-page intervals understate a page's own
 * work: the wall clock of each all-OCR (scanned) document and the process CPU seconds per OCR page
 * (main thread + tesseract workers; less sensitive to other load on the machine) are printed too.
 * Not a test: prints median / p95 / mean / max and exits.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument, terminateOcrWorker } from "../app/documents/parse-pdf.server";
import { warmOcrPool } from "../app/documents/ocr.server";

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
  await warmOcrPool();
  console.log(`OCR worker pool start-up: ${((performance.now() - t0) / 1000).toFixed(2)}s`);
  const text: number[] = [];
  const ocr: number[] = [];
  const conf: number[] = [];
  const scanWall: number[] = [];
  let scanCpu = 0;
  let scanPages = 0;
  for (const f of files()) {
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    let last = start;
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
    const wall = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const o = doc.pages.filter((p) => p.ocr).length;
    if (o && o === doc.page_count) {
      scanWall.push(wall);
      scanCpu += (cpu.user + cpu.system) / 1e6;
      scanPages += o;
    }
    console.log(`${path.relative(setDir, f)}: ${doc.page_count} pages (${o} ocr) ${times.reduce((a, b) => a + b, 0).toFixed(2)}s`);
  }
  console.log(`text-layer pages: ${stats(text)}`);
  console.log(`OCR pages:        ${stats(ocr)}`);
  if (scanPages) {
    console.log(`scanned documents (wall): ${stats(scanWall)}`);
    console.log(
      `scanned documents: ${(scanWall.reduce((a, b) => a + b, 0) / scanPages).toFixed(3)}s wall per OCR page, ${(scanCpu / scanPages).toFixed(3)} CPU-s per OCR page`,
    );
  }
  if (conf.length) console.log(`OCR confidence:   mean=${(conf.reduce((a, b) => a + b, 0) / conf.length).toFixed(3)} min=${Math.min(...conf).toFixed(3)}`);
  await terminateOcrWorker();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
