/**
 * The one input schema of "create a plan" (PRODUCT-SPEC §5 "Plan": title, identification, line of
 * business, plan type, state and effective date required; termination date optional), shared by the
 * Add Plan form (Conform, in the browser and in the page action), POST /api/o/{org}/plans (JSON,
 * urlencoded or multipart), the OpenAPI document and createPlan itself. No server-only imports.
 *
 * Values may come as form strings or JSON: blank optional fields read as null, `is_active` accepts
 * true/false, "true"/"false", "on", "1"/"0", "yes"/"no", and a state its abbreviation or its name.
 */
import { z } from "zod";
import { US_STATES } from "./plan-constants";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_FORMAT_MESSAGE = "Use YYYY-MM-DD";
export const PDF_REQUIRED = "Please upload a PDF file";

/**
 * Missing (undefined / null) → "" so that a required field reports its own message, then the format.
 * (In the browser and the page action Conform turns "" back into undefined after this step, hence
 * the same "required" message on the type check.)
 */
const orEmpty = (v: unknown) => (v === undefined || v === null ? "" : v);
/** A blank string (or absent value) → null. */
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** true/false, "true"/"false", "on"/"off", "1"/"0", "yes"/"no" → boolean; absent or blank → undefined. */
export function readBoolean(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "boolean") return v;
  if (typeof v === "string" || typeof v === "number") return ["true", "on", "1", "yes"].includes(String(v).trim().toLowerCase());
  return v;
}

const requiredText = (required: string, label: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);

/**
 * The two-letter abbreviation for an abbreviation (any case) or a full name of a state, DC or a
 * territory, "US" for "Nationwide" (a program offered in every state), else null.
 */
export function stateAbbreviation(value: string): string | null {
  const v = value.trim();
  if (/^nationwide$/i.test(v)) return "US";
  return US_STATES.find((s) => s.abbreviation === v.toUpperCase() || s.name.toLowerCase() === v.toLowerCase())?.abbreviation ?? null;
}

export const CreatePlanInputSchema = z.object({
  title: requiredText("Title is required", "Title", 200).describe("plan name, e.g. 'Gold PPO 2026' (required)"),
  identification: requiredText("Identification is required", "Identification", 100).describe("the plan's identifier, e.g. 'GOLD-2026' (required)"),
  document_type: z
    .preprocess((v) => blankToNull(v) ?? undefined, z.enum(["pharmacy", "medical"], { error: "Document type must be pharmacy or medical" }).default("pharmacy"))
    .describe("pharmacy | medical (default pharmacy)"),
  line_of_business: requiredText("Line of business is required", "Line of business", 100).describe("e.g. Commercial, Medicare, Medicaid (required)"),
  plan_type: requiredText("Plan type is required", "Plan type", 100).describe("e.g. PPO, HMO (required)"),
  state: z
    .preprocess(
      orEmpty,
      z
        // the form sends a blank choice as nothing at all (Conform), the API may send anything
        .string({ error: (iss) => (iss.input === undefined ? "State is required" : "Choose a US state") })
        .trim()
        .min(1, "State is required")
        .max(100, "Choose a US state")
        .refine((s) => s === "" || stateAbbreviation(s) !== null, "Choose a US state"),
    )
    .describe("a US state: its abbreviation (CA) or name (California); stored as the abbreviation (required)"),
  effective_date: z
    .preprocess(
      orEmpty,
      z
        .string({ error: (iss) => (iss.input === undefined ? "Effective date is required" : DATE_FORMAT_MESSAGE) })
        .trim()
        .min(1, "Effective date is required")
        // a missing date also gets the format hint (the /api answers both; the form shows the first)
        .regex(ISO_DAY, DATE_FORMAT_MESSAGE),
    )
    .meta({ format: "date", description: "YYYY-MM-DD (required)" }),
  termination_date: z
    .preprocess(blankToNull, z.string({ error: DATE_FORMAT_MESSAGE }).trim().regex(ISO_DAY, DATE_FORMAT_MESSAGE).nullable())
    .optional()
    .meta({ format: "date", description: "YYYY-MM-DD, or blank / null while the plan runs (optional)" }),
  is_active: z
    .preprocess(readBoolean, z.boolean({ error: "Active must be true or false" }).default(true))
    .describe("true | false (also 'on', '1', 'yes'); default true"),
  file_url: z
    .preprocess(blankToNull, z.string({ error: "File URL must be text" }).max(2048, "File URL must be at most 2048 characters").nullable())
    .optional()
    .describe("a link to the plan's document elsewhere (optional)"),
});

/**
 * What createPlan accepts (the schema's input with its accepted spellings): dates "YYYY-MM-DD",
 * `state` an abbreviation or a name, `is_active` a boolean or its form spelling.
 */
export interface CreatePlanInput {
  title: string;
  identification: string;
  document_type?: "pharmacy" | "medical" | "";
  line_of_business: string;
  plan_type: string;
  state: string;
  effective_date: string;
  termination_date?: string | null;
  is_active?: boolean | string;
  file_url?: string | null;
}
export type CreatePlan = z.output<typeof CreatePlanInputSchema>;

/**
 * The Add Plan form: the command's fields, the page's intent, the optional plan document, and an
 * unchecked "Active" box meaning inactive (HTML sends nothing for it; the API's default is active).
 */
export const CreatePlanFormSchema = CreatePlanInputSchema.extend({
  intent: z.literal("create"),
  is_active: z.preprocess((v) => readBoolean(v) ?? false, z.boolean()),
  // a File in the browser and in the action; Conform turns an empty file input into undefined
  file: z.any().optional(),
});
