/**
 * The one-line summaries of the eligibility, clinical and audit agents shown beside the AI decision
 * (issue 24, item 3: the rationale never contradicts its evidence).
 *
 * Each line is composed from the same results the decision used: the review's paths AND its
 * exclusions, the eligibility result and its formulary row, the audit findings and the decision's
 * rule. No line falls back to a default phrase that could contradict them: a case denied under a
 * policy exclusion no longer reads "No coverage policy applied" (the old clinical line looked at the
 * review's paths only, and an exclusion denial has none), and a case whose member is not eligible
 * says its clinical criteria were not decisive.
 */
import type { AuditFinding, DecisionResult, EligibilityResult, ReviewResult } from "~/clinical/contracts";

/** One agent's line: `approved` true (green), false (red), null (undecided: amber). */
export interface AgentSummary {
  agent: "eligibility" | "clinical" | "audit";
  summary: string;
  approved: boolean | null;
}

export interface AgentSummaryInputs {
  eligibility: EligibilityResult;
  /** null: no coverage policy matched the requested drug */
  review: ReviewResult | null;
  audit: AuditFinding[];
  decision: Pick<DecisionResult, "final_decision" | "rule">;
  /** the requested drug as the case shows it (name, strength), for "no policy" / "not on formulary" */
  requestedDrug: string | null;
}

const PATH_OUTCOME: Record<string, string> = { met: "criteria met", not_met: "criteria not met", insufficient: "not decided (information missing)" };

const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/**
 * The clinical agent's line (see the module comment). Precedence follows the decision rules: an
 * applying exclusion first, then the paths; with no review, the absence of a matching policy.
 */
export function clinicalSummary(input: AgentSummaryInputs): Pick<AgentSummary, "summary" | "approved"> {
  const { review, decision, requestedDrug } = input;
  const drug = requestedDrug ?? "not identified";
  if (!review)
    return {
      summary:
        input.eligibility.formulary || input.eligibility.formulary_known !== true
          ? `No coverage policy on this plan matches the requested drug (${drug}); nothing was reviewed against criteria.`
          : `No coverage policy on this plan matches the requested drug (${drug}), which is not on the plan's formulary; nothing was reviewed against criteria.`,
      approved: null,
    };
  const parts: string[] = [];
  const applying = (review.exclusions ?? []).filter((e) => e.outcome === "met");
  const undecidedExclusions = (review.exclusions ?? []).filter((e) => e.outcome === "insufficient");
  for (const e of applying) parts.push(`Policy exclusion applies: ${e.question.replace(/^Exclusion:\s*/i, "").replace(/[.\s]+$/, "")}`);
  for (const p of review.paths) parts.push(`${cap(p.title)}: ${PATH_OUTCOME[p.outcome] ?? p.outcome}`);
  if (!review.paths.length && !applying.length) {
    const status = review.indication?.status;
    parts.push(
      status === "not_covered"
        ? "The coverage policy was applied; the request's diagnosis matches none of its covered indications"
        : "The coverage policy was applied, but no set of its criteria could be matched to this request",
    );
  }
  if (!applying.length && undecidedExclusions.length) parts.push(`${undecidedExclusions.length === 1 ? "An exclusion" : "Exclusions"} not decided`);
  if (decision.rule === "deny_not_eligible") parts.push("Not decisive: coverage is not in force for this member");
  // a misdirected request (issue 24, item 5) is not this plan's to decide: its criteria are no verdict
  const routed = decision.rule === "route_misdirected";
  if (routed) parts.push("Not decisive: the request is for another payer, so it is routed, not decided here");
  // the walk's verdict is what the decision used; paths only when a review carries none. A route to
  // an approval with no criterion read from the policy approves nothing (the decision rules pend it)
  const metPath = review.paths.find((p) => p.outcome === "met") ?? review.paths[0];
  const unread = !!review.verdict?.approved && (!metPath || metPath.criteria.length === 0);
  if (unread) parts.push("No criteria could be read from the coverage policy for this request");
  const verdict = unread ? { ...review.verdict!, approved: false } : review.verdict;
  const approved = routed
    ? null
    : applying.length
      ? false
      : verdict
        ? verdict.approved
          ? true
          : verdict.denied
            ? false
            : null
        : review.paths.some((p) => p.outcome === "met")
          ? true
          : review.paths.length && review.paths.every((p) => p.outcome === "not_met")
            ? false
            : null;
  return { summary: `${parts.join("; ")}.`, approved };
}

/** The eligibility agent's line: the eligibility reason (which names the formulary finding). */
export function eligibilitySummary(input: AgentSummaryInputs): Pick<AgentSummary, "summary" | "approved"> {
  return { summary: input.eligibility.reason, approved: input.eligibility.eligible };
}

/** The audit agent's line: failed findings, or none. Blocking failures make it red. */
export function auditSummary(input: AgentSummaryInputs): Pick<AgentSummary, "summary" | "approved"> {
  const failed = input.audit.filter((a) => a.passed === false);
  return {
    summary: failed.map((a) => a.message).join("; ") || "No audit findings.",
    approved: !failed.some((a) => a.severity === "blocking"),
  };
}

/** The three agent lines of one intake, in display order (eligibility, clinical, audit). */
export function agentSummaries(input: AgentSummaryInputs): AgentSummary[] {
  return [
    { agent: "eligibility", ...eligibilitySummary(input) },
    { agent: "clinical", ...clinicalSummary(input) },
    { agent: "audit", ...auditSummary(input) },
  ];
}
