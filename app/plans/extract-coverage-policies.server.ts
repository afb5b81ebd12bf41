/**
 * Policy extraction with a custom schema (PRODUCT-SPEC §2 "Policy extractor", §3 "Policy extraction
 * schema"): for every coverage policy of a plan, fill the schema's fields from the policy's decision
 * tree (machine-readable criteria written by the tree generator) and, where the tree says nothing,
 * from sentences of the policy text. Built-in engine only; each value cites the wording it came from.
 *
 * An extraction is a job recorded on the plan (PRODUCT-SPEC §4 "Policy extraction: a job present and
 * not processed means polling every 5 seconds until processed"): starting one sets `reducto_job_id`
 * (the job id) and `extraction_started_at` and clears `processed_at`; the work runs on an isolated
 * worker thread with a time and memory limit (extraction-engine.ts), so a large schema cannot stall
 * other requests of the web process; when it ends the plan gets `extracted_policies` and
 * `processed_at`, or `extraction_error`. The plan page polls the state (ExtractionState.status).
 *
 * The job runs in the web process that started it, not on the job queue: a process that dies
 * mid-run leaves a job that never finishes, which readers report as failed once it is older than
 * EXTRACTION_STALE_MS (an extraction takes seconds with the built-in engine; the pool's limit is 20 s).
 */
import crypto from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import type { Database } from "~/lib/db.server";
import { AppError, isAppError } from "~/lib/errors";
import { toJson, toJsonValue } from "~/lib/json";
import { createIsolatedPool, IsolatedTaskError, type IsolatedPool } from "~/lib/isolated-pool.server";
import { MAX_JSON_DEPTH, jsonDepth, parseJsonText } from "~/lib/request-body";
import type { ExtractedPolicy, PolicyForExtraction } from "./extraction-engine";
import { requirePlan } from "./manage-plans.server";

export type { ExtractedPolicy } from "./extraction-engine";

export {
  DEFAULT_EXTRACTION_SCHEMA,
  EXTRACTION_FIELD_TYPES,
  EXTRACTION_POLL_MS,
  EXTRACTION_SCHEMA_LIMITS,
  ExtractionSchemaSchema,
  PREDEFINED_FIELDS,
  type ExtractionSchema,
} from "./extraction-schema";
import { DEFAULT_EXTRACTION_SCHEMA, EXTRACTION_SCHEMA_LIMITS, ExtractionSchemaSchema, type ExtractionSchema } from "./extraction-schema";

/**
 * Accepts the builder's shape, a JSON Schema object (`{properties: {field: {type, title, description}}}`)
 * or either as JSON text, within EXTRACTION_SCHEMA_LIMITS (at most 50 fields, 64 000 characters of
 * JSON, 6 levels deep). Throws AppError("validation") (422) with the first problem.
 */
export function parseExtractionSchema(raw: unknown): ExtractionSchema {
  const { jsonChars, depth } = EXTRACTION_SCHEMA_LIMITS;
  // Size and depth first, before anything walks the value (issue 8, defect 13).
  const text = typeof raw === "string" ? raw : JSON.stringify(raw ?? null);
  if (text.length > jsonChars) throw new AppError("validation", `json_schema is larger than ${jsonChars} characters`);
  if (jsonDepth(text, depth) > depth) throw new AppError("validation", `json_schema is nested more than ${depth} levels deep`);
  let value = raw;
  if (typeof value === "string") {
    try {
      value = parseJsonText(value, { maxDepth: Math.min(depth, MAX_JSON_DEPTH) });
    } catch (err) {
      throw new AppError(
        "validation",
        isAppError(err) && err.code === "bad_request" && !/Invalid JSON/.test(err.message) ? err.message : "json_schema is not valid JSON",
      );
    }
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (v.properties && typeof v.properties === "object" && !Array.isArray(v.properties)) {
      value = {
        ...v,
        properties: Object.entries(v.properties as Record<string, Record<string, unknown>>).map(([field_id, p]) => ({
          field_id,
          title: p?.title ?? "",
          description: p?.description ?? "",
          type: p?.type,
          ...(p?.items ? { items: p.items } : {}),
        })),
      };
    }
  }
  const parsed = ExtractionSchemaSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      "validation",
      issue?.message && issue.code !== "invalid_type" ? issue.message : "json_schema needs a properties list of {field_id, title, description, type}",
    );
  }
  return parsed.data;
}

/** A job still unfinished this long after it started is reported as failed (its process is gone). */
export const EXTRACTION_STALE_MS = 5 * 60_000;
export const EXTRACTION_LOST_MESSAGE = "The extraction stopped before it finished (the server restarted); start it again.";
export const EXTRACTION_RUNNING_MESSAGE = "An extraction is already running for this plan; wait for it to finish.";

