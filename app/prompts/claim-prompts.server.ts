/**
 * Developer prompt tooling for medical claims (GET /api/claim_prompts.json, POST
 * .../claims/{id}/run_prompt, 'Send for review' → 'Create ground truth' on the claim page), on the
 * same machinery as the prior-auth tooling (./prompts.server.ts: executePrompt, readPrompt,
 * storeGroundTruth).
 *
 * The claim pipeline (runServicePipeline) has five prompts: extraction (patient, diagnoses,
 * practitioners: the prior-auth extraction prompt), service_lines (one entry per HCPCS/CPT line),
 * clinical_review and decision (once per service line, on that line's policy tree) and audit (once).
 * run_prompt is evaluation mode only: the pipeline runs on the claim's stored document and nothing
 * is written to the claim (its lines, AI decisions and any reviewer's override stay as they are).
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { asPromptJson, getDefaultPrompt } from "~/agents/prompts";
import { toStrictJsonSchema } from "~/agents/json-schema";
import { SERVICE_LINES_PROMPT, ServiceLinesOutputSchema } from "~/agents/extract-services.model";
import type { ModelClient } from "~/agents/llm.server";
import { documentForPrompt, factsForPrompt, formatEvidence, pagesAsPassages, withoutCitations } from "~/agents/cite";
import { treeForPrompt } from "~/agents/review-case.model";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { factsForLine, runServicePipeline } from "~/clinical/pipeline/run-pipeline";
import { ServiceCategorySchema } from "~/clinical/contracts";
import { requireClaim } from "~/claims/create-claim.server";
import { loadClaimPipelineInputs } from "~/claims/run-claim-intake.server";
import { CLAIM_PROMPT_TYPE_VALUES, type ClaimPromptType } from "./schemas";
import { executePrompt, loadCaseDocument, readPrompt, storeGroundTruth, type CasePromptTemplate, type PromptVars, type RunPromptInput } from "./prompts.server";

/** The prompt types of the claim pipeline, in stage order. */
export const CLAIM_PROMPT_TYPES: readonly ClaimPromptType[] = CLAIM_PROMPT_TYPE_VALUES;

export { ServiceLinesOutputSchema };

const SERVICE_LINES: CasePromptTemplate = {
  prompt_type: "service_lines",
  schema_name: "service_lines",
  system_prompt: SERVICE_LINES_PROMPT.system,
  user_prompt: SERVICE_LINES_PROMPT.user,
  json_schema: toStrictJsonSchema(ServiceLinesOutputSchema, "service_lines"),
  variables: ["page_count", "document"],
};

/** The default prompt of each claim prompt type (the shared agents' prompts, plus service_lines). */
export const CLAIM_PROMPTS: readonly CasePromptTemplate[] = CLAIM_PROMPT_TYPE_VALUES.map((t) => (t === "service_lines" ? SERVICE_LINES : getDefaultPrompt(t)));

/** `value` as a claim prompt type; AppError validation 'Unknown prompt_type' otherwise. */
export function requireClaimPromptType(value: unknown): ClaimPromptType {
  if (typeof value === "string" && (CLAIM_PROMPT_TYPE_VALUES as readonly string[]).includes(value)) return value as ClaimPromptType;
  throw new AppError("validation", `Unknown prompt_type; expected one of ${CLAIM_PROMPT_TYPE_VALUES.join(", ")}`);
}

/**
 * The claim prompt of `promptType`: the stored override (Prompt table, target claim) or the default.
 * Returns `{ prompt_type, system_prompt, user_prompt, json_schema, variables }` (the prompts.json shape).
 * Errors: AppError validation for an unknown type.
 */
export async function getClaimPrompt(database: Database, promptType: string) {
  const type = requireClaimPromptType(promptType);
  return readPrompt(
    database,
    "claim",
    CLAIM_PROMPTS.find((p) => p.prompt_type === type)!,
  );
}

/**
 * Runs one claim prompt type on claim `claimId` of `organizationId` without saving anything to the
 * claim: built-in engine → the service pipeline's output for that stage on the stored document;
 * model → the (edited) prompt, per service line for clinical_review and decision.
 * Returns `{ data, engine, model, evaluation? }` (evaluation against the claim's latest ground truth).
 * Errors: AppError not_found (claim of another organization), validation (prompt_type, no document).
 */
