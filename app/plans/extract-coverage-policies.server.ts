/**
 * Policy extraction with a custom schema (PRODUCT-SPEC §2 "Policy extractor", §3 "Policy extraction
 * schema"): for every coverage policy of a plan, fill the schema's fields from the policy's decision
 * tree (machine-readable criteria written by the tree generator) and, where the tree says nothing,
 * from sentences of the policy text. Built-in engine only; each value cites the wording it came from.
 * Each policy's drug names are then normalised through the drug directory (extraction-drugs.ts):
 * canonical generic and brand names, product NDCs and known RxCUIs, or `matched: false`.
 *
 * An extraction is a job recorded on the plan (PRODUCT-SPEC §4 "Policy extraction: a job present and
 * not processed means polling every 5 seconds until processed"): starting one sets `reducto_job_id`
 * (the extraction id) and `extraction_started_at` and clears `processed_at`, and, in the same
 * transaction, enqueues the queue job `plan.policy_extraction` (extraction-job.server.ts, listed in
 * app/jobs.server.ts; ADR 0001, 0014) with the key `plan_extraction:<extraction id>`. Any worker
 * process claims it (the web process's own worker with the embedded database); a failed attempt is
 * retried with backoff (3 attempts), a worker that dies mid-run has its job re-queued by the queue's
 * stale sweep, and when the job fails for good its message lands in `extraction_error` (the job's
 * onFailure hook, which runs whoever records the failure). Inside the job the extraction itself runs
 * on an isolated worker thread with a time and memory limit (extraction-engine.ts, 20 s and 256 MB),
 * because with the embedded database the worker shares the web process: a large schema must not
 * stall its requests. When the job ends the plan gets `extracted_policies` and `processed_at`, or
 * `extraction_error`. The plan page polls the state (ExtractionState.status), which reads the queue
 * row by its key while the plan says processing: queued or running → processing (with a note while
 * an attempt is being retried), no job holding the key → failed (EXTRACTION_LOST_MESSAGE).
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
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { PermanentJobError } from "~/queue/errors";
import type { JobFailureInfo, JobTransaction } from "~/queue/define-job";
import { directoryCandidates, matchDrugNames, cleanDrugName, type DirectoryProduct, type DrugDirectoryMatch } from "./extraction-drugs";

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

/** Name of the queue job that runs an extraction (defined in extraction-job.server.ts). */
export const POLICY_EXTRACTION_JOB = "plan.policy_extraction" as const;
/** The queue key of an extraction's job (held while the job is queued or running). */
export const extractionJobKey = (extractionId: string) => `plan_extraction:${extractionId}`;

/**
 * A plan processing for this long with no queue row to ask (a job started before extraction moved
 * to the queue) is reported as failed. Jobs on the queue are judged by their queue row instead.
 */
export const EXTRACTION_STALE_MS = 5 * 60_000;
export const EXTRACTION_LOST_MESSAGE = "The extraction stopped before it finished; start it again.";
export const EXTRACTION_RUNNING_MESSAGE = "An extraction is already running for this plan; wait for it to finish.";
export const EXTRACTION_UNEXPECTED_MESSAGE = "The extraction failed unexpectedly; start it again.";

export type ExtractionStatus = "none" | "processing" | "processed" | "failed";

