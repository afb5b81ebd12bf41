/** Test helper: review (and decide) a synthetic fax against a policy tree (not used by the app). */
import type { CaseFacts, Citation, DecisionTree, EligibilityResult } from "../contracts";
import { applyDecisionRules } from "../decide/apply-decision-rules";
import { extractCaseFacts } from "../extract/extract-case";
import { docFromPages } from "../testing";
import { reviewCase } from "./review-case";

/** An eligible member (the eligibility stage is tested on its own). */
export const ELIGIBLE: EligibilityResult = {
  eligible: true,
  member: null,
  reason: "Member active on the request date.",
  formulary: null,
  citations: [],
  certainty: "clear",
};

/** A diagnosis fact (cited by `reviewText` where its code is written in the fax). */
export const dx = (code: string | null, description: string, primary = true) => ({ code, description, primary, citations: [] as Citation[] });

/**
 * Review one-page fax `text` against `tree` on `requestDate` (read from the fax header). The facts
 * are extracted from the fax as the pipeline does, then overridden by `over`; diagnoses given
 * without citations are cited where their code is written, as extraction would cite them.
 */
export function reviewText(tree: DecisionTree, text: string, over: Partial<CaseFacts> = {}, requestDate = "2026-10-01") {
  const caseDoc = docFromPages([text]);
  const cite = (code: string): Citation[] =>
    text.includes(code) ? [{ document: "fax", page: 1, start: text.indexOf(code), end: text.indexOf(code) + code.length, text: code }] : [];
  const diagnoses = over.diagnoses?.map((d) => (d.citations.length || !d.code ? d : { ...d, citations: cite(d.code) }));
  const facts: CaseFacts = {
    ...extractCaseFacts(caseDoc),
    request_date: requestDate,
    request_date_source: "fax_header",
    ...over,
    ...(diagnoses ? { diagnoses } : {}),
  };
  return { facts, caseDoc, review: reviewCase({ facts, caseDoc, tree, policyId: "p", requestDate }) };
}

/** `reviewText`, then the decision rules for an eligible member with no audit findings. */
export function decideText(tree: DecisionTree, text: string, over: Partial<CaseFacts> = {}, requestDate = "2026-10-01") {
  const r = reviewText(tree, text, over, requestDate);
  const decision = applyDecisionRules({ facts: r.facts, caseDoc: r.caseDoc, eligibility: ELIGIBLE, review: r.review, audit: [] });
  return { ...r, decision };
}
