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
} from "./types";
import { extractCaseFacts } from "./extract";
import { checkEligibility } from "./eligibility";
import { reviewCase, selectPolicy } from "./review/review-case";
import { auditCase, type OrgRule } from "./audit/audit-case";
import { decideCase } from "./decide/decide-case";

export interface BuiltinEngineResult {
  facts: CaseFacts;
  eligibility: EligibilityResult;
  policy_id: string | null;
  review: ReviewResult;
  audit: AuditFinding[];
  decision: DecisionResult;
}

/**
 * Run the built-in (deterministic, offline) engine on one faxed request:
 * extraction → eligibility → policy selection → clinical review → audit → decision.
 *
 * - `caseDoc`: the parsed fax (text layer or OCR pages).
 * - `policies`: each policy's id, covered drug names and decision tree (from generateDecisionTree).
 * - `roster` / `formulary`: the plan's eligibility roster and formulary rows.
 * - `rules`: optional organisation AI rules (see auditCase for condition semantics).
 * No policy matching the requested drug → an empty review and a needs_more_information decision
 * (or denied when the member is ineligible). Never throws for odd documents.
 */
export function runBuiltinEngine(input: {
  caseDoc: ParsedDocument;
  policies: { id: string; drug_names: string[]; tree: DecisionTree }[];
  roster: RosterMember[];
  formulary: FormularyRow[];
  rules?: OrgRule[];
}): BuiltinEngineResult {
  const facts = extractCaseFacts(input.caseDoc, {
    formulary: input.formulary,
    knownDrugNames: input.policies.flatMap((p) => p.drug_names),
  });
  const eligibility = checkEligibility(facts, input.roster, input.formulary);
  const policyId = selectPolicy(facts, input.policies, input.caseDoc);
  const policy = input.policies.find((p) => p.id === policyId) ?? null;
  const requestDate = facts.request_date;
  const review: ReviewResult = policy
    ? reviewCase({ facts, caseDoc: input.caseDoc, tree: policy.tree, policyId: policy.id, requestDate, eligibility })
    : { policy_id: null, paths: [], traversal: [], exclusions: [], indication: { status: "no_diagnosis", branches: [] } };
  const audit = auditCase({ facts, caseDoc: input.caseDoc, eligibility, review, requestDate, drugNames: policy?.drug_names ?? [], rules: input.rules });
  const ocrPages = input.caseDoc.pages.filter((p) => p.ocr && p.confidence != null);
  const ocrConfidence = ocrPages.length ? ocrPages.reduce((s, p) => s + (p.confidence ?? 0), 0) / ocrPages.length : 1;
  let decision = decideCase({ eligibility, review, audit, ocrConfidence });
  if (!policy && decision.final_decision !== "denied") {
    decision = {
      ...decision,
      final_decision: "needs_more_information",
      confidence_score: 0.4,
      ai_summary: "No coverage policy matches the requested drug; manual review needed.",
      rationale: `Requested medication: ${facts.medication?.drug_name ?? "not identified"}.`,
    };
  }
  return { facts, eligibility, policy_id: policyId, review, audit, decision };
}
