/**
 * Policy extraction with a custom schema (PRODUCT-SPEC §2 "Policy extractor", §3 "Policy extraction
 * schema"): for every coverage policy of a plan, fill the schema's fields from the policy's decision
 * tree (machine-readable criteria written by the tree generator) and, where the tree says nothing,
 * from sentences of the policy text. Built-in engine only; each value cites the wording it came from.
 *
 * A POST leaves the plan processed (`extracted_policies` and `processed_at` are set before it
 * returns), but the work runs on an isolated worker thread with a time and memory limit
 * (extraction-engine.ts), so a large schema cannot stall other requests of the web process.
 */
import { z } from "zod";
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

/**
 * Extracts `schema` from every coverage policy of the plan and stores the result on the plan
 * (extraction_schema, extracted_policies, processed_at). Returns what GET extracted_coverage_policies returns.
 * Throws AppError not_found (plan of another organization) or validation (bad schema, no policies).
 */
export async function extractCoveragePolicies(database: Database, organizationId: string, planId: string, rawSchema: unknown) {
  await requirePlan(database, organizationId, planId);
  const schema = rawSchema === undefined || rawSchema === null || rawSchema === "" ? DEFAULT_EXTRACTION_SCHEMA : parseExtractionSchema(rawSchema);
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
  const processedAt = new Date();
  await database.prisma.plan.update({
    where: { id: planId },
    data: { extraction_schema: toJson(schema), extracted_policies: toJsonValue(extracted), processed_at: processedAt, reducto_job_id: null },
  });
  return { extracted_policies: extracted, processed_at: processedAt.toISOString(), json_schema: schema, processing: false };
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

/** The last extraction of the plan: {extracted_policies ([] before the first run), processed_at, json_schema, processing}. */
export async function getExtractedCoveragePolicies(database: Database, organizationId: string, planId: string) {
  const plan = await requirePlan(database, organizationId, planId);
  return {
    extracted_policies: (plan.extracted_policies as ExtractedPolicy[] | null) ?? [],
    processed_at: plan.processed_at ? plan.processed_at.toISOString() : null,
    json_schema: (plan.extraction_schema as ExtractionSchema | null) ?? DEFAULT_EXTRACTION_SCHEMA,
    processing: false,
  };
}
