/**
 * Developer prompt tooling (Rerun-prompt modal; GET /api/prompts.json, POST .../run_prompt) and
 * ground truths ('Send for review' → 'Create ground truth').
 *
 * run_prompt re-runs one stage of the intake on a stored case without saving anything:
 *  - built-in engine (no model configured): the clinical pipeline (app/clinical) runs on the stored
 *    document up to that stage; the edited prompt texts do not apply (there is no prompt);
 *  - model: the edited system prompt, user prompt (its `{{placeholders}}` filled from the case and the
 *    earlier stages) and JSON Schema are sent with completeWithJsonSchema.
 * In evaluation mode the output is compared with the latest ground truth of that prompt_type for the
 * case (field-by-field after normalising case, whitespace and dates) and a score is returned.
 */
import type { Database } from "~/lib/db.server";
import type { ParsedDocument } from "~/clinical/contracts";
import { AppError, isAppError, requireMaxLength } from "~/lib/errors";
import { INVALID_JSON, parseJsonText } from "~/lib/request-body";
import { DEFAULT_PROMPTS, asPromptJson, getDefaultPrompt, renderPrompt, type PromptTemplate, type PromptType } from "~/agents/prompts";
import { getModelClient, type ModelClient } from "~/agents/llm.server";
import { documentForPrompt, factsForPrompt, formatEvidence, pagesAsPassages, withoutCitations } from "~/agents/cite";
import { treeForPrompt } from "~/agents/review-case.model";
import { builtinAgents } from "~/clinical/pipeline/builtin-agents";
import { runPipeline, type StageName } from "~/clinical/pipeline/run-pipeline";
import { loadPipelineInputs } from "~/intake/pipeline-inputs.server";
import { textToParsedDocument } from "~/intake/text-document";
import { loadParsedDocument } from "~/documents/store-document.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import { normalizeValue } from "~/evaluation/score";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";

/** The prompt types of the prior-auth pipeline, in stage order. */
export const PROMPT_TYPES = DEFAULT_PROMPTS.map((p) => p.prompt_type) as PromptType[];

/** `value` as a PromptType; AppError validation 'Unknown prompt_type' otherwise. */
export function requirePromptType(value: unknown): PromptType {
  if (typeof value === "string" && (PROMPT_TYPES as string[]).includes(value)) return value as PromptType;
  throw new AppError("validation", `Unknown prompt_type; expected one of ${PROMPT_TYPES.join(", ")}`);
}

/**
 * The prompt of `prompt_type`: the stored override (Prompt table, target prior_auth) or the default
 * of app/agents/prompts.ts. Returns `{ prompt_type, system_prompt, user_prompt, json_schema, variables }`.
 */
export async function getPrompt(database: Database, promptType: string) {
  return readPrompt(database, "prior_auth", getDefaultPrompt(requirePromptType(promptType)));
}

/** A prompt of either pipeline (prior auth: app/agents/prompts.ts; claim: ./claim-prompts.server.ts). */
export type CasePromptTemplate = Omit<PromptTemplate, "prompt_type"> & { prompt_type: string };

/**
 * `def` with the organisation-wide override stored for `target` (Prompt table) applied:
 * `{ prompt_type, system_prompt, user_prompt, json_schema, variables }` (the prompts.json shape).
 */
export async function readPrompt(database: Database, target: "prior_auth" | "claim", def: CasePromptTemplate) {
  const stored = await database.prisma.prompt.findUnique({ where: { target_prompt_type: { target, prompt_type: def.prompt_type } } });
  return {
    prompt_type: def.prompt_type,
    system_prompt: stored?.system_prompt ?? def.system_prompt,
    user_prompt: stored?.user_prompt ?? def.user_prompt,
    json_schema: (stored?.json_schema as Record<string, unknown> | null) ?? def.json_schema,
    variables: def.variables,
  };
}

export interface RunPromptInput {
  prompt_type: string;
  system_prompt?: string | null;
  user_prompt?: string | null;
  /** JSON Schema object, or its JSON text (invalid JSON is ignored: the default schema is used) */
  json_schema?: unknown;
  evaluation_mode?: boolean;
}

export interface PromptEvaluation {
  ground_truth_id: string | null;
  /** matched / compared fields, 0..1; null without a ground truth */
  score: number | null;
  matched: number;
  total: number;
  diff: { path: string; expected: unknown; actual: unknown; match: boolean }[];
  message?: string;
}

/**
 * Runs one prompt_type on prior auth `priorAuthId` (see module comment) and returns
 * `{ data, engine, model, evaluation? }`. Records an AiAgentRun (agent "prompt:{type}").
 * Errors: AppError not_found, validation (prompt_type, no document), internal for model failures.
 */
