/**
 * Policy extraction with a custom schema (PRODUCT-SPEC §2 "Policy extractor", §3 "Policy extraction
 * schema"): for every coverage policy of a plan, fill the schema's fields from the policy's decision
 * tree (machine-readable criteria written by the tree generator) and, where the tree says nothing,
 * from sentences of the policy text. Built-in engine only; each value cites the wording it came from.
 *
 * Runs synchronously (a plan has a handful of policies and no model is called), so a POST leaves the
 * plan processed: `extracted_policies` and `processed_at` are set before it returns.
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { requirePlan } from "./manage-plans.server";

export const EXTRACTION_FIELD_TYPES = ["string", "number", "integer", "boolean", "array"] as const;
type FieldType = (typeof EXTRACTION_FIELD_TYPES)[number];

const FieldSchema = z.object({
  field_id: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_]*$/, "Field ids use letters, digits and underscores"),
  title: z.string().default(""),
  description: z.string().default(""),
  type: z.enum(EXTRACTION_FIELD_TYPES, { message: "Field type must be string, number, integer, boolean or array" }),
  items: z.object({ type: z.enum(["string", "number", "integer", "boolean"], { message: "An array holds one item type, no nested arrays" }) }).optional(),
});

/** The schema builder's output: {title, description, properties: [{field_id, title, description, type}]}. */
export const ExtractionSchemaSchema = z
  .object({
    title: z.string().default("Coverage policy"),
    description: z.string().default(""),
    properties: z.array(FieldSchema).min(1, "Add at least one field"),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    for (const f of s.properties) {
      if (seen.has(f.field_id)) ctx.addIssue({ code: "custom", message: `Each field can be used once: ${f.field_id}` });
      seen.add(f.field_id);
    }
  });
export type ExtractionSchema = z.infer<typeof ExtractionSchemaSchema>;

/** The predefined fields (each usable once), in the builder's order. */
export const PREDEFINED_FIELDS: ExtractionSchema["properties"] = [
  { field_id: "drug_name", title: "Drug name", description: "The drug the policy covers", type: "string" },
  { field_id: "drugs", title: "Drugs", description: "Brand and generic names in scope", type: "array", items: { type: "string" } },
  { field_id: "age_restriction", title: "Age restriction", description: "Minimum or maximum age", type: "string" },
  { field_id: "part_b_required", title: "Part B required", description: "Medicare Part B prerequisite", type: "boolean" },
  { field_id: "off_label_uses", title: "Off label uses", description: "Off-label use wording", type: "string" },
  { field_id: "step_therapy_required", title: "Step therapy required", description: "Prior drugs must be tried first", type: "boolean" },
  { field_id: "exclusion_criteria", title: "Exclusion criteria", description: "When the drug is not covered", type: "string" },
  { field_id: "other_criteria", title: "Other criteria", description: "Criteria not captured elsewhere", type: "string" },
  { field_id: "required_medications", title: "Required medications", description: "Drugs or classes to try first", type: "array", items: { type: "string" } },
  { field_id: "prescriber_requirement", title: "Prescriber requirement", description: "Required prescriber specialty", type: "string" },
  { field_id: "coverage_duration", title: "Coverage duration", description: "Length of an approval", type: "string" },
];

export const DEFAULT_EXTRACTION_SCHEMA: ExtractionSchema = { title: "Coverage policy", description: "Fields extracted from each coverage policy", properties: PREDEFINED_FIELDS };

/**
 * Accepts the builder's shape, a JSON Schema object (`{properties: {field: {type, title, description}}}`)
 * or either as JSON text. Throws AppError("validation") with the first problem.
 */
export function parseExtractionSchema(raw: unknown): ExtractionSchema {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new AppError("validation", "json_schema is not valid JSON");
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
    throw new AppError("validation", issue?.message && issue.code !== "invalid_type" ? issue.message : "json_schema needs a properties list of {field_id, title, description, type}");
  }
  return parsed.data;
}

interface Source {
  text: string;
  page?: number;
  node_id?: string;
}
type Value = string | number | boolean | string[] | null;

interface PolicyFacts {
  policy: { id: string; drug_name: string; drugs_list: string[]; policy_text: string | null };
  nodes: { id: string; node_type: string; node_action: string | null; question: string; reason: string | null; criterion: unknown; passage: unknown }[];
  sentences: string[];
}

