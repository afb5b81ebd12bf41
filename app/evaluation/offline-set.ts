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
import { runPipeline, runServicePipeline, type PipelineResult, type ServicePipelineResult } from "~/clinical/pipeline/run-pipeline";
import type { ServiceCaseReport } from "./score-services";
import { normaliseFeeSchedule, type FeeScheduleRow, type PriorServiceLine } from "~/clinical/review/fee-schedule";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import type { CaseReport, Expected } from "./score";

export interface OfflineSet {
  dir: string;
  roster: RosterMember[];
  formulary: FormularyRow[];
  policies: { id: string; drug_names: string[] }[];
  /** the set's medical policies (manifest `kind: "medical"`) with the HCPCS/CPT codes each governs */
  medicalPolicies: { id: string; codes: string[] }[];
  trees: Map<string, DecisionTree>;
  caseIds: string[];
  /** expected.json per case id (cases without one are run, not scored) */
  expected: Map<string, Expected & { why?: string }>;
  /** the plan's payer names (title, identification), as the intake gives them: other payers' requests are routed */
  payerNames: string[];
  /** the plan's fee schedule (manifest `fee_schedule`): frequency and unit limits per code */
  feeSchedule: FeeScheduleRow[];
  /**
   * the members' earlier paid service lines (manifest `claims_history`: `{ member_id, code, units,
   * date_of_service, modifiers?, note }`), as the claim intake reads them from the member's earlier claims
   */
  claimsHistory: (PriorServiceLine & { member_id: string; note: string })[];
}

/**
 * Reads a manifest's `claims_history` rows leniently: rows without a member, a code, whole units or
 * an ISO date are dropped. Each becomes a prior service line of that member (source: its note).
 */
export function normaliseClaimsHistory(rows: unknown): (PriorServiceLine & { member_id: string; note: string })[] {
  if (!Array.isArray(rows)) return [];
  const out: (PriorServiceLine & { member_id: string; note: string })[] = [];
  for (const r of rows as Record<string, unknown>[]) {
    const member = typeof r?.member_id === "string" ? r.member_id.trim() : "";
    const code = typeof r?.code === "string" ? r.code.trim() : "";
    const units = Number(r?.units);
    const date = typeof r?.date_of_service === "string" ? r.date_of_service : "";
    if (!member || !code || !Number.isFinite(units) || units < 0 || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const note = typeof r.note === "string" && r.note.trim() ? r.note.trim() : "paid";
    const modifiers = Array.isArray(r.modifiers)
      ? r.modifiers.filter((m): m is string => typeof m === "string" && !!m.trim()).map((m) => m.trim().toUpperCase())
      : [];
    out.push({ member_id: member, code, units, date_of_service: date, modifiers, note, source: `paid claim of ${date} (claims history: ${note})` });
  }
  return out;
}

/**
 * Reads `dir`'s manifest, parses its policy PDFs with `parse` and compiles their decision trees.
 * Throws when manifest.json is missing or not JSON.
 */
export async function loadOfflineSet(dir: string, parse: (file: string) => Promise<ParsedDocument>): Promise<OfflineSet> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const roster: RosterMember[] = (manifest.members ?? []).map(
    (m: Partial<RosterMember>) => ({ gender: null, plan_identification: null, coverage_end: null, ...m }) as RosterMember,
  );
  const formulary: FormularyRow[] = (manifest.formulary ?? []).map(
    (f: Partial<FormularyRow>) => ({ ndc: null, tier: null, requires_prior_auth: true, quantity_limit: null, step_therapy: [], ...f }) as FormularyRow,
  );
  type ManifestPolicy = { id: string; file: string; kind?: string; drug_names?: string[]; codes?: string[] };
  const all: ManifestPolicy[] = manifest.policies ?? [];
  const policies = all.filter((p) => p.kind !== "medical").map((p) => ({ id: p.id, drug_names: p.drug_names ?? [p.id] }));
  const medicalPolicies = all.filter((p) => p.kind === "medical").map((p) => ({ id: p.id, codes: p.codes ?? [] }));
  const trees = new Map<string, DecisionTree>();
  for (const p of all) {
    const doc = await parse(path.join(dir, p.file));
    const names = p.kind === "medical" ? (p.codes ?? [p.id]) : (p.drug_names ?? [p.id]);
    trees.set(p.id, generateDecisionTree(doc, { drug_names: names, title: p.kind === "medical" ? p.id : (p.drug_names?.[0] ?? p.id), documentName: "policy" }));
  }
  const caseIds: string[] = manifest.cases ?? fs.readdirSync(path.join(dir, "cases")).sort();
  const expected = new Map<string, Expected & { why?: string }>();
  for (const c of caseIds) {
    const f = path.join(dir, "cases", c, "expected.json");
    if (fs.existsSync(f)) expected.set(c, JSON.parse(fs.readFileSync(f, "utf8")));
  }
  const payerNames = [manifest.plan?.title, manifest.plan?.identification].filter((x): x is string => typeof x === "string" && x.length > 0);
  const feeSchedule = normaliseFeeSchedule(manifest.fee_schedule);
  const claimsHistory = normaliseClaimsHistory(manifest.claims_history);
  return { dir, roster, formulary, policies, medicalPolicies, trees, caseIds, expected, payerNames, feeSchedule, claimsHistory };
}

