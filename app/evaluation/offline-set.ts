/**
 * An evaluation set (../shared/eval/FORMAT.md layout) run through the clinical pipeline in-process:
 * the same runPipeline and built-in agents the intake uses, without database, queue or worker.
 * Used by the engine loop (tools/clinical/run-set.ts) and by the corpus tests, which keep the
 * project's own labelled sets (fixtures/corpus) as tests of the reader and the engine.
 * `npm run eval` (upload → queue → worker → intake) stays the measurement of record.
 */
import fs from "node:fs";
import path from "node:path";
import type { DecisionTree, FormularyRow, ParsedDocument, RosterMember } from "~/clinical/contracts";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { runPipeline, type PipelineResult } from "~/clinical/pipeline/run-pipeline";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import type { CaseReport, Expected } from "./score";

export interface OfflineSet {
  dir: string;
  roster: RosterMember[];
  formulary: FormularyRow[];
  policies: { id: string; drug_names: string[] }[];
  trees: Map<string, DecisionTree>;
  caseIds: string[];
  /** expected.json per case id (cases without one are run, not scored) */
  expected: Map<string, Expected & { why?: string }>;
}

/**
 * Reads `dir`'s manifest, parses its policy PDFs with `parse` and compiles their decision trees.
 * Throws when manifest.json is missing or not JSON.
 */
export async function loadOfflineSet(dir: string, parse: (file: string) => Promise<ParsedDocument>): Promise<OfflineSet> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const roster: RosterMember[] = (manifest.members ?? []).map((m: Partial<RosterMember>) => ({ gender: null, plan_identification: null, coverage_end: null, ...m }) as RosterMember);
  const formulary: FormularyRow[] = (manifest.formulary ?? []).map((f: Partial<FormularyRow>) => ({ ndc: null, tier: null, requires_prior_auth: true, quantity_limit: null, step_therapy: [], ...f }) as FormularyRow);
  const policies = (manifest.policies ?? []).map((p: { id: string; drug_names?: string[] }) => ({ id: p.id, drug_names: p.drug_names ?? [p.id] }));
  const trees = new Map<string, DecisionTree>();
  for (const p of manifest.policies ?? []) {
    const doc = await parse(path.join(dir, p.file));
    trees.set(p.id, generateDecisionTree(doc, { drug_names: p.drug_names ?? [p.id], title: p.drug_names?.[0] ?? p.id, documentName: "policy" }));
  }
  const caseIds: string[] = manifest.cases ?? fs.readdirSync(path.join(dir, "cases")).sort();
  const expected = new Map<string, Expected & { why?: string }>();
  for (const c of caseIds) {
    const f = path.join(dir, "cases", c, "expected.json");
    if (fs.existsSync(f)) expected.set(c, JSON.parse(fs.readFileSync(f, "utf8")));
  }
  return { dir, roster, formulary, policies, trees, caseIds, expected };
}

/**
 * Decides one case of the set on its parsed fax `doc`; `receivedDate` (YYYY-MM-DD) is the day the
 * plan received it. Returns the pipeline result and the report row the scorer reads.
 */
export async function runOfflineCase(set: OfflineSet, caseId: string, doc: ParsedDocument, receivedDate: string): Promise<{ result: PipelineResult; report: CaseReport }> {
  const t = performance.now();
  const r = await runPipeline({ caseDoc: doc, roster: set.roster, formulary: set.formulary, policies: set.policies, loadTree: async (id) => set.trees.get(id) ?? null, receivedDate }, builtinAgents);
  const f = r.facts;
  const seconds = (performance.now() - t) / 1000;
  return {
    result: r,
    report: {
      case_id: caseId,
      decision: r.decision.final_decision,
      confidence: r.decision.confidence_score,
      patient: { first_name: f.patient.first_name, last_name: f.patient.last_name, birth_date: f.patient.birth_date, member_id: f.patient.member_id },
      practitioner: { full_name: f.practitioner.full_name, npi: f.practitioner.npi },
      medication: { drug_name: f.medication.drug_name, ndc: f.medication.ndc },
      diagnoses: f.diagnoses.map((d) => d.code).filter((c): c is string => !!c),
      policy: r.policyId,
      criteria: (r.review?.paths ?? []).flatMap((p) => p.criteria.map((c) => ({ text: `${p.title}: ${c.question}`, outcome: c.outcome, met: c.outcome === "met" ? true : c.outcome === "not_met" ? false : null, reason: c.reason, evidence: c.citations }))),
      seconds,
      processing_seconds: seconds,
      scanned: doc.pages.some((p) => p.ocr),
    },
  };
}