export async function runPrompt(
  database: Database,
  organizationId: string,
  priorAuthId: string,
  input: RunPromptInput,
  opts: { client?: ModelClient | null } = {},
) {
  const type = requirePromptType(input.prompt_type);
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  return executePrompt(database, organizationId, { prior_auth_id: pa.id }, getDefaultPrompt(type), input, opts, () => runStages(database, pa, type));
}

/** Which case a prompt run or a ground truth belongs to. */
export type CaseRef = { prior_auth_id: string; claim_id?: never } | { claim_id: string; prior_auth_id?: never };

/** Placeholder values of a user prompt template. */
export type PromptVars = Record<string, string | number | null | undefined>;

/**
 * The part of run_prompt both pipelines share: records an AiAgentRun ("prompt:{type}") on the case,
 * gets the stage's built-in output and placeholder values from `stages` (nothing is saved), sends
 * the (edited) prompt to the model when one is configured (once per entry when `vars` is a list,
 * e.g. once per service line; the data is then the list of replies), and in evaluation mode scores
 * the output against the case's latest ground truth of that type.
 * Returns `{ data, engine, model, evaluation? }`. Errors: AppError as thrown by `stages`; others → internal.
 */
export async function executePrompt(
  database: Database,
  organizationId: string,
  ref: CaseRef,
  def: CasePromptTemplate,
  input: RunPromptInput,
  opts: { client?: ModelClient | null },
  stages: () => Promise<{ output: unknown; vars: PromptVars | PromptVars[] }>,
) {
  const type = def.prompt_type;
  requireMaxLength(input.system_prompt, 50_000, "System prompt");
  requireMaxLength(input.user_prompt, 50_000, "User prompt");
  const client = opts.client === undefined ? getModelClient() : opts.client;
  const started = Date.now();
  const run = await database.prisma.aiAgentRun.create({
    data: {
      organization_id: organizationId,
      ...ref,
      agent: `prompt:${type}`,
      status: "running",
      task_message: `Re-running the ${type} prompt`,
      engine: client ? "openai" : "builtin",
      model: client?.model ?? null,
      input: { prompt_type: type, evaluation_mode: Boolean(input.evaluation_mode) },
    },
  });
  try {
    const ctx = await stages();
    let data: unknown;
    if (client) {
      const ask = async (vars: PromptVars) =>
        (
          await client.completeWithJsonSchema({
            name: def.schema_name,
            jsonSchema: parseSchema(input.json_schema) ?? def.json_schema,
            system: input.system_prompt?.trim() ? input.system_prompt : def.system_prompt,
            user: renderPrompt(input.user_prompt?.trim() ? input.user_prompt : def.user_prompt, vars),
            strict: false,
          })
        ).data;
      data = Array.isArray(ctx.vars) ? await Promise.all(ctx.vars.map(ask)) : await ask(ctx.vars);
    } else {
      data = JSON.parse(JSON.stringify(ctx.output ?? null));
    }
    const evaluation = input.evaluation_mode ? await evaluateAgainstGroundTruth(database, organizationId, ref, type, data) : undefined;
    await database.prisma.aiAgentRun.update({
      where: { id: run.id },
      data: { status: "succeeded", output: { score: evaluation?.score ?? null }, finished_at: new Date(), duration_ms: Date.now() - started },
    });
    return { data, engine: client ? "openai" : "builtin", model: client?.model ?? null, ...(evaluation ? { evaluation } : {}) };
  } catch (err) {
    await database.prisma.aiAgentRun
      .update({ where: { id: run.id }, data: { status: "failed", error: (err as Error).message, finished_at: new Date(), duration_ms: Date.now() - started } })
      .catch(() => {});
    if (err instanceof AppError) throw err;
    console.error("[run_prompt] failed:", (err as Error).message);
    throw new AppError("internal", "An error occurred", { cause: err });
  }
}

function parseSchema(value: unknown): Record<string, unknown> | null {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === "string" && value.trim()) {
    try {
      const parsed = parseJsonText(value) as Record<string, unknown> | null;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
    } catch {
      return null; // PRODUCT-SPEC §5: the prompt JSON schema editor ignores invalid JSON
    }
  }
  return null;
}

/** Loads the prior auth's document (see loadCaseDocument). */
async function caseDocument(database: Database, priorAuthId: string): Promise<{ doc: ParsedDocument; name: string }> {
  const pa = await database.prisma.priorAuth.findUniqueOrThrow({
    where: { id: priorAuthId },
    include: { documents: { where: { kind: { in: ["fax", "epa"] } }, orderBy: { created_at: "asc" }, take: 1 }, epa_submission: true },
  });
  return loadCaseDocument(database, pa, "prior auth");
}