type Criterion = { kind?: string; items?: Criterion[]; drugs?: string[]; classes?: string[]; text?: string; conditions?: string[] };

/** Flattens nested all/any criteria of a node. */
function criteriaOf(node: PolicyFacts["nodes"][number]): Criterion[] {
  const out: Criterion[] = [];
  const walk = (c: Criterion | null | undefined) => {
    if (!c || typeof c !== "object") return;
    out.push(c);
    for (const i of c.items ?? []) walk(i);
  };
  // a node's criterion is { role, spec } (app/clinical/contracts NodeCriterionSchema)
  const stored = node.criterion as { spec?: Criterion } | null;
  walk(stored?.spec ?? (stored as Criterion | null));
  return out;
}

function nodeSource(node: PolicyFacts["nodes"][number]): Source {
  const p = node.passage as { text?: string; page?: number } | null;
  return { text: p?.text ?? node.question, ...(p?.page ? { page: p.page } : {}), node_id: node.id };
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.;])\s+(?=[A-Z0-9])/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length > 3);
}

function findSentences(f: PolicyFacts, re: RegExp): string[] {
  return f.sentences.filter((s) => re.test(s));
}

function questionNodes(f: PolicyFacts, kinds: string[]) {
  return f.nodes.filter((n) => n.node_type === "question" && criteriaOf(n).some((c) => c.kind && kinds.includes(c.kind)));
}

