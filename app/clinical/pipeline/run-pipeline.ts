/**
 * The one clinical pipeline: extraction → eligibility → policy selection → clinical review → audit →
 * decision, with every engine's proposal going through the decision rules
 * (decide/apply-decision-rules.ts). Intake, prompt re-runs, evaluation and the demo all call this;
 * they differ only in the agents they pass (built-in or model, see `ClinicalAgents`) and in the hooks
 * they use to record progress. Database-free.
 */
import type { AuditFinding, CaseFacts, DecisionResult, DecisionTree, EligibilityResult, FormularyRow, ParsedDocument, ReviewResult, RosterMember } from "../contracts";
import { applyDecisionRules, type Proposal } from "../decide/apply-decision-rules";
import { applyRuleEffects, evaluateRules, type OrgRule, type RuleFiring, type RuleSkip } from "../rules/apply-ai-rules";

/** The five agents behind one interface; the built-in engine and a model both implement it. */
export interface ClinicalAgents {
  engine: "builtin" | "openai";
  model: string | null;
  extract(doc: ParsedDocument, opts: { documentName: string; formulary: FormularyRow[]; knownDrugNames: string[]; roster: RosterMember[] }): Promise<CaseFacts>;
  /** deterministic on both engines: roster lookups are not a model's job */
  eligibility(facts: CaseFacts, roster: RosterMember[], formulary: FormularyRow[], opts: { ocrConfidence: number; receivedDate?: string | null }): EligibilityResult;
  selectPolicy(facts: CaseFacts, policies: { id: string; drug_names: string[] }[], opts: { caseDoc: ParsedDocument; formulary: FormularyRow[] }): string | null;
  review(input: { facts: CaseFacts; caseDoc: ParsedDocument; documentName: string; tree: DecisionTree; policyId: string; eligibility: EligibilityResult }): Promise<ReviewResult>;
  audit(input: { facts: CaseFacts; caseDoc: ParsedDocument; documentName: string; eligibility: EligibilityResult; review: ReviewResult | null; rules: OrgRule[]; drugNames: string[] }): Promise<AuditFinding[]>;
  /** a model's own reading of the case (the built-in engine proposes nothing beyond the rules) */
  propose?(input: { facts: CaseFacts; eligibility: EligibilityResult; review: ReviewResult | null; audit: AuditFinding[] }): Promise<Proposal>;
}

export interface PipelineInputs {
  caseDoc: ParsedDocument;
  /** name citations use for the case document ("fax" | "epa") */
  documentName?: string;
  roster: RosterMember[];
  formulary: FormularyRow[];
  /** the plan's coverage policies with ready trees */
  policies: { id: string; drug_names: string[] }[];
  loadTree(policyId: string): Promise<DecisionTree | null>;
  /** the organisation's active AI rules (rules/apply-ai-rules.ts), applied at their stage */
  rules?: OrgRule[];
  /** the case's plan id (AI rules scoped to plans) */
  planId?: string | null;
  /** YYYY-MM-DD the plan received the request (an upper bound of the request date), when known */
  receivedDate?: string | null;
}

export type StageName = "extraction" | "eligibility" | "clinical_review" | "audit" | "decision";

/** Progress and record keeping around each stage (the intake stores agent runs and publishes steps). */
export interface PipelineHooks {
  /** a new live step starts (2 extraction + eligibility, 3 review, 4 audit, 5 decision) */
  step?(n: 2 | 3 | 4 | 5, message: string): Promise<void>;
  /** wraps one agent call (timing, input/output records); must return fn's result */
  run?<T>(agent: StageName, step: number, engine: { engine: string; model: string | null }, input: unknown, fn: () => Promise<T>): Promise<T>;
}

export interface PipelineResult {
  facts: CaseFacts;
  eligibility: EligibilityResult;
  policyId: string | null;
  tree: DecisionTree | null;
  review: ReviewResult | null;
  audit: AuditFinding[];
  decision: DecisionResult;
  engine: { engine: string; model: string | null };
  /** AI rules that fired (or could not be applied), in stage order */
  rules?: { fired: RuleFiring[]; skipped: RuleSkip[] };
}

/** Mean OCR confidence of a document's OCR pages (1 when every page has a text layer). */
export function documentOcrConfidence(doc: ParsedDocument): number {
  const ocr = doc.pages.filter((p) => p.ocr && p.confidence != null);
  return ocr.length ? ocr.reduce((s, p) => s + (p.confidence ?? 0), 0) / ocr.length : 1;
}

/**
 * Run the pipeline on one case. Stops after `opts.stopAfter` (prompt re-runs of one stage); the
 * skipped results are left empty. Errors of an agent propagate (the intake retries the job).
 */
