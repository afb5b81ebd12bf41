/**
 * Decision agent, model implementation: eligibility + clinical review + audit → a Proposal.
 *
 * The model proposes; the one rule book (app/clinical/decide/apply-decision-rules.ts) disposes, for
 * the model exactly as for the built-in engine: a proposal can make an approval more cautious, never
 * a denial easier, and whatever the model says, a denial needs a high-confidence criterion that
 * clearly fails, quoted verbatim from the fax (docs/clinical/decision-semantics.md).
 */
import type { AuditFinding, CaseFacts, Citation, EligibilityResult, ReviewResult } from "~/clinical/contracts";
import type { Proposal } from "~/clinical/decide/apply-decision-rules";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, formatEvidence, resolveEvidence, withoutCitations } from "./cite";
import { DecisionOutputSchema, type DecisionOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";

export { DecisionOutputSchema };

export interface DecideWithModelInput {
  facts: CaseFacts;
  eligibility: EligibilityResult;
  review: ReviewResult | null;
  audit: AuditFinding[];
  prompt?: PromptOverride;
}

/**
 * The model's proposed decision for a case (before the decision rules).
 * Output: Proposal with the model's summary, rationale, confidence and resolved citations.
 * Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function proposeWithModel(client: ModelClient, input: DecideWithModelInput): Promise<Proposal> {
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
  return proposalFromModelOutput(data, evidence);
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

/** Maps a decision reply onto a Proposal (exported for run_prompt and tests). */
export function proposalFromModelOutput(out: DecisionOutput, evidence: Citation[]): Proposal {
  const confidence = Number.isFinite(out.confidence_score) ? Math.min(1, Math.max(0, out.confidence_score)) : 0.5;
  return {
    final_decision: out.final_decision,
    ai_summary: out.ai_summary,
    rationale: out.rationale,
    confidence_score: confidence,
    citations: resolveEvidence(evidence, out.evidence),
  };
}