/** Built-in extractors of the predefined (and sample) fields: value plus where it came from. */
const EXTRACTORS: Record<string, (f: PolicyFacts) => { value: Value; sources: Source[] }> = {
  drug_name: (f) => ({ value: f.policy.drug_name, sources: [] }),
  drugs: (f) => ({ value: [...new Set([f.policy.drug_name, ...f.policy.drugs_list])], sources: [] }),
  age_restriction: (f) => {
    const nodes = questionNodes(f, ["age"]);
    if (nodes.length) return { value: nodes.map((n) => n.question).join("; "), sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /\b\d{1,2}\s*(years? of age|years? old|years? or older)|\bage[ds]?\s*(of\s*)?\d{1,2}\b/i);
    return { value: hits[0] ?? null, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  prescriber_requirement: (f) => {
    const nodes = questionNodes(f, ["prescriber"]);
    if (nodes.length) return { value: nodes.map((n) => n.question).join("; "), sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /prescribed by|in consultation with/i);
    return { value: hits[0] ?? null, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  step_therapy_required: (f) => {
    const nodes = questionNodes(f, ["prior_therapy"]);
    if (nodes.length) return { value: true, sources: nodes.map(nodeSource) };
    const hits = findSentences(f, /step therapy|tried and failed|inadequate response|trial of|failure of/i);
    return { value: hits.length > 0, sources: hits.slice(0, 2).map((text) => ({ text })) };
  },
  required_medications: (f) => {
    const nodes = questionNodes(f, ["prior_therapy"]);
    const names = nodes.flatMap((n) => criteriaOf(n).filter((c) => c.kind === "prior_therapy").flatMap((c) => [...(c.drugs ?? []), ...(c.classes ?? [])]));
    return { value: [...new Set(names)], sources: nodes.map(nodeSource) };
  },
  exclusion_criteria: (f) => {
    const hits = findSentences(f, /not (be )?covered|exclusion|not (recommended|authorized|medically necessary)|will not be approved|contraindicat/i);
    return { value: hits.length ? hits.join(" ") : null, sources: hits.map((text) => ({ text })) };
  },
  coverage_duration: (f) => {
    const re = /(?:approve|approval|authori[sz]ation|authori[sz]ed|coverage)[^.]{0,40}?\b(?:for|up to|duration[:\s]+|period[:\s]+|of)\s*(\d+\s*(?:months?|weeks?|years?|days?))/i;
    for (const n of f.nodes) {
      const m = n.reason ? re.exec(n.reason) : null;
      if (m) return { value: m[1]!, sources: [{ text: n.reason!, node_id: n.id }] };
    }
    for (const s of f.sentences) {
      const m = re.exec(s);
      if (m) return { value: m[1]!, sources: [{ text: s }] };
    }
    return { value: null, sources: [] };
  },
  part_b_required: (f) => {
    const hits = findSentences(f, /\bPart B\b/i);
    return { value: hits.length > 0, sources: hits.slice(0, 1).map((text) => ({ text })) };
  },
  off_label_uses: (f) => {
    const hits = findSentences(f, /off[- ]label|compendi/i);
    return { value: hits.length ? hits.join(" ") : null, sources: hits.map((text) => ({ text })) };
  },
  indication: (f) => {
    const nodes = questionNodes(f, ["diagnosis"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
  required_medical_information: (f) => {
    const nodes = questionNodes(f, ["lab", "diagnosis"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
  other_criteria: (f) => {
    const nodes = questionNodes(f, ["text", "dose_limit", "current_therapy", "concurrent_use"]);
    return { value: nodes.length ? nodes.map((n) => n.question).join("; ") : null, sources: nodes.map(nodeSource) };
  },
};
// The spec's sample extracted policy uses these names for the same facts.
EXTRACTORS.age_restrictions = EXTRACTORS.age_restriction!;
EXTRACTORS.prescribe_restrictions = EXTRACTORS.prescriber_requirement!;
EXTRACTORS.prescriber_restrictions = EXTRACTORS.prescriber_requirement!;
EXTRACTORS.part_b_prereq = EXTRACTORS.part_b_required!;

const STOP = new Set(["the", "a", "an", "of", "for", "and", "or", "to", "in", "is", "are", "with", "any", "policy", "drug"]);

/** Custom field: the policy sentence sharing the most words with the field's id, title and description. */
function extractCustom(f: PolicyFacts, field: ExtractionSchema["properties"][number]): { value: Value; sources: Source[] } {
  const words = [...new Set(`${field.field_id.replace(/_/g, " ")} ${field.title} ${field.description}`.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])].filter((w) => !STOP.has(w));
  let best: { s: string; score: number } | null = null;
  for (const s of f.sentences) {
    const lower = s.toLowerCase();
    const score = words.filter((w) => lower.includes(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { s, score };
  }
  const needed = Math.min(2, words.length);
  if (!best || best.score < needed) return { value: field.type === "boolean" ? false : null, sources: [] };
  return { value: best.s, sources: [{ text: best.s }] };
}

/** Casts an extracted value to the field's declared type (null when it cannot be expressed). */
function coerce(value: Value, type: FieldType): Value {
  if (value === null) return type === "array" ? [] : null;
  switch (type) {
    case "boolean":
      return typeof value === "boolean" ? value : Array.isArray(value) ? value.length > 0 : Boolean(value);
    case "array":
      return Array.isArray(value) ? value : typeof value === "boolean" ? [] : [String(value)];
    case "number":
    case "integer": {
      if (typeof value === "number") return type === "integer" ? Math.trunc(value) : value;
      const m = /-?\d+(\.\d+)?/.exec(Array.isArray(value) ? value.join(" ") : String(value));
      if (!m) return null;
      return type === "integer" ? Math.trunc(Number(m[0])) : Number(m[0]);
    }
    default:
      return Array.isArray(value) ? value.join(", ") : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
  }
}

export interface ExtractedPolicy {
  coverage_policy_id: string;
  [field: string]: unknown;
  citations: Record<string, Source[]>;
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
  const extracted: ExtractedPolicy[] = policies.map((p) => {
    const facts: PolicyFacts = { policy: p, nodes: p.nodes, sentences: sentencesOf(p.policy_text ?? "") };
    const row: ExtractedPolicy = { coverage_policy_id: p.id, citations: {} };
    for (const field of schema.properties) {
      const extractor = EXTRACTORS[field.field_id];
      const { value, sources } = extractor ? extractor(facts) : extractCustom(facts, field);
      row[field.field_id] = coerce(value, field.type);
      if (sources.length) row.citations[field.field_id] = sources;
    }
    return row;
  });
  const processedAt = new Date();
  await database.prisma.plan.update({
    where: { id: planId },
    data: { extraction_schema: schema as never, extracted_policies: extracted as never, processed_at: processedAt, reducto_job_id: null },
  });
  return { extracted_policies: extracted, processed_at: processedAt.toISOString(), json_schema: schema, processing: false };
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