export async function runPipeline(inputs: PipelineInputs, agents: ClinicalAgents, hooks: PipelineHooks = {}, opts: { stopAfter?: StageName } = {}): Promise<PipelineResult> {
  const engine = { engine: agents.engine, model: agents.model };
  const builtin = { engine: "builtin", model: null };
  const run = hooks.run ?? (<T>(_a: StageName, _s: number, _e: unknown, _i: unknown, fn: () => Promise<T>) => fn());
  const documentName = inputs.documentName ?? "fax";
  const ocr = documentOcrConfidence(inputs.caseDoc);
  const knownDrugNames = [...new Set([...inputs.formulary.map((f) => f.drug_name), ...inputs.policies.flatMap((p) => p.drug_names)])];

  await hooks.step?.(2, "Extracting the request and checking eligibility");
  const extracted = await run("extraction", 2, engine, { document: documentName, pages: inputs.caseDoc.page_count }, () => agents.extract(inputs.caseDoc, { documentName, formulary: inputs.formulary, knownDrugNames, roster: inputs.roster }));
  // a fax that carries no date at all is judged as of the day the plan received it (see RequestDateSource)
  const facts = !extracted.request_date && inputs.receivedDate ? { ...extracted, request_date: inputs.receivedDate, request_date_source: "received_date" as const } : extracted;
  const eligibility = await run("eligibility", 2, builtin, { roster_size: inputs.roster.length }, async () => agents.eligibility(facts, inputs.roster, inputs.formulary, { ocrConfidence: ocr, receivedDate: inputs.receivedDate ?? null }));
  const empty = (): PipelineResult => ({ facts, eligibility, policyId: null, tree: null, review: null, audit: [], decision: applyDecisionRules({ facts, caseDoc: inputs.caseDoc, eligibility, review: null, audit: [], ocrConfidence: ocr }), engine });
  if (opts.stopAfter === "extraction" || opts.stopAfter === "eligibility") return empty();
  const rules = inputs.rules ?? [];
  const fired: RuleFiring[] = [];
  const skipped: RuleSkip[] = [];
  const applyStage = (stage: "eligibility" | "clinical" | "audit") => {
    if (!rules.length) return;
    const r = evaluateRules(rules, stage, { facts, eligibility, caseDoc: inputs.caseDoc, planId: inputs.planId ?? null });
    fired.push(...r.fired);
    skipped.push(...r.skipped);
  };
  applyStage("eligibility");

  await hooks.step?.(3, "Reviewing the coverage policy criteria");
  const policyId = agents.selectPolicy(facts, inputs.policies, { caseDoc: inputs.caseDoc, formulary: inputs.formulary });
  const tree = policyId ? await inputs.loadTree(policyId) : null;
  const review = tree && policyId ? await run("clinical_review", 3, engine, { coverage_policy_id: policyId }, () => agents.review({ facts, caseDoc: inputs.caseDoc, documentName, tree, policyId, eligibility })) : null;
  applyStage("clinical");
  if (opts.stopAfter === "clinical_review") return { ...empty(), policyId, tree, review };

  await hooks.step?.(4, "Running audit checks");
  const audit = await run("audit", 4, engine, { rules: inputs.rules?.length ?? 0 }, () => agents.audit({ facts, caseDoc: inputs.caseDoc, documentName, eligibility, review, rules: inputs.rules ?? [], drugNames: tree?.drug_names ?? [] }));
  applyStage("audit");
  if (opts.stopAfter === "audit") return { ...empty(), policyId, tree, review, audit };

  await hooks.step?.(5, "Making a decision");
  const decide = async (): Promise<DecisionResult> => {
    const proposal = agents.propose ? await agents.propose({ facts, eligibility, review, audit }) : undefined;
    const ruled = applyDecisionRules({ facts, caseDoc: inputs.caseDoc, eligibility, review, audit, ocrConfidence: ocr }, proposal);
    // the model's words when the rules agree with its proposal; the lower of the two confidences
    if (proposal && proposal.final_decision === ruled.final_decision && proposal.ai_summary) return { ...ruled, confidence_score: Math.min(ruled.confidence_score, proposal.confidence_score ?? 1), ai_summary: proposal.ai_summary, rationale: `${ruled.rationale}\n\nModel rationale: ${proposal.rationale ?? ""}`.trim() };
    // the rules overruled the model: say so, with the model's own words, for the reviewer
    if (proposal && proposal.final_decision !== ruled.final_decision) {
      const said = `The model proposed ${proposal.final_decision.replace(/_/g, " ")}${proposal.ai_summary ? `: ${proposal.ai_summary}` : ""}`;
      return { ...ruled, ai_summary: `${ruled.ai_summary} (${said})`, rationale: `${ruled.rationale}\n\n${said} The decision rules decide this case regardless of the model's assessment.${proposal.rationale ? ` Model rationale: ${proposal.rationale}` : ""}` };
    }
    return ruled;
  };
  // the organisation's AI rules that fired: named in the trail; they can hold an approval, never deny
  const decision = await run("decision", 5, engine, { rules_fired: fired.map((f) => f.name) }, async () => applyRuleEffects(await decide(), fired, skipped));
  return { facts, eligibility, policyId, tree, review, audit, decision, engine, ...(rules.length ? { rules: { fired, skipped } } : {}) };
}