/**
 * Decides one case of the set on its parsed fax `doc`; `receivedDate` (YYYY-MM-DD) is the day the
 * plan received it. Returns the pipeline result and the report row the scorer reads.
 */
export async function runOfflineCase(
  set: OfflineSet,
  caseId: string,
  doc: ParsedDocument,
  receivedDate: string,
): Promise<{ result: PipelineResult; report: CaseReport }> {
  const t = performance.now();
  const r = await runPipeline(
    {
      caseDoc: doc,
      roster: set.roster,
      formulary: set.formulary,
      policies: set.policies,
      loadTree: async (id) => set.trees.get(id) ?? null,
      receivedDate,
      payerNames: set.payerNames,
    },
    builtinAgents,
  );
  const f = r.facts;
  const seconds = (performance.now() - t) / 1000;
  return {
    result: r,
    report: {
      case_id: caseId,
      decision: r.decision.final_decision,
      confidence: r.decision.confidence_score,
      rule: r.decision.rule ?? null,
      patient: { first_name: f.patient.first_name, last_name: f.patient.last_name, birth_date: f.patient.birth_date, member_id: f.patient.member_id },
      practitioner: { full_name: f.practitioner.full_name, npi: f.practitioner.npi },
      medication: { drug_name: f.medication.drug_name, ndc: f.medication.ndc },
      diagnoses: f.diagnoses.map((d) => d.code).filter((c): c is string => !!c),
      policy: r.policyId,
      criteria: (r.review?.paths ?? []).flatMap((p) =>
        p.criteria.map((c) => ({
          text: `${p.title}: ${c.question}`,
          outcome: c.outcome,
          met: c.outcome === "met" ? true : c.outcome === "not_met" ? false : null,
          reason: c.reason,
          evidence: c.citations,
        })),
      ),
      seconds,
      processing_seconds: seconds,
      scanned: doc.pages.some((p) => p.ocr),
    },
  };
}

/**
 * Decides one medical case of the set (service lines against the set's medical policies) with the
 * same runServicePipeline and built-in agents the claim intake uses. Returns the result and the
 * per-line report the service scorer reads.
 */
export async function runOfflineServiceCase(
  set: OfflineSet,
  caseId: string,
  doc: ParsedDocument,
  receivedDate: string,
): Promise<{ result: ServicePipelineResult; report: ServiceCaseReport }> {
  const r = await runServicePipeline(
    {
      caseDoc: doc,
      roster: set.roster,
      policies: set.medicalPolicies,
      loadTree: async (id) => set.trees.get(id) ?? null,
      receivedDate,
      feeSchedule: set.feeSchedule,
      // the member's earlier paid lines, matched on the member ID as the intake matches its own claims
      priorServiceLines: async (memberId, codes) => {
        const want = new Set(codes.map((c) => c.trim().toUpperCase()));
        const id = memberId.trim().toUpperCase();
        return set.claimsHistory
          .filter((h) => h.member_id.toUpperCase() === id && want.has(h.code.toUpperCase()))
          .map(({ member_id: _m, note: _n, ...line }) => line);
      },
    },
    builtinAgents,
  );
  return {
    result: r,
    report: serviceReport(
      caseId,
      r,
      doc.pages.some((p) => p.ocr),
    ),
  };
}

/** The per-line report of a service pipeline result (shared with the database evaluation). */
export function serviceReport(
  caseId: string,
  r: Pick<ServicePipelineResult, "decision" | "lines" | "facts">,
  scanned: boolean,
  seconds: number | null = null,
): ServiceCaseReport {
  const { patient, practitioner } = r.facts;
  return {
    case_id: caseId,
    decision: r.decision.final_decision,
    scanned,
    patient: { first_name: patient.first_name, last_name: patient.last_name, birth_date: patient.birth_date, member_id: patient.member_id },
    practitioner: { full_name: practitioner.full_name, npi: practitioner.npi },
    diagnoses: r.facts.diagnoses.map((d) => d.code).filter((c): c is string => !!c),
    seconds,
    services: r.lines.map((l) => ({
      code: l.line.code,
      units: l.line.units,
      modifiers: l.line.modifiers,
      date_of_service: l.line.date_of_service,
      place_of_service: l.line.place_of_service,
      policy: l.policyId,
      decision: l.decision.final_decision,
      confidence: l.decision.confidence_score,
      criteria: (l.review?.paths ?? []).flatMap((p) =>
        p.criteria.map((c) => ({ text: c.question, outcome: c.outcome, reason: c.reason, evidence: c.citations })),
      ),
    })),
  };
}
