/** The policy extraction schema (shared by the server and the schema builder in the browser). */
import { z } from "zod";

/** How often the plan page asks for an extraction job's state while it is processing (PRODUCT-SPEC §4, §9: 5 seconds). */
export const EXTRACTION_POLL_MS = 5_000;

export const EXTRACTION_FIELD_TYPES = ["string", "number", "integer", "boolean", "array"] as const;

/**
 * Keys every extracted row carries besides its fields (ExtractedPolicy): a field with one of these
 * ids would overwrite them and its values would land in the wrong column, so they are refused.
 */
export const RESERVED_FIELD_IDS = ["coverage_policy_id", "citations", "drug_directory"] as const;

/** Bounds of a custom extraction schema (the builder offers 11 predefined fields plus a few own). */
export const EXTRACTION_SCHEMA_LIMITS = { fields: 50, jsonChars: 64_000, depth: 6 } as const;

const FieldSchema = z.object({
  field_id: z
    .string()
    .trim()
    .max(64, "Field ids are at most 64 characters")
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, "Field ids use letters, digits and underscores")
    .refine((id) => !(RESERVED_FIELD_IDS as readonly string[]).includes(id), {
      message: "coverage_policy_id, citations and drug_directory are reserved field ids",
    }),
  title: z.string().max(200, "Field titles are at most 200 characters").default(""),
  description: z.string().max(1000, "Field descriptions are at most 1000 characters").default(""),
  type: z.enum(EXTRACTION_FIELD_TYPES, { message: "Field type must be string, number, integer, boolean or array" }),
  items: z.object({ type: z.enum(["string", "number", "integer", "boolean"], { message: "An array holds one item type, no nested arrays" }) }).optional(),
});

/** The schema builder's output: {title, description, properties: [{field_id, title, description, type}]}. */
export const ExtractionSchemaSchema = z
  .object({
    title: z.string().max(200, "The schema title is at most 200 characters").default("Coverage policy"),
    description: z.string().max(2000, "The schema description is at most 2000 characters").default(""),
    properties: z
      .array(FieldSchema)
      .min(1, "Add at least one field")
      .max(EXTRACTION_SCHEMA_LIMITS.fields, `A schema has at most ${EXTRACTION_SCHEMA_LIMITS.fields} fields`),
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

export const DEFAULT_EXTRACTION_SCHEMA: ExtractionSchema = {
  title: "Coverage policy",
  description: "Fields extracted from each coverage policy",
  properties: PREDEFINED_FIELDS,
};

/**
 * The builder's reading of Json Schema text: the builder shape or a JSON Schema object
 * (`{properties: {id: {type, title, description, items}}}`), when it parses and is a valid schema;
 * else null (the tab keeps the last valid schema: PRODUCT-SPEC §5 "invalid JSON is ignored").
 */
export function schemaFromJsonText(text: string): ExtractionSchema | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.properties && typeof v.properties === "object" && !Array.isArray(v.properties)) {
    v.properties = Object.entries(v.properties as Record<string, Record<string, unknown> | null>).map(([field_id, p]) => ({
      field_id,
      title: p?.title ?? "",
      description: p?.description ?? "",
      type: p?.type,
      ...(p?.items ? { items: p.items } : {}),
    }));
  }
  const parsed = ExtractionSchemaSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
}