/**
 * What GET extracted_coverage_policies and the plan page read: the last result
 * (`extracted_policies` rows keyed by field_id plus `drug_directory`, [] before the first run or
 * while a run is processing), `processed_at` (ISO, null until a run finishes), the schema of the
 * last started run, and the job: `status`, `job_id`, `started_at` (ISO), `error` (one message when
 * failed), `note` (while processing: "Attempt 1 of 3 failed; retrying." after a failed attempt).
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
  note: string | null;
}

type PlanRow = Awaited<ReturnType<typeof requirePlan>>;

/** The queue row of an extraction's job, as the state reads it (null: no job holds the key). */
export interface ExtractionQueueJob {
  status: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

/**
 * The extraction state of a plan row at `now`. `queueJob` is the queue row holding the job's key
 * (null: none) — without it (undefined) a processing job older than EXTRACTION_STALE_MS is failed.
 */
export function extractionStateOf(plan: PlanRow, now = new Date(), queueJob?: ExtractionQueueJob | null): ExtractionState {
  let status: ExtractionStatus = "none";
  let error: string | null = null;
  let note: string | null = null;
  if (plan.extraction_error) {
    status = "failed";
    error = plan.extraction_error;
  } else if (plan.processed_at) status = "processed";
  else if (plan.reducto_job_id) {
    const started = plan.extraction_started_at?.getTime() ?? 0;
    const lost = queueJob === undefined ? now.getTime() - started > EXTRACTION_STALE_MS : queueJob === null || !["queued", "running"].includes(queueJob.status);
    if (lost) {
      status = "failed";
      error = EXTRACTION_LOST_MESSAGE;
    } else {
      status = "processing";
      if (queueJob && queueJob.last_error && queueJob.attempts >= 1) {
        note =
          queueJob.status === "queued"
            ? `Attempt ${queueJob.attempts} of ${queueJob.max_attempts} failed; retrying.`
            : `Attempt ${queueJob.attempts} of ${queueJob.max_attempts} is running.`;
      }
    }
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
    note,
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

const isPending = (plan: PlanRow) => Boolean(plan.reducto_job_id && !plan.processed_at && !plan.extraction_error);

async function queueJobOf(database: Database, extractionId: string): Promise<ExtractionQueueJob | null> {
  return database.prisma.job.findUnique({
    where: { key: extractionJobKey(extractionId) },
    select: { status: true, attempts: true, max_attempts: true, last_error: true },
  });
}

/** The state of a plan row, asking the queue about a pending job (re-reading the plan once if its job just ended). */
async function stateOfPlan(database: Database, plan: PlanRow): Promise<ExtractionState> {
  if (!isPending(plan)) return extractionStateOf(plan);
  const job = await queueJobOf(database, plan.reducto_job_id!);
  if (job) return extractionStateOf(plan, new Date(), job);
  // No job holds the key: it ended between the two reads (then the plan has its outcome now), or
  // it was lost; a job from before the queue (no row ever) is judged by its age.
  const again = await database.prisma.plan.findFirst({ where: { id: plan.id, organization_id: plan.organization_id } });
  if (!again) return extractionStateOf(plan, new Date(), null);
  if (!isPending(again) || again.reducto_job_id !== plan.reducto_job_id) return stateOfPlan(database, again);
  const everQueued = await database.prisma.job.count({
    where: { name: POLICY_EXTRACTION_JOB, payload: { path: ["extraction_id"], equals: plan.reducto_job_id! } },
  });
  return extractionStateOf(again, new Date(), everQueued ? null : undefined);
}

/** The plan's extraction state (see ExtractionState). Throws AppError not_found for another organization's plan. */
export async function getExtractedCoveragePolicies(database: Database, organizationId: string, planId: string): Promise<ExtractionState> {
  return stateOfPlan(database, await requirePlan(database, organizationId, planId));
}

/**
 * Starts an extraction of `rawSchema` (builder shape, JSON Schema, or either as JSON text; the
 * predefined fields when empty) over every coverage policy of the plan: records it on the plan and
 * enqueues its job in one transaction, and returns at once with the state (`status: "processing"`).
 * Throws, before anything is stored: AppError not_found (another organization's plan), validation
 * (bad schema, a plan without coverage policies), conflict (a job of this plan is still processing).
 */
export async function startCoveragePolicyExtraction(
  database: Database,
  organizationId: string,
  planId: string,
  rawSchema: unknown,
): Promise<{ state: ExtractionState }> {
  const plan = await requirePlan(database, organizationId, planId);
  const schema = rawSchema === undefined || rawSchema === null || rawSchema === "" ? DEFAULT_EXTRACTION_SCHEMA : parseExtractionSchema(rawSchema);
  const count = await database.prisma.coveragePolicy.count({ where: { organization_id: organizationId, plan_id: planId } });
  if (count === 0) throw new AppError("validation", "This plan has no coverage policies to extract from");
  if ((await stateOfPlan(database, plan)).status === "processing") throw new AppError("conflict", EXTRACTION_RUNNING_MESSAGE);
  const extractionId = `extract_${crypto.randomUUID()}`;
  await database.prisma.$transaction(async (tx) => {
    // One job per plan at a time: take the plan only if no other start replaced the job seen above
    // (a second click at the same moment waits on the row lock, then finds another id: conflict).
    const claimed = await tx.plan.updateMany({
      where: { id: planId, organization_id: organizationId, reducto_job_id: plan.reducto_job_id },
      data: {
        reducto_job_id: extractionId,
        extraction_started_at: new Date(),
        extraction_error: null,
        processed_at: null,
        extraction_schema: toJson(schema),
        extracted_policies: Prisma.DbNull,
      },
    });
    if (claimed.count === 0) throw new AppError("conflict", EXTRACTION_RUNNING_MESSAGE);
    await enqueue(
      database,
      POLICY_EXTRACTION_JOB,
      { organization_id: organizationId, plan_id: planId, extraction_id: extractionId },
      { tx, key: extractionJobKey(extractionId), lane: organizationLane(organizationId) },
    );
  });
  return { state: await getExtractedCoveragePolicies(database, organizationId, planId) };
}

/**
 * Waits (polling the plan every `pollMs`, default 250 ms) until the plan's extraction is no longer
 * processing, or `timeoutMs` (default 90 s) passed, and returns the state then (still "processing"
 * when the time ran out, e.g. no worker is running).
 */
export async function waitForExtraction(
  database: Database,
  organizationId: string,
  planId: string,
  opts: { timeoutMs?: number; pollMs?: number } = {},
): Promise<ExtractionState> {
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    const state = await getExtractedCoveragePolicies(database, organizationId, planId);
    if (state.status !== "processing" || Date.now() >= deadline) return state;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 250));
  }
}

