/**
 * One case of the workspace, whatever its kind (a prior auth or a medical claim), in the
 * shape the Cases queue, the dashboard and the reports read. Each kind supplies a `CaseSource`
 * (see case-sources.server.ts) that turns its rows into CaseRecords; nothing downstream knows the
 * kind's tables.
 */
export const CASE_KINDS = ["prior_auth", "claim"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** CMS-0057-F reports drugs and items/services apart: a prior auth for a medication is a drug case. */
export type CaseCategory = "drug" | "service";

/** The decision the case shows (PRODUCT-SPEC §4): approved, denied, outreach (needs more information) or none. */
export type CaseDecision = "approved" | "denied" | "outreach";

/**
 * Where the case is in its workflow:
 * - intake: the AI intake has not succeeded yet;
 * - review: intake done, no final determination (no decision, or an AI denial awaiting a clinician's sign-off);
 * - outreach: the AI asked for more information and no human decided;
 * - decided: a final determination exists (a human decision, or an AI approval).
 */
export const CASE_STATUSES = ["intake", "review", "outreach", "decided"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export interface CaseRecord {
  kind: CaseKind;
  id: string;
  category: CaseCategory;
  /** patient name, or null before intake extracted it */
  patient_name: string | null;
  /** the medication or service requested */
  subject: string | null;
  urgency: "standard" | "expedited";
  received_at: Date;
  /** received_at + the regulatory time frame (regulatory-clock.ts) */
  due_at: Date;
  status: CaseStatus;
  decision: CaseDecision | null;
  /** final determination (approved/denied) and when it was made; null while open */
  determination: "approved" | "denied" | null;
  determined_at: Date | null;
  /** who made the final determination: a reviewer, or the AI alone (automation) */
  determined_by: "human" | "ai" | null;
  assignee_id: string | null;
  assignee_name: string | null;
  /** the plan's line of business (Commercial, Medicare Advantage, ...), null without a plan */
  line_of_business: string | null;
  /** workspace page of the case, relative to /o/{org} */
  path: string;
  /**
   * Kinds decided per line (medical claims: one decision per service line) say where their lines
   * stand; the case's status and decision are derived from them (claim-case-source.server.ts).
   */
  lines?: CaseLineCounts;
}

/** Service lines of a case by state; the counts add up to `total`. */
export interface CaseLineCounts {
  total: number;
  /** finally approved (a reviewer, or the AI alone) */
  approved: number;
  /** finally denied (a reviewer, or an AI denial a clinician signed off) */
  denied: number;
  /** AI denials not yet signed off */
  awaiting_sign_off: number;
  /** needs more information */
  outreach: number;
  /** no decision yet */
  pending: number;
  /** of `approved`, lines approved only because an appeal overturned their denial (absent: none) */
  approved_after_appeal?: number;
}

/** True while the case still needs work (not finally determined). */
export function isOpen(c: CaseRecord): boolean {
  return c.status !== "decided";
}

/**
 * How many cases stand where — the one definition of these figures, shared by the dashboard and the
 * Reports page (issue 24, item D: the dashboard once counted AI denials awaiting a clinician's
 * sign-off as denied, Reports did not):
 *   - approved / denied: the final determination (CaseRecord.determination): a reviewer's decision,
 *     an AI approval alone, or an AI denial a clinician signed off;
 *   - pending: every other case (requests − approved − denied), itemised as
 *     intake (intake not finished), outreach (more information asked for),
 *     awaiting_sign_off (an AI denial no clinician signed off yet) and in_review (the rest).
 */
export interface OutcomeCounts {
  requests: number;
  approved: number;
  denied: number;
  pending: number;
  intake: number;
  outreach: number;
  awaiting_sign_off: number;
  in_review: number;
}

/** Counts `cases` by OutcomeCounts' definitions (pure). */
export function countOutcomes(cases: readonly CaseRecord[]): OutcomeCounts {
  const n: OutcomeCounts = { requests: cases.length, approved: 0, denied: 0, pending: 0, intake: 0, outreach: 0, awaiting_sign_off: 0, in_review: 0 };
  for (const c of cases) {
    if (c.determination === "approved") n.approved++;
    else if (c.determination === "denied") n.denied++;
    else {
      n.pending++;
      if (c.status === "intake") n.intake++;
      else if (c.status === "outreach") n.outreach++;
      else if (c.decision === "denied") n.awaiting_sign_off++;
      else n.in_review++;
    }
  }
  return n;
}
