/**
 * Records the OCR results the corpus tests read (fixtures/ocr-recorded/<corpus>-<set>.json.gz, see
 * app/evaluation/recorded-ocr-cache.ts): parses every policy and case PDF of each set exactly as its
 * test does (app/evaluation/corpus-parsers.ts), OCRing only page images not yet recorded, and
 * rewrites the set's file with the entries used. No test timeout applies, so it also finishes on a
 * busy machine.
 *
 *   npm run corpus:ocr-record                  # every set of fixtures/corpus and fixtures/corpus-claims
 *   npm run corpus:ocr-record -- bayou-la      # the named sets only
 */
import fs from "node:fs";
import path from "node:path";
import { terminateOcrWorker } from "~/documents/parse-pdf.server";
import { corpusParsers } from "~/evaluation/corpus-parsers";
import { recordedOcrCache, recordedOcrFile } from "~/evaluation/recorded-ocr-cache";

const roots = { corpus: path.resolve("fixtures/corpus"), "corpus-claims": path.resolve("fixtures/corpus-claims") } as const;
const only = new Set(process.argv.slice(2));

for (const [corpus, root] of Object.entries(roots) as ["corpus" | "corpus-claims", string][]) {
  const sets = fs
    .readdirSync(root)
    .filter((n) => fs.existsSync(path.join(root, n, "manifest.json")) && (only.size === 0 || only.has(n)))
    .sort();
  for (const name of sets) {
    const t0 = performance.now();
    const dir = path.join(root, name);
    const cache = recordedOcrCache(recordedOcrFile(corpus, name));
    const parsers = corpusParsers(cache);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as { policies?: { file: string }[] };
    for (const p of manifest.policies ?? []) await parsers.policy(path.join(dir, p.file));
    const cases = fs.readdirSync(path.join(dir, "cases")).sort();
    for (const id of cases) await (corpus === "corpus-claims" ? parsers.claim : parsers.request)(path.join(dir, "cases", id, "fax.pdf"));
    cache.flush(true);
    const { hits, misses } = cache.stats();
    console.log(`${corpus}/${name}: ${hits + misses} OCR results (${misses} read now) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}
await terminateOcrWorker();