/**
 * Runs an extraction for the API's POST: starts it (startCoveragePolicyExtraction, same errors) and
 * waits for its job (waitForExtraction, up to 90 s; after that, or at once when no worker is alive,
 * the answer is the processing state, to be polled with GET extracted_coverage_policies). A job that failed throws
 * AppError("validation") with its message (e.g. too large for the time or memory limit).
 */
export async function extractCoveragePolicies(database: Database, organizationId: string, planId: string, rawSchema: unknown): Promise<ExtractionState> {
  const { state } = await startCoveragePolicyExtraction(database, organizationId, planId, rawSchema);
  // No worker alive (none has beaten in the last minute): nobody will claim the job soon, so answer
  // the processing state at once instead of holding the request for the whole wait.
  const alive = await database.prisma.workerProcess.count({ where: { heartbeat_at: { gt: new Date(Date.now() - 60_000) } } });
  if (alive === 0) return state;
  const final = await waitForExtraction(database, organizationId, planId);
  if (final.status === "failed") throw new AppError("validation", final.error ?? "The extraction did not finish");
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

/** The payload of the extraction job. */
export interface ExtractionJobPayload {
  organization_id: string;
  plan_id: string;
  extraction_id: string;
}

/**
 * The job body (one attempt): extract, normalise the drugs, store the result — unless a newer
 * extraction replaced this one (then nothing is written; returns `{ superseded: true }`).
 * Failures retrying cannot fix (no policies left; the schema and policies are too large for the
 * thread's time or memory limit) are written to the plan at once and thrown as PermanentJobError;
 * anything else is thrown as is, for the queue to retry (markExtractionFailed records the last).
 */
export async function runPolicyExtractionJob(database: Database, payload: ExtractionJobPayload): Promise<{ superseded: boolean; policies: number }> {
  const { organization_id: organizationId, plan_id: planId, extraction_id: extractionId } = payload;
  const mine = { id: planId, organization_id: organizationId, reducto_job_id: extractionId, processed_at: null, extraction_error: null };
  const plan = await database.prisma.plan.findFirst({ where: mine });
  if (!plan) return { superseded: true, policies: 0 };
  const schema = ExtractionSchemaSchema.safeParse(plan.extraction_schema ?? DEFAULT_EXTRACTION_SCHEMA);
  const permanent = async (message: string, cause?: unknown): Promise<never> => {
    await database.prisma.plan.updateMany({ where: mine, data: { extraction_error: message } });
    throw new PermanentJobError(message, { cause });
  };
  if (!schema.success) return permanent("The stored extraction schema is not valid; start the extraction again.");
  const policies = await database.prisma.coveragePolicy.findMany({
    where: { organization_id: organizationId, plan_id: planId },
    orderBy: { created_at: "asc" },
    include: { nodes: { orderBy: { position: "asc" } } },
  });
  if (policies.length === 0) return permanent("This plan has no coverage policies to extract from");
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
    // Off the event loop: with the embedded database this worker serves requests too (issue 8, defect 13).
    extracted = await extractionPool().run<ExtractedPolicy[]>("extractPolicies", [schema.data, input]);
  } catch (err) {
    if (err instanceof IsolatedTaskError && (err.code === "timeout" || err.code === "out_of_memory")) {
      return permanent("The extraction is too large for this schema and these policies; use fewer or shorter fields", err);
    }
    throw err;
  }
  const directory = await drugDirectoryMatches(database, organizationId, planId, input);
  for (const row of extracted) row.drug_directory = directory.get(row.coverage_policy_id) ?? [];
  const hold = holdMs();
  if (hold) await new Promise((r) => setTimeout(r, hold));
  const written = await database.prisma.plan.updateMany({
    where: mine,
    data: { extracted_policies: toJsonValue(extracted), processed_at: new Date(), extraction_error: null },
  });
  return { superseded: written.count === 0, policies: extracted.length };
}

