/**
 * Decision agent, model implementation: eligibility + clinical review + audit → DecisionResult
 * (same contract as the built-in `decideCase`).
 *
 * The model proposes; `enforceDecisionRules` disposes. The hard rules of the evaluation format's
 * "Decision semantics" (/work/shared/eval/FORMAT.md) are applied in code after the model answers,
 * so no prompt or model can approve an ineligible member or a case whose criteria are not met.
 */
import type { AuditFinding, CaseFacts, Citation, DecisionResult, EligibilityResult, FinalDecision, ReviewResult } from "~/engine/types";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, formatEvidence, resolveEvidence, withoutCitations } from "./cite";
import { DecisionOutputSchema, type DecisionOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";
import { DecisionResultSchema } from "./schemas";

export { DecisionOutputSchema };

export interface DecideWithModelInput {
  facts: CaseFacts;
  eligibility: EligibilityResult;
  review: ReviewResult | null;
  audit: AuditFinding[];
  prompt?: PromptOverride;
}

/**
 * Decides a case with the model, then enforces the hard rules (see `enforceDecisionRules`).
 * Output: DecisionResult (validated); `decision_tree_traversal` is the review's traversal.
 * Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function decideCaseWithModel(client: ModelClient, input: DecideWithModelInput): Promise<DecisionResult> {
  const evidence = decisionEvidence(input);
  const m = input.facts.medication;
  const prompt = buildPrompt(
    "decision",
    {
      request_date: input.facts.request_date ?? "unknown",
      medication: [m.drug_name, m.strength, m.dosage].filter(Boolean).join(", ") || "unknown",
      eligibility: asPromptJson(withoutCitations(input.eligibility)),
      review: input.review && input.review.paths.length ? asPromptJson(withoutCitations(input.review)) : "(no coverage policy criteria were reviewed)",
      audit: input.audit.length ? asPromptJson(withoutCitations(input.audit)) : "(no findings)",
      evidence: formatEvidence(evidence),
    },
    input.prompt,
  );
  const { data } = await client.completeJson({ name: prompt.name, schema: DecisionOutputSchema, system: prompt.system, user: prompt.user });
  return decisionFromModelOutput(data, input, evidence);
}

/** The numbered evidence the decision prompt shows: eligibility, review criteria, audit, then fact citations. */
export function decisionEvidence(input: Pick<DecideWithModelInput, "facts" | "eligibility" | "review" | "audit">): Citation[] {
  return dedupeCitations([
    ...input.eligibility.citations,
    ...(input.review?.paths.flatMap((p) => p.criteria.flatMap((c) => c.citations)) ?? []),
    ...input.audit.flatMap((f) => f.citations),
    ...factCitations(input.facts),
  ]);
}

/** Maps a decision reply onto a DecisionResult with the hard rules applied (exported for tests / run_prompt). */
export function decisionFromModelOutput(out: DecisionOutput, input: Pick<DecideWithModelInput, "eligibility" | "review" | "audit">, evidence: Citation[]): DecisionResult {
  const proposed = out.final_decision;
  const ruled = enforceDecisionRules(proposed, input);
  let citations = resolveEvidence(evidence, out.evidence);
  let { ai_summary, rationale } = out;
  let confidence = clamp01(out.confidence_score);
  if (ruled.final_decision !== proposed) {
    ai_summary = `${LABEL[ruled.final_decision]}: ${ruled.reason} (The model proposed ${LABEL[proposed].toLowerCase()}: ${out.ai_summary})`;
    rationale = `${ruled.reason} This rule decides the case regardless of the model's assessment. Model rationale: ${out.rationale}`;
    confidence = ruled.confidence ?? Math.min(confidence, 0.6);
    citations = dedupeCitations([...ruled.citations, ...citations]);
  } else if (ruled.reason && ruled.confidence != null) {
    confidence = Math.max(confidence, ruled.confidence);
  }
  return DecisionResultSchema.parse({
    final_decision: ruled.final_decision,
    confidence_score: confidence,
    ai_summary,
    rationale,
    citations,
    decision_tree_traversal: input.review?.traversal ?? [],
  }) as DecisionResult;
}

const LABEL: Record<FinalDecision, string> = {
  approved: "Approved",
  denied: "Denied",
  needs_more_information: "Needs more information",
};

export interface RuledDecision {
  final_decision: FinalDecision;
  /** the rule that decided, or "" when the proposal stands */
  reason: string;
  /** confidence the rule carries, when a rule decided */
  confidence: number | null;
  citations: Citation[];
}

/**
 * The hard decision rules (FORMAT.md "Decision semantics"), applied to a proposed decision:
 * 1. eligibility.eligible === false (not on the roster / not covered on the request date) → denied.
 * 2. review has paths and every path is not_met (a clear failure on every path, or the indication is
 *    not covered) → denied: a clear failure wins over missing information.
 * 3. approved needs: eligibility.eligible === true, and (when the review has paths) at least one path
 *    fully met, and no failed "blocking" audit finding; otherwise → needs_more_information.
 * A review with no paths (no coverage policy matched) leaves the proposal to the model.
 */
export function enforceDecisionRules(
  proposed: FinalDecision,
  input: Pick<DecideWithModelInput, "eligibility" | "review" | "audit">,
): RuledDecision {
  const { eligibility, review, audit } = input;
  if (eligibility.eligible === false) {
    return { final_decision: "denied", reason: `The member is not eligible: ${eligibility.reason}`, confidence: 0.95, citations: eligibility.citations };
  }
  const paths = review?.paths ?? [];
  if (paths.length && paths.every((p) => p.outcome === "not_met")) {
    const failed = paths.flatMap((p) => p.criteria.filter((c) => c.outcome === "not_met")).slice(0, 3);
    return {
      final_decision: "denied",
      reason: `Every coverage path has a criterion that is not met (${failed.map((c) => c.question).join("; ")}).`,
      confidence: 0.85,
      citations: failed.flatMap((c) => c.citations),
    };
  }
  if (proposed !== "approved") return { final_decision: proposed, reason: "", confidence: null, citations: [] };
  if (eligibility.eligible !== true) {
    return { final_decision: "needs_more_information", reason: `Eligibility could not be confirmed: ${eligibility.reason}`, confidence: null, citations: eligibility.citations };
  }
  if (paths.length && !paths.some((p) => p.outcome === "met")) {
    const open = paths.flatMap((p) => p.criteria.filter((c) => c.outcome === "insufficient")).slice(0, 3);
    return {
      final_decision: "needs_more_information",
      reason: `No coverage path is fully met; information is missing for: ${open.map((c) => c.question).join("; ") || "some criteria"}.`,
      confidence: null,
      citations: open.flatMap((c) => c.citations),
    };
  }
  const blocking = audit.filter((f) => f.severity === "blocking" && f.passed === false);
  if (blocking.length) {
    return {
      final_decision: "needs_more_information",
      reason: `Blocking audit finding: ${blocking.map((f) => f.message).join(" ")}`,
      confidence: null,
      citations: blocking.flatMap((f) => f.citations),
    };
  }
  return { final_decision: "approved", reason: "", confidence: null, citations: [] };
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5;
}
