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
import type { DecisionTree, FormularyRow, ParsedDocument, RosterMember } from "~/clinical/contracts";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { runPipeline } from "~/clinical/pipeline/run-pipeline";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { formatScore, scoreReports, type CaseReport, type Expected } from "~/evaluation/score";

const argv = process.argv.slice(2);
const setDir = argv.find((a, i) => !a.startsWith("--") && !["--case", "--out"].includes(argv[i - 1]))!;
const only = argv.includes("--case") ? argv[argv.indexOf("--case") + 1] : null;
const verbose = argv.includes("--verbose");
const out = argv.includes("--out") ? argv[argv.indexOf("--out") + 1] : null;
const cacheDir = path.resolve("tmp/.parsed");
/** bump when the document parser changes what it produces (the cache is keyed by it) */
const PARSER_VERSION = "2026-11-27.ocr200-cb";
/** the day the plan "received" every case, as the intake's received_at would be (today) */
const RECEIVED = new Date().toISOString().slice(0, 10);
fs.mkdirSync(cacheDir, { recursive: true });

let parse: ((b: Uint8Array, o?: { ocrDpi?: number }) => Promise<ParsedDocument>) | null = null;
async function parsed(file: string): Promise<ParsedDocument> {
  const bytes = fs.readFileSync(file);
  // OCR_DPI (an experiment knob) is part of the cache key
  const key = crypto.createHash("sha1").update(bytes).update(PARSER_VERSION).update(process.env.OCR_DPI ?? "").digest("hex");
  const cached = path.join(cacheDir, `${key}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, "utf8"));
  if (!parse) parse = (await import("~/documents/parse-pdf.server")).parseDocument;
  const doc = await parse(new Uint8Array(bytes), process.env.OCR_DPI ? { ocrDpi: Number(process.env.OCR_DPI) } : {});
  fs.writeFileSync(cached, JSON.stringify(doc));
  return doc;
}

const manifest = JSON.parse(fs.readFileSync(path.join(setDir, "manifest.json"), "utf8"));
const roster: RosterMember[] = (manifest.members ?? []).map((m: RosterMember) => ({ gender: null, plan_identification: null, coverage_end: null, ...m }));
const formulary: FormularyRow[] = (manifest.formulary ?? []).map((f: FormularyRow) => ({ ndc: null, tier: null, requires_prior_auth: true, quantity_limit: null, step_therapy: [], ...f }));
const trees = new Map<string, DecisionTree>();
for (const p of manifest.policies ?? []) {
  const doc = await parsed(path.join(setDir, p.file));
  trees.set(p.id, generateDecisionTree(doc, { drug_names: p.drug_names ?? [p.id], title: p.drug_names?.[0] ?? p.id, documentName: "policy" }));
}
const caseIds: string[] = (manifest.cases ?? fs.readdirSync(path.join(setDir, "cases")).sort()).filter((c: string) => !only || c === only);
const reports: CaseReport[] = [];
const t0 = performance.now();
for (const caseId of caseIds) {
  const doc = await parsed(path.join(setDir, "cases", caseId, "fax.pdf"));
  const t = performance.now();
  const r = await runPipeline({ caseDoc: doc, roster, formulary, policies: (manifest.policies ?? []).map((p: { id: string; drug_names: string[] }) => ({ id: p.id, drug_names: p.drug_names ?? [p.id] })), loadTree: async (id) => trees.get(id) ?? null, receivedDate: RECEIVED }, builtinAgents);
  const f = r.facts;
  reports.push({
    case_id: caseId,
    decision: r.decision.final_decision,
    confidence: r.decision.confidence_score,
    patient: { first_name: f.patient.first_name, last_name: f.patient.last_name, birth_date: f.patient.birth_date, member_id: f.patient.member_id },
    practitioner: { full_name: f.practitioner.full_name, npi: f.practitioner.npi },
    medication: { drug_name: f.medication.drug_name, ndc: f.medication.ndc },
    diagnoses: f.diagnoses.map((d) => d.code).filter((c): c is string => !!c),
    policy: r.policyId,
    criteria: (r.review?.paths ?? []).flatMap((p) => p.criteria.map((c) => ({ text: `${p.title}: ${c.question}`, outcome: c.outcome, met: c.outcome === "met" ? true : c.outcome === "not_met" ? false : null, reason: c.reason, evidence: c.citations }))),
    seconds: (performance.now() - t) / 1000,
    processing_seconds: (performance.now() - t) / 1000,
    scanned: doc.pages.some((p) => p.ocr),
  });
  const expFile = path.join(setDir, "cases", caseId, "expected.json");
  const exp = fs.existsSync(expFile) ? JSON.parse(fs.readFileSync(expFile, "utf8")) : null;
  const wrong = exp && exp.decision !== r.decision.final_decision;
  if (verbose || wrong) {
    console.log(`\n${wrong ? "✗" : "✓"} ${caseId}: expected ${exp?.decision ?? "?"}, got ${r.decision.final_decision} (${r.decision.rule}, ${r.decision.confidence_score}) — ${exp?.why ?? ""}`);
    console.log(`  request ${f.request_date} (${f.request_date_source}); patient ${f.patient.first_name} ${f.patient.last_name} ${f.patient.birth_date} ${f.patient.member_id}; drug ${f.medication.drug_name}; dx ${f.diagnoses.map((d) => d.code).join(",")}; policy ${r.policyId}`);
    console.log(`  eligibility: ${r.eligibility.eligible} (${r.eligibility.certainty}) ${r.eligibility.reason.slice(0, 160)}`);
    console.log(`  summary: ${r.decision.ai_summary.slice(0, 300)}`);
    for (const e of r.review?.exclusions ?? []) if (e.outcome !== "not_met") console.log(`  EXCL [${e.outcome}] ${e.question.slice(0, 90)} — ${e.reason.slice(0, 200)}`);
    if (r.review?.indication) console.log(`  indication: ${r.review.indication.status} ${r.review.indication.branches.map((b) => `${b.title}=${b.score}`).join(", ")}`);
    for (const p of r.review?.paths ?? []) {
      console.log(`  path ${p.title}: ${p.outcome}`);
      for (const c of p.criteria) console.log(`    [${c.outcome}${c.confidence && c.confidence !== "high" ? "/" + c.confidence : ""}] ${c.question.slice(0, 100)} — ${c.reason.slice(0, 220)}`);
    }
  }
}
const expected = new Map<string, Expected>();
for (const c of caseIds) {
  const f = path.join(setDir, "cases", c, "expected.json");
  if (fs.existsSync(f)) expected.set(c, JSON.parse(fs.readFileSync(f, "utf8")));
}
console.log(`\n${caseIds.length} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
if (expected.size) console.log(formatScore(scoreReports(reports, expected)).split("\nmismatches:")[0]);
if (out) fs.writeFileSync(out, JSON.stringify(reports, null, 2));
process.exit(0);