/**
 * The drug directory matches of each policy (by policy id): its drug_name and drugs_list matched
 * against directory products (extraction-drugs.ts), with the RxCUIs of the plan's formulary rows
 * for the same generic.
 */
async function drugDirectoryMatches(
  database: Database,
  organizationId: string,
  planId: string,
  input: PolicyForExtraction[],
): Promise<Map<string, DrugDirectoryMatch[]>> {
  const names = input.flatMap((p) => [p.policy.drug_name, ...p.policy.drugs_list]);
  const words = directoryCandidates(names).slice(0, 200);
  const products: DirectoryProduct[] = words.length
    ? await database.prisma.drugProduct.findMany({
        where: {
          OR: words.flatMap((w) => [
            { brand_name: { contains: w, mode: "insensitive" as const } },
            { generic_name: { contains: w, mode: "insensitive" as const } },
          ]),
        },
        select: { product_ndc: true, brand_name: true, generic_name: true },
        take: 5000,
      })
    : [];
  // RxCUIs known for a generic: the plan's formulary rows whose drug (or its directory match) is that generic.
  const formulary = await database.prisma.formularyDrugRequirement.findMany({
    where: { organization_id: organizationId, plan_id: planId, rxcui: { not: null } },
    select: { drug_name: true, rxcui: true },
  });
  const rxcuis = new Map<string, string[]>();
  for (const f of formulary) {
    const [m] = matchDrugNames([f.drug_name], products);
    const generic = m?.matched ? cleanDrugName(m.generic_name!) : cleanDrugName(f.drug_name);
    rxcuis.set(generic, [...new Set([...(rxcuis.get(generic) ?? []), f.rxcui!])]);
  }
  return new Map(input.map((p) => [p.policy.id, matchDrugNames([p.policy.drug_name, ...p.policy.drugs_list], products, rxcuis)]));
}

/**
 * The extraction job's onFailure hook (runs in the transaction recording each failed attempt, in
 * whichever worker records it, including the sweep after a worker died): when the job failed for
 * good, the plan gets `extraction_error` (unless the attempt already wrote its own message, or a
 * newer extraction replaced this one). Retried attempts write nothing: the state reads them from
 * the queue row (ExtractionState.note).
 */
export async function markExtractionFailed(tx: JobTransaction, payload: ExtractionJobPayload, info: JobFailureInfo): Promise<void> {
  if (!info.final) return;
  const detail = info.message.trim().split("\n")[0]!.slice(0, 300);
  const message =
    info.attempt >= info.maxAttempts && info.maxAttempts > 1
      ? `The extraction failed ${info.attempt} times (${detail || "no message"}); start it again.`
      : detail
        ? `The extraction failed (${detail}); start it again.`
        : EXTRACTION_UNEXPECTED_MESSAGE;
  await tx.plan.updateMany({
    where: { id: payload.plan_id, organization_id: payload.organization_id, reducto_job_id: payload.extraction_id, processed_at: null, extraction_error: null },
    data: { extraction_error: message },
  });
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