/**
 * The document of a case (prior auth or claim, loaded with its first fax/epa document and its ePA
 * submission): the stored parsed pages, else the ePA text, else the fax parsed again. `name` is
 * what citations call it ("fax" | "epa"). Errors: AppError validation 'This {label} has no document to read'.
 */
export async function loadCaseDocument(
  database: Database,
  c: {
    submission_type: string;
    documents: { id: string; kind: string; data: Uint8Array }[];
    epa_submission: { synthetic_document: string } | null;
  },
  label: string,
): Promise<{ doc: ParsedDocument; name: string }> {
  const file = c.documents.find((d) => d.kind === "fax" || d.kind === "epa");
  const name = c.submission_type === "fax" ? "fax" : "epa";
  if (file) {
    const stored = await loadParsedDocument(database, file.id);
    if (stored) return { doc: stored, name };
  }
  if (c.epa_submission) return { doc: textToParsedDocument(c.epa_submission.synthetic_document), name };
  if (file && file.kind === "fax") return { doc: await parseDocumentIsolated(new Uint8Array(file.data), {}), name };
  throw new AppError("validation", `This ${label} has no document to read`);
}

/**
 * Re-runs the built-in pipeline up to `type` (nothing is saved). Returns that stage's output and the
 * placeholder values of its prompt (filled from the case and the earlier stages).
 */
async function runStages(
  database: Database,
  pa: { id: string; organization_id: string; plan_id: string | null; coverage_policy_id: string | null },
  type: PromptType,
) {
  if (type === "decision_tree") {
    const policyId = pa.coverage_policy_id;
    if (!policyId) throw new AppError("validation", "This prior auth has no coverage policy");
    const policy = await database.prisma.coveragePolicy.findUniqueOrThrow({
      where: { id: policyId },
      include: { documents: { where: { kind: "policy" }, take: 1 } },
    });
    const file = policy.documents[0];
    const doc = (file && (await loadParsedDocument(database, file.id))) || textToParsedDocument(policy.policy_text ?? "");
    const meta = { drug_names: policy.drugs_list.length ? policy.drugs_list : [policy.drug_name], title: policy.drug_name, documentName: "policy" };
    return { output: generateDecisionTree(doc, meta), vars: { title: meta.title, drug_names: meta.drug_names.join(", "), document: documentForPrompt(doc) } };
  }
  const { doc, name } = await caseDocument(database, pa.id);
  const evidence = formatEvidence(pagesAsPassages(doc, { document: name }), 4000);
  const inputs = await loadPipelineInputs(database, pa, doc, name);
  const stopAfter: StageName = type;
  const r = await runPipeline(inputs, builtinAgents, {}, { stopAfter });
  if (type === "extraction") return { output: r.facts, vars: { page_count: doc.page_count, document: documentForPrompt(doc) } };
  const base = { request_date: r.facts.request_date ?? "", case_facts: asPromptJson(factsForPrompt(r.facts)), evidence };
  if (type === "eligibility") {
    return {
      output: r.eligibility,
      vars: { ...base, roster: asPromptJson(inputs.roster.slice(0, 200)), formulary: asPromptJson(inputs.formulary.slice(0, 200)) },
    };
  }
  if (type === "clinical_review") {
    return { output: r.review, vars: { ...base, tree_title: r.tree?.title ?? "", tree: r.tree ? treeForPrompt(r.tree) : "(no coverage policy matched)" } };
  }
  const reviewJson = asPromptJson(withoutCitations(r.review));
  const eligibilityJson = asPromptJson(withoutCitations(r.eligibility));
  if (type === "audit") {
    return { output: r.audit, vars: { ...base, eligibility: eligibilityJson, review: reviewJson, rules: asPromptJson(inputs.rules ?? []) } };
  }
  return {
    output: r.decision,
    vars: {
      ...base,
      medication: asPromptJson(withoutCitations(r.facts.medication)),
      eligibility: eligibilityJson,
      review: reviewJson,
      audit: asPromptJson(withoutCitations(r.audit)),
    },
  };
}

// ───────────── ground truths and evaluation ─────────────

export interface GroundTruthInput {
  prior_auth_id: string;
  prompt_type: string;
  /** the expected output (object/array, or its JSON text) */
  expected: unknown;
  notes?: string | null;
}

