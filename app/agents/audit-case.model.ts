/**
 * Audit agent, model implementation: the case so far → AuditFinding[] (same contract as the
 * built-in `auditCase`). The model sees the facts, eligibility, the clinical review, the
 * organisation's AI rules and numbered evidence (the fax pages when given, then the citations of the
 * earlier stages); its `{ ref, quote }` pointers become citations with exact offsets.
 */
import type { AuditFinding, CaseFacts, Citation, EligibilityResult, FormularyRow, ParsedDocument, ReviewResult } from "~/clinical/contracts";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, factsForPrompt, formatEvidence, pagesAsPassages, resolveEvidence, withoutCitations } from "./cite";
import { AuditOutputSchema, type AuditOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";
import { AuditFindingSchema } from "~/clinical/contracts";

export { AuditOutputSchema };

export interface AuditWithModelInput {
  facts: CaseFacts;
  eligibility?: EligibilityResult | null;
  review?: ReviewResult | null;
  formulary?: FormularyRow | null;
  /** organisation AI rules; each is reported as its own check */
  rules?: { name: string; description: string; conditions: string[]; actions: string[] }[];
  requestDate?: string | null;
  /** the fax; its pages are offered as evidence so findings can cite it */
  caseDoc?: ParsedDocument | null;
  /** name of the fax in citations (default: the facts' citation document, else "fax") */
  documentName?: string;
  documentId?: string;
  /** extra passages (e.g. retrieved chunks) */
  evidence?: Citation[];
  prompt?: PromptOverride;
}

/**
 * Audits a case with the model. Output: AuditFinding[] (each validated with AuditFindingSchema).
 * Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function auditCaseWithModel(client: ModelClient, input: AuditWithModelInput): Promise<AuditFinding[]> {
  const evidence = auditEvidence(input);
  const prompt = buildPrompt(
    "audit",
    {
      request_date: input.requestDate ?? input.facts.request_date ?? "unknown",
      case_facts: asPromptJson(factsForPrompt(input.facts)),
      eligibility: asPromptJson(withoutCitations({ ...(input.eligibility ?? {}), formulary: input.formulary ?? input.eligibility?.formulary ?? null })),
      review: input.review ? asPromptJson(withoutCitations(input.review)) : "(no clinical review)",
      rules: input.rules?.length
        ? input.rules
            .map(
              (r) =>
                `- ${r.name}: ${r.description}${r.conditions.length ? ` Conditions: ${r.conditions.join("; ")}.` : ""}${r.actions.length ? ` Actions: ${r.actions.join("; ")}.` : ""}`,
            )
            .join("\n")
        : "(none)",
      evidence: formatEvidence(evidence, 6000),
    },
    input.prompt,
  );
  const { data } = await client.completeJson({ name: prompt.name, schema: AuditOutputSchema, system: prompt.system, user: prompt.user });
  return auditFindingsFromModelOutput(data, evidence);
}

/** The numbered evidence the audit prompt shows: fax pages, extra passages, then earlier stages' citations. */
export function auditEvidence(input: AuditWithModelInput): Citation[] {
  const docName = input.documentName ?? input.facts.patient.citations[0]?.document ?? "fax";
  return dedupeCitations([
    ...(input.caseDoc ? pagesAsPassages(input.caseDoc, { document: docName, ...(input.documentId ? { document_id: input.documentId } : {}) }) : []),
    ...(input.evidence ?? []).map((c) => ({
      document: c.document,
      ...(c.document_id ? { document_id: c.document_id } : {}),
      page: c.page,
      start: c.start,
      end: c.end,
      text: c.text,
    })),
    ...(input.caseDoc ? [] : factCitations(input.facts)),
    ...(input.eligibility?.citations ?? []),
    ...(input.review?.paths.flatMap((p) => p.criteria.flatMap((c) => c.citations)) ?? []),
  ]);
}

/** Maps an audit reply onto AuditFinding[] (exported for run_prompt and tests). */
export function auditFindingsFromModelOutput(out: AuditOutput, evidence: Citation[]): AuditFinding[] {
  return out.findings.map(
    (f) =>
      AuditFindingSchema.parse({
        check: f.check.trim() || "check",
        passed: f.passed,
        severity: f.severity,
        message: f.message,
        citations: resolveEvidence(evidence, f.evidence),
      }) as AuditFinding,
  );
}
