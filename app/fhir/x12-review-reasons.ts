/**
 * X12 review decision reason codes (HCR03 of the X12 278 response; X12 External Code Source 886
 * "Health Care Services Review Decision Reason Codes", system https://codesystem.x12.org/external/886)
 * for the `reasonCode` of a PAS reviewAction (HL7 Da Vinci PAS 2.2.1 extension-reviewAction, bound
 * to ValueSet X12278ReviewDecisionReasonCode, which includes all of code source 886).
 *
 * The package does not enumerate the code source (X12 maintains and licenses it). The codes and
 * displays used here are from the code list as published by X12 (x12.org/codes/service-review-
 * decision-reason-codes) and as carried by OpenEMR's X12 code tables
 * (library/edihistory/codes/edih_271_code_class.php, HCR03); code 25's wording is confirmed by X12
 * RFI 2477. Only the few codes whose meaning matches one of the platform's own reasons are used:
 *
 * | the platform's reason (engine rule or case state)            | action | 886 code                                   |
 * |---------------------------------------------------------------|--------|--------------------------------------------|
 * | deny_criteria: the policy's criteria clearly fail             | A3     | 0F Not Medically Necessary                 |
 * | deny_not_covered: diagnosis outside every covered indication  | A3     | 0R Service Inconsistent with Diagnosis     |
 * | deny_exclusion: a policy exclusion applies                    | A3     | 0M Non-covered Service                     |
 * | a clinical reviewer's denial with no engine denial rule       | A3     | 0F Not Medically Necessary                 |
 * | pend_missing_information, pend_nothing_read                   | A4     | 0U Additional Patient Information required |
 * | pend_needs_review, pend_no_policy, pend_ai_rule, and an AI    | A4     | 0V Requires Medical Review                 |
 * |   denial waiting for a clinical reviewer's sign-off           |        |                                            |
 * | the review is still running, or its intake failed             | A4     | 0W Disposition pending review              |
 *
 * deny_not_eligible (a member not covered) and route_misdirected (another payer's request) have no
 * review-outcome code: 886 codes are not for eligibility or routing (those are X12 AAA rejects,
 * code source 901), so such items carry no reasonCode, only their reason in words (processNote).
 * An AI denial waiting for sign-off is deliberately coded 0V, never with a denial reason: the
 * requester must not read a denial into a pend.
 */

/** Code system of X12 External Code Source 886 as PAS names it. */
export const X12_886_SYSTEM = "https://codesystem.x12.org/external/886";

/** The 886 codes this platform sends, with their X12 displays. */
export const X12_REVIEW_REASONS = {
  "0F": "Not Medically Necessary",
  "0M": "Non-covered Service",
  "0R": "Service Inconsistent with Diagnosis",
  "0U": "Additional Patient Information required",
  "0V": "Requires Medical Review",
  "0W": "Disposition pending review",
} as const;

export type X12ReviewReasonCode = keyof typeof X12_REVIEW_REASONS;

/**
 * Why an item is pended or not certified, as the platform knows it: an engine decision rule
 * (app/clinical/decide/confidence.ts `DecisionRule`, or "pend_ai_rule"), or a case state.
 */
export type ReviewReasonKind =
  | "deny_criteria"
  | "deny_not_covered"
  | "deny_exclusion"
  | "deny_not_eligible"
  | "reviewer_denial"
  | "pend_missing_information"
  | "pend_nothing_read"
  | "pend_needs_review"
  | "pend_no_policy"
  | "pend_ai_rule"
  | "route_misdirected"
  | "awaiting_sign_off"
  | "review_running"
  | "intake_failed";

const FOR_DENIAL: Partial<Record<ReviewReasonKind, X12ReviewReasonCode>> = {
  deny_criteria: "0F",
  deny_not_covered: "0R",
  deny_exclusion: "0M",
  reviewer_denial: "0F",
};

const FOR_PEND: Partial<Record<ReviewReasonKind, X12ReviewReasonCode>> = {
  pend_missing_information: "0U",
  pend_nothing_read: "0U",
  pend_needs_review: "0V",
  pend_no_policy: "0V",
  pend_ai_rule: "0V",
  awaiting_sign_off: "0V",
  review_running: "0W",
  intake_failed: "0W",
};

/** Narrows an engine's stored rule (any string, or absent) to a ReviewReasonKind, else null. */
export function reasonKindOfRule(rule: unknown): ReviewReasonKind | null {
  if (typeof rule !== "string") return null;
  return rule in FOR_DENIAL || rule in FOR_PEND || rule === "deny_not_eligible" || rule === "route_misdirected" ? (rule as ReviewReasonKind) : null;
}

/**
 * The 886 code for an item answered `action` for reason `kind` (see the module table), or null when
 * none applies: A1 and C never carry one, a denial kind never codes a pend (and the reverse), and
 * eligibility or routing reasons have none.
 */
export function x12ReviewReason(action: string, kind: ReviewReasonKind | null): { code: X12ReviewReasonCode; display: string } | null {
  if (!kind) return null;
  const code = action === "A3" ? FOR_DENIAL[kind] : action === "A4" ? FOR_PEND[kind] : undefined;
  return code ? { code, display: X12_REVIEW_REASONS[code] } : null;
}