function serializeGroundTruth(g: {
  id: string;
  prior_auth_id: string | null;
  claim_id: string | null;
  prompt_type: string;
  expected: unknown;
  notes: string | null;
  created_at: Date;
  created_by_id: string | null;
}) {
  return {
    token: g.id,
    kind: g.claim_id ? ("claim" as const) : ("prior_auth" as const),
    prior_auth_id: g.prior_auth_id,
    claim_id: g.claim_id,
    prompt_type: g.prompt_type,
    expected: g.expected,
    notes: g.notes,
    created_by_id: g.created_by_id,
    created_at: g.created_at.toISOString(),
  };
}

/**
 * Stores a ground truth (the reviewed, correct output of a prompt for a prior auth).
 * Errors: AppError not_found (case), validation (prompt_type; 'Expected output must be JSON').
 */
export async function createGroundTruth(database: Database, organizationId: string, input: GroundTruthInput, userId: string | null) {
  const type = requirePromptType(input.prompt_type);
  const pa = await requirePriorAuth(database, organizationId, input.prior_auth_id);
  return storeGroundTruth(database, organizationId, { prior_auth_id: pa.id }, { ...input, prompt_type: type }, userId);
}

/**
 * Stores a ground truth for a case the caller has already found in `organizationId` (`ref`), with
 * a prompt_type the caller has validated. Returns the serialized row
 * `{ token, kind, prior_auth_id, claim_id, prompt_type, expected, notes, created_by_id, created_at }`.
 * Errors: AppError validation ('Expected output must be JSON', lengths).
 */
export async function storeGroundTruth(
  database: Database,
  organizationId: string,
  ref: CaseRef,
  input: { prompt_type: string; expected: unknown; notes?: string | null },
  userId: string | null,
) {
  requireMaxLength(input.notes, 5000, "Notes");
  requireMaxLength(input.expected, 1_000_000, "Expected output");
  let expected = input.expected;
  if (typeof expected === "string") {
    try {
      expected = parseJsonText(expected);
    } catch (err) {
      throw new AppError("validation", isAppError(err) && err.message !== INVALID_JSON ? err.message : "Expected output must be JSON");
    }
  }
  if (expected === null || typeof expected !== "object") throw new AppError("validation", "Expected output must be JSON");
  const row = await database.prisma.groundTruth.create({
    data: {
      organization_id: organizationId,
      ...ref,
      prompt_type: input.prompt_type,
      expected: expected as object,
      notes: input.notes?.toString().trim() || null,
      created_by_id: userId,
    },
  });
  return serializeGroundTruth(row);
}

/** The organization's ground truths (prior auths and claims), newest first. */
export async function listGroundTruths(database: Database, organizationId: string) {
  const rows = await database.prisma.groundTruth.findMany({ where: { organization_id: organizationId }, orderBy: [{ created_at: "desc" }, { id: "desc" }] });
  return rows.map(serializeGroundTruth);
}

async function evaluateAgainstGroundTruth(database: Database, organizationId: string, ref: CaseRef, type: string, actual: unknown): Promise<PromptEvaluation> {
  const truth = await database.prisma.groundTruth.findFirst({
    where: { organization_id: organizationId, ...ref, prompt_type: type },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
  });
  const kind = ref.claim_id ? "claim" : "prior auth";
  if (!truth) return { ground_truth_id: null, score: null, matched: 0, total: 0, diff: [], message: `No ground truth for this prompt type and ${kind} yet` };
  return { ground_truth_id: truth.id, ...compareOutputs(truth.expected, actual) };
}

const IGNORED_KEYS = new Set(["citations", "quotes", "evidence", "passage", "start", "end"]);

/** Flattens JSON into path → leaf value ("patient.first_name", "diagnoses[0].code"), skipping citation-like keys. */
export function flattenJson(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) {
    if (!value.length && prefix) out.set(prefix, []);
    value.forEach((v, i) => flattenJson(v, `${prefix}[${i}]`, out));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (!IGNORED_KEYS.has(k)) flattenJson(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value ?? null);
  }
  return out;
}

/**
 * Field-by-field comparison of `actual` with `expected`: every leaf of expected is compared after
 * normalisation (case, whitespace, dates). Score = matched / expected leaves (1 when expected is empty).
 */
export function compareOutputs(expected: unknown, actual: unknown): Omit<PromptEvaluation, "ground_truth_id"> {
  const want = flattenJson(expected);
  const got = flattenJson(actual);
  const diff: PromptEvaluation["diff"] = [];
  let matched = 0;
  for (const [path, value] of want) {
    const other = got.has(path) ? got.get(path) : undefined;
    const match =
      JSON.stringify(value) === JSON.stringify(other) || (typeof value !== "object" && normalizeValue(value) === normalizeValue(other) && other !== undefined);
    if (match) matched++;
    diff.push({ path, expected: value, actual: other ?? null, match });
  }
  return { score: want.size ? matched / want.size : 1, matched, total: want.size, diff };
}
