/**
 * The one clinical pipeline: extraction → eligibility → policy selection → clinical review → audit →
 * decision, with every engine's proposal going through the decision rules
 * (decide/apply-decision-rules.ts). Intake, prompt re-runs, evaluation and the demo all call this;
 * they differ only in the agents they pass (built-in or model, see `ClinicalAgents`) and in the hooks
 * they use to record progress. Database-free.
 */
import { treeForCode } from "../policy/code-sections";
import type {
  AuditFinding,
  CaseFacts,
  DecisionResult,
  DecisionTree,
  EligibilityResult,
  FormularyRow,
  ParsedDocument,
  ReviewResult,
  RosterMember,
  ServiceLine,
  ServiceLineResult,
  TreeNode,
} from "../contracts";
import { extractServiceLines, isPreServiceRequest } from "../extract/service-lines";
import { codeListed } from "../policy/visit-limits";
import { applyDecisionRules, type Proposal } from "../decide/apply-decision-rules";
import { applyRuleEffects, evaluateRules, type OrgRule, type RuleFiring, type RuleSkip } from "../rules/apply-ai-rules";
import { applyFeeSchedule, type FeeScheduleRow, type PriorServiceLine } from "../review/fee-schedule";
import { isDrugCode } from "../vocabulary/hcpcs";