export async function runClaimPrompt(
  database: Database,
  organizationId: string,
  claimId: string,
  input: RunPromptInput,
  opts: { client?: ModelClient | null } = {},
) {
  const type = requireClaimPromptType(input.prompt_type);
  const claim = await requireClaim(database, organizationId, claimId);
  const def = CLAIM_PROMPTS.find((p) => p.prompt_type === type)!;
  return executePrompt(database, organizationId, { claim_id: claim.id }, def, input, opts, () => runClaimStages(database, claim.id, type));
}

/** Re-runs the built-in service pipeline on the claim's document (nothing is saved); that stage's output and prompt placeholders. */
async function runClaimStages(database: Database, claimId: string, type: ClaimPromptType): Promise<{ output: unknown; vars: PromptVars | PromptVars[] }> {
  const claim = await database.prisma.claim.findUniqueOrThrow({
    where: { id: claimId },
    include: { documents: { where: { kind: { in: ["fax", "epa"] } }, orderBy: { created_at: "asc" }, take: 1 }, epa_submission: true },
  });
  const { doc, name } = await loadCaseDocument(database, claim, "claim");
  const inputs = await loadClaimPipelineInputs(database, claim, doc, name);
  const r = await runServicePipeline(inputs, builtinAgents);
  const document = { page_count: doc.page_count, document: documentForPrompt(doc) };
  if (type === "extraction") return { output: r.facts, vars: document };
  if (type === "service_lines") return { output: r.services, vars: document };
  const evidence = formatEvidence(pagesAsPassages(doc, { document: name }), 4000);
  const base = { request_date: r.facts.request_date ?? "", case_facts: asPromptJson(factsForPrompt(r.facts)), evidence };
  const eligibility = asPromptJson(withoutCitations(r.eligibility));
  const audit = asPromptJson(withoutCitations(r.audit));
  if (type === "audit") {
    return {
      output: r.audit,
      vars: { ...base, eligibility, review: "(each service line is reviewed on its own policy)", rules: asPromptJson(inputs.rules ?? []) },
    };
  }
  if (type === "clinical_review") {
    return {
      output: r.lines.map((l) => ({ line_number: l.line.line_number, code: l.line.code, coverage_policy_id: l.policyId, review: l.review })),
      vars: r.lines.map((l) => ({
        ...base,
        request_date: factsForLine(r.facts, l.line).request_date ?? "",
        case_facts: asPromptJson(factsForPrompt(factsForLine(r.facts, l.line))),
        tree_title: l.tree?.title ?? "",
        tree: l.tree ? treeForPrompt(l.tree) : "(no medical policy matched this code)",
      })),
    };
  }
  return {
    output: r.lines.map((l) => ({
      line_number: l.line.line_number,
      code: l.line.code,
      units: l.line.units,
      final_decision: l.decision.final_decision,
      confidence_score: l.decision.confidence_score,
      rationale: l.decision.rationale,
      missing_items: l.decision.missing_items ?? [],
      citations: l.decision.citations,
    })),
    vars: r.lines.map((l) => ({
      ...base,
      medication: asPromptJson(withoutCitations(l.line)),
      eligibility,
      review: asPromptJson(withoutCitations(l.review)),
      audit,
    })),
  };
}

/**
 * Stores a ground truth for claim `input.claim_id` (the reviewed expected output of one claim prompt).
 * Errors: AppError not_found (another organization's claim), validation (prompt_type, 'Expected output must be JSON').
 */
export async function createClaimGroundTruth(
  database: Database,
  organizationId: string,
  input: { claim_id: string; prompt_type: string; expected: unknown; notes?: string | null },
  userId: string | null,
) {
  const type = requireClaimPromptType(input.prompt_type);
  const claim = await requireClaim(database, organizationId, input.claim_id);
  return storeGroundTruth(database, organizationId, { claim_id: claim.id }, { ...input, prompt_type: type }, userId);
}
