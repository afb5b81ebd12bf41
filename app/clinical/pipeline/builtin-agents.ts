/**
 * The built-in (deterministic, offline) implementation of every agent: the clinical engine of
 * app/clinical. No model, no network.
 */
import { extractCaseFacts } from "../extract/extract-case";
import { checkEligibility } from "../eligibility/check-eligibility";
import { selectPolicy } from "../review/select-policy";
import { reviewCase } from "../review/review-case";
import { auditCase } from "../audit/audit-case";
import type { ClinicalAgents } from "./run-pipeline";

export const builtinAgents: ClinicalAgents = {
  engine: "builtin",
  model: null,
  async extract(doc, opts) {
    return extractCaseFacts(doc, opts);
  },
  eligibility: (facts, roster, formulary, opts) => checkEligibility(facts, roster, formulary, opts),
  selectPolicy: (facts, policies, opts) => selectPolicy(facts, policies, opts),
  async review(input) {
    return reviewCase({
      facts: input.facts,
      caseDoc: input.caseDoc,
      tree: input.tree,
      policyId: input.policyId,
      requestDate: input.facts.request_date,
      requestDateSource: input.facts.request_date_source,
      documentName: input.documentName,
    });
  },
  async audit(input) {
    return auditCase({
      facts: input.facts,
      caseDoc: input.caseDoc,
      eligibility: input.eligibility,
      review: input.review,
      drugNames: input.drugNames,
      rules: input.rules,
      documentName: input.documentName,
    });
  },
};