export type ExtractionStatus = "none" | "processing" | "processed" | "failed";

/**
 * What GET extracted_coverage_policies and the plan page read: the last result
 * (`extracted_policies` rows keyed by field_id, [] before the first run or while a run is
 * processing), `processed_at` (ISO, null until a run finishes), the schema of the last started run,
 * and the job: `status`, `job_id`, `started_at` (ISO), `error` (one message when failed).
 */
export interface ExtractionState {
  extracted_policies: ExtractedPolicy[];
  processed_at: string | null;
  json_schema: ExtractionSchema;
  processing: boolean;
  status: ExtractionStatus;
  job_id: string | null;
  started_at: string | null;
  error: string | null;
}

type PlanRow = Awaited<ReturnType<typeof requirePlan>>;

/** The extraction state of a plan row at `now` (a processing job older than EXTRACTION_STALE_MS is failed). */
export function extractionStateOf(plan: PlanRow, now = new Date()): ExtractionState {
  let status: ExtractionStatus = "none";
  let error: string | null = null;
  if (plan.extraction_error) {
    status = "failed";
    error = plan.extraction_error;
  } else if (plan.processed_at) status = "processed";
  else if (plan.reducto_job_id) {
    const started = plan.extraction_started_at?.getTime() ?? 0;
    if (now.getTime() - started > EXTRACTION_STALE_MS) {
      status = "failed";
      error = EXTRACTION_LOST_MESSAGE;
    } else status = "processing";
  }
  return {
    extracted_policies: status === "processed" ? ((plan.extracted_policies as ExtractedPolicy[] | null) ?? []) : [],
    processed_at: status === "processed" && plan.processed_at ? plan.processed_at.toISOString() : null,
    json_schema: canonicalSchema((plan.extraction_schema as ExtractionSchema | null) ?? DEFAULT_EXTRACTION_SCHEMA),
    processing: status === "processing",
    status,
    job_id: plan.reducto_job_id,
    started_at: plan.extraction_started_at ? plan.extraction_started_at.toISOString() : null,
    error,
  };
}

/** The schema with its keys in the builder's order (jsonb stores object keys in its own order). */
function canonicalSchema(schema: ExtractionSchema): ExtractionSchema {
  return {
    title: schema.title,
    description: schema.description,
    properties: (schema.properties ?? []).map((p) => ({
      field_id: p.field_id,
      title: p.title,
      description: p.description,
      type: p.type,
      ...(p.items ? { items: { type: p.items.type } } : {}),
    })),
  };
}

/** The plan's extraction state (see ExtractionState). Throws AppError not_found for another organization's plan. */
export async function getExtractedCoveragePolicies(database: Database, organizationId: string, planId: string): Promise<ExtractionState> {
  return extractionStateOf(await requirePlan(database, organizationId, planId));
}

/**
 * Starts an extraction job of `rawSchema` (builder shape, JSON Schema, or either as JSON text; the
 * predefined fields when empty) over every coverage policy of the plan and returns at once with the
 * job's state (`status: "processing"`) and `done`, which settles with the final state (never rejects).
 * Throws, before anything is stored: AppError not_found (another organization's plan), validation
 * (bad schema, a plan without coverage policies), conflict (a job of this plan is still processing).
 */
export async function startCoveragePolicyExtraction(
  database: Database,
  organizationId: string,
  planId: string,
  rawSchema: unknown,
): Promise<{ state: ExtractionState; done: Promise<ExtractionState> }> {
  await requirePlan(database, organizationId, planId);
  const schema = rawSchema === undefined || rawSchema === null || rawSchema === "" ? DEFAULT_EXTRACTION_SCHEMA : parseExtractionSchema(rawSchema);
  const count = await database.prisma.coveragePolicy.count({ where: { organization_id: organizationId, plan_id: planId } });
  if (count === 0) throw new AppError("validation", "This plan has no coverage policies to extract from");
  const jobId = `extract_${crypto.randomUUID()}`;
  const now = new Date();
  // One job per plan at a time: claim the plan only when no fresh job is processing (one statement,
  // so two clicks at once cannot both start).
  const claimed = await database.prisma.plan.updateMany({
    where: {
      id: planId,
      organization_id: organizationId,
      OR: [
        { reducto_job_id: null },
        { processed_at: { not: null } },
        { extraction_error: { not: null } },
        { extraction_started_at: null },
        { extraction_started_at: { lt: new Date(now.getTime() - EXTRACTION_STALE_MS) } },
      ],
    },
    data: {
      reducto_job_id: jobId,
      extraction_started_at: now,
      extraction_error: null,
      processed_at: null,
      extraction_schema: toJson(schema),
      extracted_policies: Prisma.DbNull,
    },
  });
  if (claimed.count === 0) throw new AppError("conflict", EXTRACTION_RUNNING_MESSAGE);
  const done = runExtractionJob(database, organizationId, planId, jobId, schema).catch((err: unknown): ExtractionState => {
    console.error(`policy extraction ${jobId}: could not read the final state`, err);
    return { ...lostState(schema, jobId), error: "The extraction's result could not be read; reload the page." };
  });
  return { state: await getExtractedCoveragePolicies(database, organizationId, planId), done };
}

