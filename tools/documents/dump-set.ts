/**
 * Dump the parsed text of an evaluation set for inspection and for other stages' development.
 *
 *   npm run engine:dump-set -- <eval-set-dir> <out-dir> [case-id ...]
 *   e.g. npm run engine:dump-set -- fixtures/corpus/commercial tmp/engine-text
 *
 * Writes <out>/cases/<case-id>.json (ParsedDocument of cases/<case-id>/fax.pdf) and .txt, and
 * <out>/policies/<id>.json|.txt for policies/<id>.pdf. The .txt joins pages with "\n\f\n", each
 * page starting with a "=== page N (ocr|text) ===" header line.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { ParsedDocument } from "~/documents/types";
import { parseDocument, terminateOcrWorker } from "~/documents/parse-pdf.server";

/** Plain-text rendering of a parsed document (pages joined with "\n\f\n", with header lines). */
function documentToText(doc: ParsedDocument): string {
  return doc.pages
    .map((p) => {
      const conf = p.ocr && p.confidence != null ? ` conf=${p.confidence.toFixed(2)}` : "";
      return `=== page ${p.page} (${p.ocr ? "ocr" : "text"}) ===${conf ? "" : ""}\n${p.text}`;
    })
    .join("\n\f\n");
}

async function dumpOne(pdf: string, outBase: string): Promise<{ pages: number; ocr: number; secs: number }> {
  const t0 = performance.now();
  const doc = await parseDocument(readFileSync(pdf));
  writeFileSync(`${outBase}.json`, JSON.stringify(doc));
  writeFileSync(`${outBase}.txt`, documentToText(doc) + "\n");
  return { pages: doc.page_count, ocr: doc.pages.filter((p) => p.ocr).length, secs: (performance.now() - t0) / 1000 };
}

async function main() {
  const [setDir, outDir] = process.argv.slice(2);
  if (!setDir || !outDir) {
    console.error("usage: npm run engine:dump-set -- <eval-set-dir> <out-dir> [case-id ...]");
    process.exit(2);
  }
  const only = new Set(process.argv.slice(4));
  mkdirSync(path.join(outDir, "cases"), { recursive: true });
  mkdirSync(path.join(outDir, "policies"), { recursive: true });
  const casesDir = path.join(setDir, "cases");
  const jobs: [string, string][] = [];
  if (existsSync(casesDir)) {
    for (const id of readdirSync(casesDir).sort()) {
      const fax = path.join(casesDir, id, "fax.pdf");
      if (existsSync(fax) && (!only.size || only.has(id))) jobs.push([fax, path.join(outDir, "cases", id)]);
    }
  }
  const polDir = path.join(setDir, "policies");
  if (existsSync(polDir) && !only.size) {
    for (const f of readdirSync(polDir).sort()) {
      if (f.toLowerCase().endsWith(".pdf")) jobs.push([path.join(polDir, f), path.join(outDir, "policies", f.replace(/\.pdf$/i, ""))]);
    }
  }
  let failed = 0;
  for (const [pdf, base] of jobs) {
    try {
      const r = await dumpOne(pdf, base);
      console.log(`${path.relative(setDir, pdf)}: ${r.pages} pages (${r.ocr} ocr) in ${r.secs.toFixed(1)} s`);
    } catch (err) {
      failed++;
      console.error(`${path.relative(setDir, pdf)}: FAILED ${(err as Error).message}`);
    }
  }
  await terminateOcrWorker();
  if (failed) process.exitCode = 1;
}

await main();
