/**
 * Fast engine loop: run an evaluation set (../shared/eval/FORMAT.md layout) through the clinical
 * pipeline (the same runPipeline and built-in agents the intake uses) without the database, queue
 * or worker, and score it. Parsed documents are cached by content hash in tmp/.parsed/.
 *
 *   npx tsx tools/clinical/run-set.ts <set-dir> [--case case-001] [--verbose] [--out report.json]
 *
 * `npm run eval` remains the measurement of record (upload → queue → worker → intake); this tool is
 * for working on the engine.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ParsedDocument } from "~/clinical/contracts";
import { formatScore, scoreReports, type CaseReport } from "~/evaluation/score";
import { loadOfflineSet, runOfflineCase, runOfflineServiceCase } from "~/evaluation/offline-set";
import { formatServiceScore, scoreServices, type ServiceCaseReport } from "~/evaluation/score-services";
import { recordedOcrCache, recordedOcrFile } from "~/evaluation/recorded-ocr-cache";
import type { OcrCache } from "~/documents/ocr-cache";

const argv = process.argv.slice(2);
const setDir = argv.find((a, i) => !a.startsWith("--") && !["--case", "--out"].includes(argv[i - 1]))!;
const only = argv.includes("--case") ? argv[argv.indexOf("--case") + 1] : null;
const verbose = argv.includes("--verbose");
const out = argv.includes("--out") ? argv[argv.indexOf("--out") + 1] : null;
const cacheDir = path.resolve("tmp/.parsed");
/** bump when the document parser changes what it produces (the cache is keyed by it) */
const PARSER_VERSION = "2026-11-29.native-tesseract";
/** the day the plan "received" every case, as the intake's received_at would be (today; RECEIVED_DATE=YYYY-MM-DD to replay another day) */
const RECEIVED = process.env.RECEIVED_DATE ?? new Date().toISOString().slice(0, 10);
fs.mkdirSync(cacheDir, { recursive: true });

let parse: ((b: Uint8Array, o?: { ocrDpi?: number; ocrEngine?: "native" | "tesseract.js"; ocrCache?: OcrCache }) => Promise<ParsedDocument>) | null = null;
// a set of fixtures/corpus or fixtures/corpus-claims reads the OCR results its corpus test recorded
// (fixtures/ocr-recorded/, looked up by page-image hash; a page not recorded is OCRed) — never written
// here. Without OCR_DPI only: another resolution makes other page images.
const corpusOf = path.basename(path.dirname(path.resolve(setDir)));
const recorded: OcrCache | null =
  !process.env.OCR_DPI && (corpusOf === "corpus" || corpusOf === "corpus-claims") && fs.existsSync(recordedOcrFile(corpusOf, path.basename(setDir)))
    ? recordedOcrCache(recordedOcrFile(corpusOf, path.basename(setDir)))
    : null;
/** `engine` as the intake reads it: claims (CMS-1500) faxes with tesseract.js, the rest "native" */
async function parsed(file: string, engine: "native" | "tesseract.js" = "native"): Promise<ParsedDocument> {
  const bytes = fs.readFileSync(file);
  // OCR_DPI (an experiment knob) is part of the cache key
  const key = crypto
    .createHash("sha1")
    .update(bytes)
    .update(PARSER_VERSION)
    .update(process.env.OCR_DPI ?? "")
    .update(engine === "native" ? "" : engine)
    .digest("hex");
  const cached = path.join(cacheDir, `${key}.json`);
  // a cached parse with an unread page may be a transient failure (a busy machine): parsed again
  if (fs.existsSync(cached)) {
    const hit = JSON.parse(fs.readFileSync(cached, "utf8")) as ParsedDocument;
    if (!hit.pages.some((p) => p.error)) return hit;
  }
  if (!parse) parse = (await import("~/documents/parse-pdf.server")).parseDocument;
  const doc = await parse(new Uint8Array(bytes), {
    ...(process.env.OCR_DPI ? { ocrDpi: Number(process.env.OCR_DPI) } : {}),
    ocrEngine: engine,
    ...(recorded ? { ocrCache: recorded } : {}),
  });
  // (an unread page is not cached: the next run reads it again)
  if (!doc.pages.some((p) => p.error)) fs.writeFileSync(cached, JSON.stringify(doc));
  return doc;
}