/**
 * Runs an extraction to the end and returns its result (what the API's POST answers): starts the job
 * (startCoveragePolicyExtraction, same errors) and waits for it. A job that fails throws
 * AppError("validation") with its message (e.g. too large for the time or memory limit).
 */
export async function extractCoveragePolicies(database: Database, organizationId: string, planId: string, rawSchema: unknown): Promise<ExtractionState> {
  const { done } = await startCoveragePolicyExtraction(database, organizationId, planId, rawSchema);
  const final = await done;
  if (final.status !== "processed") throw new AppError("validation", final.error ?? "The extraction did not finish");
  return final;
}

/**
 * Milliseconds a finished extraction is held in the processing state before its result is stored
 * (POLICY_EXTRACTION_HOLD_MS, default 0). Only for watching the waiting screen: the end-to-end tests
 * set it, since the built-in engine finishes before a browser could see the job processing.
 */
function holdMs(): number {
  const n = Number(process.env.POLICY_EXTRACTION_HOLD_MS);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 60_000) : 0;
}

/** The job body: extract, then store the result or the failure, unless a newer job replaced this one. */
async function runExtractionJob(database: Database, organizationId: string, planId: string, jobId: string, schema: ExtractionSchema): Promise<ExtractionState> {
  const mine = { id: planId, organization_id: organizationId, reducto_job_id: jobId };
  try {
    const policies = await database.prisma.coveragePolicy.findMany({
      where: { organization_id: organizationId, plan_id: planId },
      orderBy: { created_at: "asc" },
      include: { nodes: { orderBy: { position: "asc" } } },
    });
    if (policies.length === 0) throw new AppError("validation", "This plan has no coverage policies to extract from");
    const input: PolicyForExtraction[] = policies.map((p) => ({
      policy: { id: p.id, drug_name: p.drug_name, drugs_list: p.drugs_list, policy_text: p.policy_text },
      nodes: p.nodes.map((n) => ({
        id: n.id,
        node_type: n.node_type,
        node_action: n.node_action,
        question: n.question,
        reason: n.reason,
        criterion: n.criterion,
        passage: n.passage,
      })),
    }));
    let extracted: ExtractedPolicy[];
    try {
      // Off the request thread: other requests are served while this runs (issue 8, defect 13).
      extracted = await extractionPool().run<ExtractedPolicy[]>("extractPolicies", [schema, input]);
    } catch (err) {
      if (err instanceof IsolatedTaskError && (err.code === "timeout" || err.code === "out_of_memory")) {
        throw new AppError("validation", "The extraction is too large for this schema and these policies; use fewer or shorter fields", { cause: err });
      }
      throw err;
    }
    const hold = holdMs();
    if (hold) await new Promise((r) => setTimeout(r, hold));
    await database.prisma.plan.updateMany({
      where: mine,
      data: { extracted_policies: toJsonValue(extracted), processed_at: new Date(), extraction_error: null },
    });
  } catch (err) {
    const message = isAppError(err) ? err.message : "The extraction failed unexpectedly; start it again.";
    if (!isAppError(err)) console.error(`policy extraction ${jobId} failed`, err);
    await database.prisma.plan.updateMany({ where: mine, data: { extraction_error: message } }).catch((e: unknown) => {
      console.error(`policy extraction ${jobId}: could not record the failure`, e);
    });
  }
  const plan = await database.prisma.plan.findFirst({ where: { id: planId, organization_id: organizationId } });
  return plan ? extractionStateOf(plan) : { ...lostState(schema, jobId), error: "The plan was deleted during the extraction." };
}

function lostState(schema: ExtractionSchema, jobId: string): ExtractionState {
  return {
    extracted_policies: [],
    processed_at: null,
    json_schema: schema,
    processing: false,
    status: "failed",
    job_id: jobId,
    started_at: null,
    error: EXTRACTION_LOST_MESSAGE,
  };
}

const POOL_KEY = Symbol.for("priorauth.extractionPool");

/** One extraction thread per process (kept warm; 20 s and 256 MB per extraction). */
function extractionPool(): IsolatedPool {
  const g = globalThis as typeof globalThis & { [POOL_KEY]?: IsolatedPool };
  return (g[POOL_KEY] ??= createIsolatedPool({
    module: "app/plans/extraction-engine.ts",
    size: 1,
    timeoutMs: 20_000,
    maxMemoryMb: 256,
    label: "policy extraction",
  }));
}