/** The five agents behind one interface; the built-in engine and a model both implement it. */
export interface ClinicalAgents {
  engine: "builtin" | "openai";
  model: string | null;
  extract(doc: ParsedDocument, opts: { documentName: string; formulary: FormularyRow[]; knownDrugNames: string[]; roster: RosterMember[] }): Promise<CaseFacts>;
  /** deterministic on both engines: roster lookups are not a model's job */
  eligibility(
    facts: CaseFacts,
    roster: RosterMember[],
    formulary: FormularyRow[],
    opts: { ocrConfidence: number; receivedDate?: string | null },
  ): EligibilityResult;
  selectPolicy(facts: CaseFacts, policies: { id: string; drug_names: string[] }[], opts: { caseDoc: ParsedDocument; formulary: FormularyRow[] }): string | null;
  review(input: {
    facts: CaseFacts;
    caseDoc: ParsedDocument;
    documentName: string;
    tree: DecisionTree;
    policyId: string;
    eligibility: EligibilityResult;
  }): Promise<ReviewResult>;
  audit(input: {
    facts: CaseFacts;
    caseDoc: ParsedDocument;
    documentName: string;
    eligibility: EligibilityResult;
    review: ReviewResult | null;
    rules: OrgRule[];
    drugNames: string[];
  }): Promise<AuditFinding[]>;
  /**
   * The service lines of a medical claim / medical request (HCPCS/CPT code, units, dates, place of
   * service, modifiers, providers). Optional: an engine without its own reader uses the built-in one.
   */
  extractServices?(doc: ParsedDocument, opts: { documentName: string }): Promise<ServiceLine[]>;
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
  /** this plan's payer names (organization, plan title, plan ID): requests naming another payer are routed */
  payerNames?: string[];
  /**
   * Values a reviewer corrected on the case (issue 24, item 6), laid over what extraction read before
   * eligibility, review and the decision run, so a re-run decides on the corrected member, prescriber
   * and drug. Returns the facts to use; absent when nothing was corrected.
   */
  correctFacts?: (facts: CaseFacts) => CaseFacts;
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
export async function runPipeline(
  inputs: PipelineInputs,
  agents: ClinicalAgents,
  hooks: PipelineHooks = {},
  opts: { stopAfter?: StageName } = {},
): Promise<PipelineResult> {
  const engine = { engine: agents.engine, model: agents.model };
  const builtin = { engine: "builtin", model: null };
  const run = hooks.run ?? (<T>(_a: StageName, _s: number, _e: unknown, _i: unknown, fn: () => Promise<T>) => fn());
  const documentName = inputs.documentName ?? "fax";
  const ocr = documentOcrConfidence(inputs.caseDoc);
  const knownDrugNames = [...new Set([...inputs.formulary.map((f) => f.drug_name), ...inputs.policies.flatMap((p) => p.drug_names)])];

  await hooks.step?.(2, "Extracting the request and checking eligibility");
  const extracted = await run("extraction", 2, engine, { document: documentName, pages: inputs.caseDoc.page_count }, () =>
    agents.extract(inputs.caseDoc, { documentName, formulary: inputs.formulary, knownDrugNames, roster: inputs.roster }),
  );
  // a fax that carries no date at all is judged as of the day the plan received it (see RequestDateSource)
  const dated =
    !extracted.request_date && inputs.receivedDate
      ? { ...extracted, request_date: inputs.receivedDate, request_date_source: "received_date" as const }
      : extracted;
  const facts = inputs.correctFacts ? inputs.correctFacts(dated) : dated;
  const eligibility = await run("eligibility", 2, builtin, { roster_size: inputs.roster.length }, async () =>
    agents.eligibility(facts, inputs.roster, inputs.formulary, { ocrConfidence: ocr, receivedDate: inputs.receivedDate ?? null }),
  );
  const empty = (): PipelineResult => ({
    facts,
    eligibility,
    policyId: null,
    tree: null,
    review: null,
    audit: [],
    decision: applyDecisionRules({ facts, caseDoc: inputs.caseDoc, eligibility, review: null, audit: [], ocrConfidence: ocr, payerNames: inputs.payerNames }),
    engine,
  });
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
  const review =
    tree && policyId
      ? await run("clinical_review", 3, engine, { coverage_policy_id: policyId }, () =>
          agents.review({ facts, caseDoc: inputs.caseDoc, documentName, tree, policyId, eligibility }),
        )
      : null;
  applyStage("clinical");
  if (opts.stopAfter === "clinical_review") return { ...empty(), policyId, tree, review };

  await hooks.step?.(4, "Running audit checks");
  const audit = await run("audit", 4, engine, { rules: inputs.rules?.length ?? 0 }, () =>
    agents.audit({ facts, caseDoc: inputs.caseDoc, documentName, eligibility, review, rules: inputs.rules ?? [], drugNames: tree?.drug_names ?? [] }),
  );
  applyStage("audit");
  if (opts.stopAfter === "audit") return { ...empty(), policyId, tree, review, audit };

  await hooks.step?.(5, "Making a decision");
  const decide = async (): Promise<DecisionResult> => {
    const proposal = agents.propose ? await agents.propose({ facts, eligibility, review, audit }) : undefined;
    const ruled = applyDecisionRules(
      { facts, caseDoc: inputs.caseDoc, eligibility, review, audit, ocrConfidence: ocr, payerNames: inputs.payerNames },
      proposal,
    );
    // the model's words when the rules agree with its proposal; the lower of the two confidences
    if (proposal && proposal.final_decision === ruled.final_decision && proposal.ai_summary)
      return {
        ...ruled,
        confidence_score: Math.min(ruled.confidence_score, proposal.confidence_score ?? 1),
        ai_summary: proposal.ai_summary,
        rationale: `${ruled.rationale}\n\nModel rationale: ${proposal.rationale ?? ""}`.trim(),
      };
    // the rules overruled the model: say so, with the model's own words, for the reviewer
    if (proposal && proposal.final_decision !== ruled.final_decision) {
      const said = `The model proposed ${proposal.final_decision.replace(/_/g, " ")}${proposal.ai_summary ? `: ${proposal.ai_summary}` : ""}`;
      return {
        ...ruled,
        ai_summary: `${ruled.ai_summary} (${said})`,
        rationale: `${ruled.rationale}\n\n${said} The decision rules decide this case regardless of the model's assessment.${proposal.rationale ? ` Model rationale: ${proposal.rationale}` : ""}`,
      };
    }
    return ruled;
  };
  // the organisation's AI rules that fired: named in the trail; they can hold an approval, never deny
  const decision = await run("decision", 5, engine, { rules_fired: fired.map((f) => f.name) }, async () => applyRuleEffects(await decide(), fired, skipped));
  return { facts, eligibility, policyId, tree, review, audit, decision, engine, ...(rules.length ? { rules: { fired, skipped } } : {}) };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Medical services: the same stages, once per service line

export interface ServicePipelineInputs extends Omit<PipelineInputs, "policies" | "formulary"> {
  /** the plan's medical policies with ready trees and the HCPCS/CPT codes each governs */
  policies: { id: string; codes: string[] }[];
  /**
   * facts and service lines already read from a structured submission (an X12 837P: every value
   * from its segment, cited): the extraction stage takes them as they are instead of reading the document
   */
  extracted?: { facts: CaseFacts; services: ServiceLine[] };
  /** the plan's fee schedule (frequency and unit limits per code), applied after each line's decision */
  feeSchedule?: FeeScheduleRow[];
  /**
   * earlier claims' service lines of the member (`memberId` as read, matched on the roster) for the
   * fee schedule's codes; not denied ones only. Absent offline (a set has no claim history).
   */
  priorServiceLines?: (memberId: string, codes: string[]) => Promise<PriorServiceLine[]>;
}

export interface ServicePipelineResult {
  facts: CaseFacts;
  services: ServiceLine[];
  eligibility: EligibilityResult;
  audit: AuditFinding[];
  lines: ServiceLineResult[];
  /** the lines combined (FORMAT.md): approved when all are, denied when all are, else needs more information when any does, else denied */
  decision: DecisionResult;
  engine: { engine: string; model: string | null };
  /**
   * the document is a pre-service request (a prior-authorization form, isPreServiceRequest), not a claim
   * for services rendered: its units span the authorization period and its lines are never earlier
   * services of a later claim. Always false for lines given already mapped (an 837P).
   */
  pre_service: boolean;
}

/** The policy governing a service code: the first whose code list holds it (case- and space-insensitive). */
export function selectServicePolicy(code: string | null, policies: { id: string; codes: string[] }[]): string | null {
  if (!code) return null;
  const want = code.trim().toUpperCase();
  return policies.find((p) => p.codes.some((c) => c.trim().toUpperCase() === want))?.id ?? null;
}

/** heading words that name a disease or disorder rather than a service (kept as an indication question) */
const DISEASE_TITLE_RE =
  /\b(?:disease|disorder|syndrome|deficiency|infection|cancer|carcinoma|lymphoma|leukemia|leukaemia|tumou?r|neoplasm|\w+itis|\w+osis|\w+emia|\w+aemia|\w+pathy|\w+oma)\b/i;

/**
 * The tree a service line is walked on. A medical policy is chosen by the line's HCPCS/CPT code, so
 * the service it covers is already established: a single "which covered indication?" question whose
 * only branch the reader could not tie to a condition (the policy's title, e.g. "MRI of the Lumbar
 * Spine") asks nothing the code has not answered, and is spliced out (its children hang from its
 * parent). Diagnosis requirements stay: they are criteria of their own. Any other tree is unchanged.
 */
export function treeForService(tree: DecisionTree, code: string | null = null, whole: DecisionTree = tree): DecisionTree {
  type Spec = { kind?: string; codes?: string[]; procedure?: string[] } | null;
  const specOf = (n: DecisionTree["nodes"][number]) => (n.criterion as { spec?: Spec } | null)?.spec ?? null;
  const gatedByCodeList = tree.nodes.some((n) => specOf(n)?.kind === "line_diagnosis");
  /** the heading names the line's own service: it lists the line's code; or it carries the words the
   * policy itself ties to codes (a limit on "Diagnostic MBBs" read with the procedure "branch block"
   * and 64490-64495) and every such tie it matches (in the whole policy, `whole`) includes the line's
   * code — a heading whose words also name another code's procedure names no one service */
  const namesLineService = (title: string): boolean => {
    const want = code?.trim().toUpperCase();
    if (!want) return false;
    const listed = [...title.matchAll(/\b[A-Z]?\d{4}[0-9A-Z]?(?:\s*[-–]\s*[A-Z]?\d{4}[0-9A-Z]?)?\b/g)].map((m) => m[0].replace(/\s+/g, "").replace("–", "-"));
    if (listed.length) return codeListed(want, listed);
    const t = title.toLowerCase();
    const ties = whole.nodes
      .map(specOf)
      .filter((s): s is NonNullable<Spec> => !!s?.codes?.length && (s.procedure ?? []).some((p) => p.length >= 4 && t.includes(p.toLowerCase())));
    return ties.length > 0 && ties.every((s) => codeListed(want, s.codes!));
  };
  const single = tree.nodes.find((n) => {
    const c = n.criterion as {
      role?: string;
      branches?: { title?: string; understood?: boolean; conditions?: string[]; icd10?: string[]; phrases?: string[] }[];
    } | null;
    const b = c?.branches?.length === 1 ? c.branches[0] : null;
    return (
      c?.role === "indication" &&
      !!b &&
      !b.conditions?.length &&
      !b.icd10?.length &&
      // no phrases; or only the words of a heading the reader could not tie to any condition (a
      // section title such as "Diagnostic facet joint procedures (MBB)") in a policy that gates the
      // line's diagnosis itself, by its own ICD-10-CM list for the line's code (a line_diagnosis
      // rule): the code and that list have answered it. A heading that reads as a disease the
      // vocabulary lacks stays, and so does every title of a policy without such a list (the
      // question is then the only diagnosis gate the reader found).
      (!b.phrases?.length ||
        (b.understood === false && gatedByCodeList && namesLineService(b.title ?? "") && !DISEASE_TITLE_RE.test(b.title ?? b.phrases.join(" "))))
    );
  });
  if (tree.nodes.filter((n) => (n.criterion as { role?: string } | null)?.role === "indication").length !== 1) return tree;
  if (!single) return withoutIdleIndication(tree);
  // the indication question's own "None of the listed indications" denial goes with it; its branch
  // edge takes the question's place, with the question's incoming label ("No" after an exclusion)
  const noneLeaves = new Set(tree.nodes.filter((n) => n.parent_id === single.id && /^none of/i.test(n.condition ?? "")).map((n) => n.id));
  const nodes = tree.nodes
    .filter((n) => n.id !== single.id && !noneLeaves.has(n.id))
    .map((n) => (n.parent_id === single.id ? { ...n, parent_id: single.parent_id, condition: single.parent_id ? single.condition : null } : n));
  const edges = tree.edges
    .filter((e) => e.target !== single.id && !noneLeaves.has(e.target))
    .map((e) => (e.source === single.id ? (single.parent_id ? { ...e, source: single.parent_id, condition: single.condition } : null) : e))
    .filter((e): e is NonNullable<typeof e> => !!e);
  return { ...tree, nodes, edges };
}

/**
 * A line's tree whose one indication question no longer chooses anything: the policy's indication
 * sections were written for its other codes (treeForCode took their criteria away), so every branch
 * now asks the same questions in the same order (the policy's common criteria for this code, e.g. a
 * billing note's frequency rule), and no branch is gated by a condition or an ICD-10-CM code. Which
 * branch the request is "for" cannot change what is checked, so the question is spliced out: the
 * first branch's route hangs from the question's parent, the other branches and the question's own
 * "None of the listed indications" denial go with it. Any other tree is returned unchanged (a
 * branch with a diagnosis gate or its own criteria keeps the question). Pure.
 */
export function withoutIdleIndication(tree: DecisionTree): DecisionTree {
  const q = tree.nodes.find((n) => (n.criterion as { role?: string } | null)?.role === "indication");
  const branches = (q?.criterion as { branches?: { conditions?: string[]; icd10?: string[] }[] } | null)?.branches ?? [];
  if (!q || branches.length < 2 || branches.some((b) => b.conditions?.length || b.icd10?.length)) return tree;
  const children = tree.nodes.filter((n) => n.parent_id === q.id);
  const routes = children.filter((n) => !/^none of/i.test(n.condition ?? ""));
  const none = children.filter((n) => !routes.includes(n));
  if (routes.length < 2 || none.some((n) => tree.nodes.some((x) => x.parent_id === n.id))) return tree;
  const below = (id: string): DecisionTree["nodes"] => {
    const out: DecisionTree["nodes"] = [];
    const walk = (pid: string) => {
      for (const n of tree.nodes.filter((x) => x.parent_id === pid)) {
        out.push(n);
        walk(n.id);
      }
    };
    walk(id);
    return out;
  };
  const shape = (root: DecisionTree["nodes"][number]) =>
    [root, ...below(root.id)].map((n) => (n.node_type === "question" ? `Q:${n.question}` : `A:${n.node_action ?? ""}`)).join("\n");
  const first = shape(routes[0]);
  if (!routes[0].node_type || routes[0].node_type !== "question" || routes.some((r) => shape(r) !== first)) return tree;
  const dropped = new Set<string>([q.id, ...none.map((n) => n.id), ...routes.slice(1).flatMap((r) => [r.id, ...below(r.id).map((n) => n.id)])]);
  const keep = routes[0];
  const nodes = tree.nodes
    .filter((n) => !dropped.has(n.id))
    .map((n) => (n.id === keep.id ? { ...n, parent_id: q.parent_id, condition: q.parent_id ? q.condition : null } : n));
  const edges = [
    ...tree.edges.filter((e) => !dropped.has(e.source) && !dropped.has(e.target) && e.target !== keep.id),
    ...(q.parent_id ? [{ source: q.parent_id, target: keep.id, condition: q.condition }] : []),
  ];
  return { ...tree, nodes, edges };
}

const UNITS_LIMIT_RE =
  /\b(?:no more than|not (?:to )?exceed|maximum of|max(?:imum)?|up to|limit(?:ed)? to)\s+(\d{1,4})\s+units?\b[^.]{0,40}?\bper\s+(?:date of service|day|visit|session)\b/i;

/**
 * A policy's units-per-date-of-service limit ("no more than 4 units per date of service"), read from
 * its tree (node questions and the notes printed under criteria), with the policy passage; null
 * when the policy states none. Source: the policy text (MUE-style unit limits, CMS NCCI).
 */
export function unitsPerDateOfServiceLimit(tree: DecisionTree): { max: number; text: string; passage: TreeNode["passage"] } | null {
  for (const n of tree.nodes) {
    const spec = (n.criterion as { spec?: { note?: string; text?: string } } | null)?.spec;
    for (const text of [n.question, spec?.note ?? "", spec?.text ?? "", n.reason ?? ""]) {
      const m = UNITS_LIMIT_RE.exec(text);
      if (m) return { max: Number(m[1]), text: m[0], passage: n.passage };
    }
  }
  return null;
}

/**
 * Adds the units check of a service line to its review: met when the line's units are within the
 * policy's per-date-of-service limit; clearly not met (quoted from the fax line, read with high
 * confidence) when they exceed it, which makes every path fail (a denial by rule (a)).
 */
export function withUnitsCheck(review: ReviewResult, tree: DecisionTree, line: ServiceLine): ReviewResult {
  const limit = unitsPerDateOfServiceLimit(tree);
  if (!limit || line.units == null) return review;
  const over = line.units > limit.max;
  const result = {
    node_id: "units-per-date-of-service",
    question: `Units per date of service within the policy limit (${limit.text})`,
    outcome: over ? ("not_met" as const) : ("met" as const),
    reason: over
      ? `${line.units} units of ${line.code} on one date of service exceed the policy's limit of ${limit.max}.`
      : `${line.units} unit(s) of ${line.code} are within the limit of ${limit.max} per date of service.`,
    citations: [...line.citations.slice(0, 1), ...(limit.passage ? [limit.passage] : [])],
    evidence: "direct" as const,
    confidence: "high" as const,
  };
  const paths = review.paths.map((p) => ({ ...p, outcome: over ? ("not_met" as const) : p.outcome, criteria: [...p.criteria, result] }));
  const verdict = over ? { approved: false, denied: true, open_nodes: [] } : review.verdict;
  return { ...review, paths, ...(verdict ? { verdict } : {}) };
}

/**
 * The facts a service line is reviewed on: the case's facts with the service as the requested item,
 * dated on its date of service, and the line with the claim's lines (`claimLines`, for visit maximums)
 * and, when the intake could look them up, the member's earlier paid lines (`prior`, the claims
 * history a billing note's frequency rule counts; null: not looked up, never "none").
 */
export function factsForLine(facts: CaseFacts, line: ServiceLine, claimLines: ServiceLine[] = [line], prior: PriorServiceLine[] | null = null): CaseFacts {
  const name = [line.code, line.description].filter(Boolean).join(" ");
  return {
    ...facts,
    request_date: line.date_of_service ?? facts.request_date,
    service_line: {
      code: line.code,
      date_of_service: line.date_of_service,
      modifiers: line.modifiers,
      place_of_service: line.place_of_service,
      units: line.units,
      claim_lines: claimLines.map((l) => ({ code: l.code, date_of_service: l.date_of_service, modifiers: l.modifiers, units: l.units })),
      ...(prior ? { prior_lines: prior.map((p) => ({ ...p, modifiers: p.modifiers ?? [] })) } : {}),
      ...(line.diagnosis_codes?.length ? { diagnosis_codes: line.diagnosis_codes } : {}),
    },
    medication: {
      ...facts.medication,
      drug_name: name || null,
      drug_name_as_written: name || null,
      generic_name: null,
      ndc: null,
      quantity: line.units,
      quantity_unit: "units",
      days_supply: null,
      citations: line.citations.slice(0, 1),
    },
  };
}

/**
 * Whether a CPT code is a drug administration service: hydration, therapeutic injection and infusion
 * (96360–96379) or chemotherapy and complex biologic administration (96401–96549). Source: AMA CPT
 * Medicine section, Drug Administration Services.
 */
export function isAdministrationCode(code: string | null): boolean {
  const n = code && /^\d{5}$/.test(code.trim()) ? Number(code.trim()) : NaN;
  return (n >= 96360 && n <= 96379) || (n >= 96401 && n <= 96549);
}

export { isDrugCode };

/**
 * The drug lines an administration line gives: lines of the same claim billing a drug under the same
 * medical policy on the same date of service. Empty for any other line.
 */
export function administeredDrugLines(line: ServiceLineResult, all: ServiceLineResult[]): ServiceLineResult[] {
  if (!isAdministrationCode(line.line.code) || !line.policyId || !line.line.date_of_service) return [];
  return all.filter((d) => d !== line && isDrugCode(d.line.code) && d.policyId === line.policyId && d.line.date_of_service === line.line.date_of_service);
}

/**
 * The review of an administration line given with drug lines: its one criterion is that the drug given
 * that day is covered — met when every drug line is approved, otherwise open (never failed: a denied
 * drug line may still be payable in part, so a reviewer decides the administration).
 */
export function administrationReview(line: ServiceLineResult, drugs: ServiceLineResult[]): ReviewResult {
  const finals = drugs.map((d) => d.decision.final_decision);
  // a denied drug line leaves the administration to a reviewer (the drug may be payable in part, e.g.
  // up to a units limit): the engine never denies a line on another line's failure
  const outcome = finals.every((f) => f === "approved") ? "met" : "insufficient";
  const names = drugs.map((d) => `line ${d.line.line_number} (${d.line.code})`).join(", ");
  const reason =
    outcome === "met"
      ? `The drug given on ${line.line.date_of_service} is covered: ${names} approved.`
      : `The administration follows the drug given on ${line.line.date_of_service}, which is not approved: ${names} ${finals.join(", ").replace(/_/g, " ")}; a reviewer decides the administration.`;
  const citations = [...line.line.citations.slice(0, 1), ...drugs.flatMap((d) => d.decision.citations.slice(0, 2))];
  const result = {
    node_id: "administered-drug-covered",
    question: `The drug administered with ${line.line.code} on the same date is covered under the policy`,
    outcome,
    reason,
    citations,
    evidence: "direct" as const,
    confidence: "high" as const,
    ...(outcome === "insufficient" ? { missing: drugs.flatMap((d) => d.decision.missing_items ?? []).join("; ") || null } : {}),
  } as const;
  return {
    policy_id: line.policyId,
    paths: [{ title: "Administration of the drug given that day", outcome, criteria: [result] }],
    traversal: [],
    verdict: { approved: outcome === "met", denied: false, open_nodes: outcome === "met" ? [] : [result.node_id] },
  };
}

/**
 * Combines line decisions into the case decision (../shared/eval/FORMAT.md): approved when every line
 * is approved, denied when every line is denied, otherwise needs more information when any line
 * needs it, else denied. No lines → needs more information (the services must be requested).
 */
export function combineLineDecisions(lines: ServiceLineResult[]): DecisionResult {
  const ds = lines.map((l) => l.decision);
  const all = (d: string) => ds.length > 0 && ds.every((x) => x.final_decision === d);
  const final = !ds.length
    ? "needs_more_information"
    : all("approved")
      ? "approved"
      : all("denied")
        ? "denied"
        : ds.some((x) => x.final_decision === "needs_more_information")
          ? "needs_more_information"
          : "denied";
  const summary = ds.length
    ? lines.map((l) => `${l.line.code ?? "?"}: ${l.decision.final_decision.replace(/_/g, " ")}`).join("; ")
    : "No service line with a HCPCS/CPT code could be read from the request.";
  return {
    final_decision: final,
    confidence_score: ds.length ? Math.min(...ds.map((d) => d.confidence_score)) : 0.5,
    ai_summary: summary,
    rationale: ds.length ? lines.map((l) => `Line ${l.line.line_number} (${l.line.code}): ${l.decision.rationale}`).join("\n\n") : summary,
    citations: ds.flatMap((d) => d.citations).slice(0, 20),
    decision_tree_traversal: [],
    missing_items: ds.length ? ds.flatMap((d) => d.missing_items ?? []) : ["The service lines requested (HCPCS/CPT code, units, date of service)"],
    rule: "service_lines",
  };
}

/**
 * The clinical pipeline for a medical claim or medical request: extraction (case facts and service
 * lines) → eligibility → per line: policy by code, clinical review on the policy's tree, decision by
 * the same rule book (decide/apply-decision-rules.ts) → audit once for the case. Same agents, same
 * hooks and same steps (2–5) as runPipeline. Database-free.
 */
export async function runServicePipeline(inputs: ServicePipelineInputs, agents: ClinicalAgents, hooks: PipelineHooks = {}): Promise<ServicePipelineResult> {
  const engine = { engine: agents.engine, model: agents.model };
  const builtin = { engine: "builtin", model: null };
  const run = hooks.run ?? (<T>(_a: StageName, _s: number, _e: unknown, _i: unknown, fn: () => Promise<T>) => fn());
  const documentName = inputs.documentName ?? "fax";
  const ocr = documentOcrConfidence(inputs.caseDoc);
  const codes = inputs.policies.flatMap((p) => p.codes);

  await hooks.step?.(2, "Extracting the services requested and checking eligibility");
  const given = inputs.extracted;
  const extracted = await run(
    "extraction",
    2,
    given ? builtin : engine,
    { document: documentName, pages: inputs.caseDoc.page_count, structured: !!given },
    async () => {
      if (given) return given;
      const facts = await agents.extract(inputs.caseDoc, { documentName, formulary: [], knownDrugNames: codes, roster: inputs.roster });
      const services = agents.extractServices
        ? await agents.extractServices(inputs.caseDoc, { documentName })
        : extractServiceLines(inputs.caseDoc, documentName, codes);
      return { facts, services };
    },
  );
  const facts =
    !extracted.facts.request_date && inputs.receivedDate
      ? { ...extracted.facts, request_date: inputs.receivedDate, request_date_source: "received_date" as const }
      : extracted.facts;
  const services = extracted.services;
  const preService = !given && isPreServiceRequest(inputs.caseDoc, documentName, codes);
  const eligibility = await run("eligibility", 2, builtin, { roster_size: inputs.roster.length }, async () =>
    agents.eligibility(facts, inputs.roster, [], { ocrConfidence: ocr, receivedDate: inputs.receivedDate ?? null }),
  );

  // the member's earlier paid lines of the policies' codes (a billing note's frequency rule counts
  // them: policy/code-frequency.ts); none looked up when the member is not identified
  const historyId = eligibility.member?.member_id ?? null;
  const history = historyId && inputs.priorServiceLines ? await inputs.priorServiceLines(historyId, codes) : null;

  await hooks.step?.(3, "Reviewing each service line against the medical policies");
  const reviewed = await run("clinical_review", 3, engine, { lines: services.length }, async () => {
    const out: {
      line: ServiceLine;
      policyId: string | null;
      tree: DecisionTree | null;
      review: ReviewResult | null;
      lineFacts: CaseFacts;
      lineEligibility: EligibilityResult;
    }[] = [];
    for (const line of services) {
      const lineFacts = factsForLine(facts, line, services, history);
      // eligibility is judged on the line's date of service (FORMAT.md)
      const lineEligibility =
        line.date_of_service && line.date_of_service !== facts.request_date
          ? agents.eligibility(lineFacts, inputs.roster, [], { ocrConfidence: ocr, receivedDate: inputs.receivedDate ?? null })
          : eligibility;
      const policyId = selectServicePolicy(line.code, inputs.policies);
      const loaded = policyId ? await inputs.loadTree(policyId) : null;
      // the questions of sections written for other codes of the policy are no questions of this line
      const tree = loaded ? treeForService(treeForCode(loaded, line.code), line.code, loaded) : null;
      const reviewed =
        tree && policyId
          ? await agents.review({ facts: lineFacts, caseDoc: inputs.caseDoc, documentName, tree, policyId, eligibility: lineEligibility })
          : null;
      const review = reviewed && tree ? withUnitsCheck(reviewed, tree, line) : reviewed;
      out.push({ line, policyId, tree, review, lineFacts, lineEligibility });
    }
    return out;
  });

  await hooks.step?.(4, "Running audit checks");
  const audit = await run("audit", 4, engine, { rules: inputs.rules?.length ?? 0 }, () =>
    agents.audit({ facts, caseDoc: inputs.caseDoc, documentName, eligibility, review: null, rules: inputs.rules ?? [], drugNames: [] }),
  );

  await hooks.step?.(5, "Making a decision per service line");
  const lines = await run("decision", 5, engine, {}, async () => {
    // case-level audit findings about the drug request do not apply to a service line; blocking identity findings do
    const lineAudit = audit.filter((a) => !/medication|drug|ndc|quantity/i.test(a.check));
    const decide = (r: (typeof reviewed)[number], review: ReviewResult | null): ServiceLineResult => ({
      line: r.line,
      policyId: r.policyId,
      tree: r.tree,
      review,
      decision: applyDecisionRules({
        facts: r.lineFacts,
        caseDoc: inputs.caseDoc,
        eligibility: r.lineEligibility,
        review,
        audit: lineAudit,
        ocrConfidence: ocr,
      }),
    });
    const out = reviewed.map((r) => decide(r, r.review));
    // an administration code billed with the drug it gives is decided by that drug line, never by the
    // drug's own criteria read again for the administration
    const decided = out.map((l, i) => {
      const drugs = administeredDrugLines(l, out);
      return drugs.length ? decide(reviewed[i], administrationReview(l, drugs)) : l;
    });
    const schedule = inputs.feeSchedule ?? [];
    if (!schedule.length) return decided;
    const memberId = eligibility.member?.member_id ?? null;
    const prior =
      memberId && inputs.priorServiceLines
        ? await inputs.priorServiceLines(
            memberId,
            schedule.map((r) => r.code),
          )
        : [];
    // (on a prior-authorization request the units are those asked for over the authorization period)
    return applyFeeSchedule(decided, schedule, inputs.caseDoc, prior, !!eligibility.member, preService);
  });
  return { facts, services, eligibility, audit, lines, decision: combineLineDecisions(lines), engine, pre_service: preService };
}