const set = await loadOfflineSet(setDir, parsed);
const caseIds = set.caseIds.filter((c) => !only || c === only);
const reports: CaseReport[] = [];
const t0 = performance.now();
if (set.medicalPolicies.length) {
  // a medical set: one decision per service line (FORMAT.md "Medical (service) requests and claims")
  const lineReports: ServiceCaseReport[] = [];
  for (const caseId of caseIds) {
    const doc = await parsed(path.join(setDir, "cases", caseId, "fax.pdf"), "tesseract.js");
    const { result: r, report } = await runOfflineServiceCase(set, caseId, doc, RECEIVED);
    lineReports.push(report);
    const exp = set.expected.get(caseId) as { services?: { code: string; decision: string; why?: string }[] } | undefined;
    const wrong = exp?.services?.some((e, i) => report.services[i]?.decision !== e.decision || report.services[i]?.code !== e.code) ?? false;
    if (verbose || wrong) {
      const f = r.facts;
      console.log(
        `\n${wrong ? "✗" : "✓"} ${caseId}: patient ${f.patient.first_name} ${f.patient.last_name} ${f.patient.birth_date} ${f.patient.member_id}; dx ${f.diagnoses.map((d) => d.code).join(",")}; eligible ${r.eligibility.eligible}`,
      );
      for (const [i, l] of r.lines.entries()) {
        const e = exp?.services?.[i];
        console.log(
          `  line ${l.line.code} ${l.line.modifiers.join(",")} x${l.line.units} ${l.line.date_of_service} POS ${l.line.place_of_service} policy ${l.policyId}: ${l.decision.final_decision} (${l.decision.rule}) expected ${e?.code} ${e?.decision} — ${e?.why ?? ""}`,
        );
        if (verbose) console.log(`    summary: ${l.decision.ai_summary.slice(0, 300)}`);
        for (const p of l.review?.paths ?? [])
          for (const c of p.criteria)
            console.log(
              `    [${c.outcome}${c.confidence && c.confidence !== "high" ? "/" + c.confidence : ""}] ${c.question.slice(0, 90)} — ${c.reason.slice(0, 200)}`,
            );
        // an exclusion that applies or may apply (one that clearly does not is not shown)
        for (const c of l.review?.exclusions ?? [])
          if (c.outcome !== "not_met")
            console.log(
              `    exclusion [${c.outcome}${c.confidence && c.confidence !== "high" ? "/" + c.confidence : ""}] ${c.question.slice(0, 90)} — ${c.reason.slice(0, 200)}`,
            );
      }
      if ((exp?.services?.length ?? 0) > r.lines.length)
        console.log(
          `  missing lines: ${exp!
            .services!.slice(r.lines.length)
            .map((e) => e.code)
            .join(", ")}`,
        );
    }
  }
  console.log(`\n${caseIds.length} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(formatServiceScore(scoreServices(lineReports, set.expected as never)));
  if (out) fs.writeFileSync(out, JSON.stringify(lineReports, null, 2));
  process.exit(0);
}
for (const caseId of caseIds) {
  const doc = await parsed(path.join(setDir, "cases", caseId, "fax.pdf"));
  const { result: r, report } = await runOfflineCase(set, caseId, doc, RECEIVED);
  const f = r.facts;
  reports.push(report);
  const exp = set.expected.get(caseId) ?? null;
  const wrong = exp && exp.decision !== r.decision.final_decision;
  if (verbose || wrong) {
    console.log(
      `\n${wrong ? "✗" : "✓"} ${caseId}: expected ${exp?.decision ?? "?"}, got ${r.decision.final_decision} (${r.decision.rule}, ${r.decision.confidence_score}) — ${exp?.why ?? ""}`,
    );
    console.log(
      `  request ${f.request_date} (${f.request_date_source}); patient ${f.patient.first_name} ${f.patient.last_name} ${f.patient.birth_date} ${f.patient.member_id}; drug ${f.medication.drug_name}; dx ${f.diagnoses.map((d) => d.code).join(",")}; policy ${r.policyId}`,
    );
    console.log(`  eligibility: ${r.eligibility.eligible} (${r.eligibility.certainty}) ${r.eligibility.reason.slice(0, 160)}`);
    console.log(`  summary: ${r.decision.ai_summary.slice(0, 300)}`);
    for (const e of r.review?.exclusions ?? [])
      if (e.outcome !== "not_met") console.log(`  EXCL [${e.outcome}] ${e.question.slice(0, 90)} — ${e.reason.slice(0, 200)}`);
    if (r.review?.indication)
      console.log(`  indication: ${r.review.indication.status} ${r.review.indication.branches.map((b) => `${b.title}=${b.score}`).join(", ")}`);
    for (const p of r.review?.paths ?? []) {
      console.log(`  path ${p.title}: ${p.outcome}`);
      for (const c of p.criteria)
        console.log(
          `    [${c.outcome}${c.confidence && c.confidence !== "high" ? "/" + c.confidence : ""}] ${c.question.slice(0, 100)} — ${c.reason.slice(0, 220)}`,
        );
    }
  }
}
const expected = new Map([...set.expected].filter(([c]) => caseIds.includes(c)));
console.log(`\n${caseIds.length} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
if (expected.size) console.log(formatScore(scoreReports(reports, expected)).split("\nmismatches:")[0]);
if (out) fs.writeFileSync(out, JSON.stringify(reports, null, 2));
process.exit(0);
