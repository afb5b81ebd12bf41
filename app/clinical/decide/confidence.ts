/**
 * Decision confidence: one named base per decision rule, scaled by the quality of what it rests on.
 *
 * | rule                     | base | why this base                                                     |
 * |--------------------------|------|-------------------------------------------------------------------|
 * | deny_not_eligible        | 0.95 | roster lookup on a positively identified member: near-mechanical   |
 * | deny_exclusion           | 0.90 | one high-confidence exclusion with a fax sentence that shows it    |
 * | deny_criteria            | 0.88 | every path fails a high-confidence criterion, each quoted          |
 * | deny_not_covered         | 0.85 | a read diagnosis outside every understood indication               |
 * | approve                  | 0.92 | every criterion of one path met with evidence, member eligible     |
 * | pend_missing_information | 0.80 | specific criteria cannot be judged from the fax                    |
 * | pend_needs_review        | 0.60 | the policy or an edited node was not read with high confidence     |
 * | pend_no_policy           | 0.50 | no coverage policy on the plan for the requested drug              |
 * | pend_nothing_read        | 0.40 | no patient, no drug, no policy: nothing to decide on               |
 * | route_misdirected        | 0.85 | another payer named and the member not on the roster, or no request |
 *
 * The base is multiplied by the OCR confidence of the pages cited (0.75 + 0.25 × ocr) and by the
 * share of criteria on the deciding path backed by a fax sentence (0.8 + 0.2 × share), then clamped
 * to [0.3, 0.99] and rounded to two decimals. A criteria denial is further scaled by what its
 * failures rest on (FAILURE_BASIS_FACTOR): a value compared against a threshold keeps the base, a
 * documented fact of therapy or prescriber loses a little, the reading of a diagnosis or of
 * documentation words the most — the wrong denials of the blind sets' first runs (stop 44: two at 0.88,
 * the band of the right ones) all rested on such a reading. `npm run eval` prints accuracy per confidence band so
 * these bases can be checked against outcomes (docs/clinical/decision-semantics.md).
 */
export const CONFIDENCE_BASE = {
  deny_not_eligible: 0.95,
  deny_exclusion: 0.9,
  deny_criteria: 0.88,
  deny_not_covered: 0.85,
  approve: 0.92,
  pend_missing_information: 0.8,
  pend_needs_review: 0.6,
  pend_no_policy: 0.5,
  pend_nothing_read: 0.4,
  route_misdirected: 0.85,
} as const;

export type DecisionRule = keyof typeof CONFIDENCE_BASE;

/** Confidence 0..1 for a rule, given the OCR confidence (0..1) and the evidence share (0..1). */
export function confidenceFor(rule: DecisionRule, ocr: number, evidenceShare: number): number {
  const v = CONFIDENCE_BASE[rule] * (0.75 + 0.25 * Math.max(0, Math.min(1, ocr))) * (0.8 + 0.2 * Math.max(0, Math.min(1, evidenceShare)));
  return Math.round(Math.max(0.3, Math.min(0.99, v)) * 100) / 100;
}

/** what a clear failure rests on (review/review-case.ts failureBasis) */
export type FailureBasis = "measured" | "stated" | "read";
/** scale of a criteria denial's confidence by the weakest basis among its failures */
export const FAILURE_BASIS_FACTOR: Record<FailureBasis, number> = { measured: 1, stated: 0.96, read: 0.9 };

/**
 * The weakest basis among `bases` (a failure without one counts as "read"): a denial is as sure as
 * its least mechanical failure. "measured" when `bases` is empty.
 */
export function weakestBasis(bases: (FailureBasis | undefined)[]): FailureBasis {
  if (bases.some((b) => b === undefined || b === "read")) return "read";
  return bases.includes("stated") ? "stated" : "measured";
}
