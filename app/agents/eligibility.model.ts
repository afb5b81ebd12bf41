/**
 * Eligibility agent, model implementation: CaseFacts + roster + formulary → EligibilityResult
 * (same contract as the built-in `checkEligibility`).
 *
 * The model only picks candidates (roster member, formulary row), which helps with badly OCR'd
 * identifiers. Eligibility itself is decided here: the picked member must exist on the roster and
 * agree with the extracted date of birth, and the request date must fall inside
 * coverage_start ≤ date ≤ coverage_end (open end when null). The built-in lookup is usually the
 * better choice; this exists for parity and for the `eligibility` prompt in run_prompt.
 */
import type { CaseFacts, Citation, EligibilityResult, FormularyRow, RosterMember } from "~/clinical/contracts";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, formatEvidence, resolveEvidence, withoutCitations } from "./cite";
import { EligibilityOutputSchema, type EligibilityOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";
import { EligibilityResultSchema } from "~/clinical/contracts";

export { EligibilityOutputSchema };

/**
 * Checks eligibility with the model's member / formulary pick, verified in code.
 * Output: EligibilityResult (eligible null when the request date or the patient's identity is
 * unknown). Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function checkEligibilityWithModel(
  client: ModelClient,
  facts: CaseFacts,
  roster: RosterMember[],
  formulary: FormularyRow[],
  options: { prompt?: PromptOverride } = {},
): Promise<EligibilityResult> {
  const evidence = factCitations(facts);
  const prompt = buildPrompt(
    "eligibility",
    {
      request_date: facts.request_date ?? "unknown",
      case_facts: asPromptJson(withoutCitations({ request_date: facts.request_date, patient: facts.patient, medication: facts.medication })),
      roster: asPromptJson(roster),
      formulary: asPromptJson(formulary),
      evidence: formatEvidence(evidence),
    },
    options.prompt,
  );
  const { data } = await client.completeJson({ name: prompt.name, schema: EligibilityOutputSchema, system: prompt.system, user: prompt.user });
  return eligibilityFromModelOutput(data, facts, roster, formulary, evidence);
}

/** Verifies the model's pick and applies the coverage-date rule (exported for run_prompt and tests). */
export function eligibilityFromModelOutput(
  out: EligibilityOutput,
  facts: CaseFacts,
  roster: RosterMember[],
  formulary: FormularyRow[],
  evidence: Citation[],
): EligibilityResult {
  const row = out.formulary_drug_name ? (formulary.find((f) => f.drug_name.toLowerCase() === out.formulary_drug_name!.trim().toLowerCase()) ?? null) : null;
  const citations = dedupeCitations([...facts.patient.citations, ...resolveEvidence(evidence, out.evidence)]);
  const result = (eligible: boolean | null, member: RosterMember | null, reason: string): EligibilityResult =>
    EligibilityResultSchema.parse({ eligible, member, reason, formulary: row, citations }) as EligibilityResult;
  const p = facts.patient;
  if (!p.member_id && !p.last_name) return result(null, null, "Cannot determine eligibility: no member ID or patient name on the request.");
  const member = out.member_id ? (roster.find((m) => m.member_id === out.member_id!.trim()) ?? null) : null;
  if (!member) return result(false, null, `Not eligible: no roster member matches the patient. ${out.reason}`.trim());
  if (p.birth_date && p.birth_date !== member.birth_date) {
    return result(
      false,
      member,
      `Not eligible: date of birth on the request ${p.birth_date} does not match roster member ${member.member_id} (${member.birth_date}).`,
    );
  }
  const d = facts.request_date;
  if (!d) return result(null, member, `Member ${member.member_id} found, but the request date is unknown, so coverage cannot be confirmed.`);
  if (d < member.coverage_start) return result(false, member, `Not eligible: coverage starts ${member.coverage_start}, after the request date ${d}.`);
  if (member.coverage_end && d > member.coverage_end)
    return result(false, member, `Not eligible: coverage ended ${member.coverage_end}, before the request date ${d}.`);
  return result(
    true,
    member,
    `Eligible: ${member.first_name} ${member.last_name} (${member.member_id}) covered ${member.coverage_start} to ${member.coverage_end ?? "open"} on ${d}.`,
  );
}
