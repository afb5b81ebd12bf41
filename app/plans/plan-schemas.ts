import { z } from "zod";
import { US_STATES } from "./plan-constants";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");

/** A plan as created through the form or POST /api/o/{org}/plans (spec §5: all but termination required). */
export const PlanInputSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  identification: z.string().trim().min(1, "Identification is required").max(100, "Identification must be at most 100 characters"),
  document_type: z.enum(["pharmacy", "medical"]).default("pharmacy"),
  line_of_business: z.string().trim().min(1, "Line of business is required").max(100, "Line of business must be at most 100 characters"),
  plan_type: z.string().trim().min(1, "Plan type is required").max(100, "Plan type must be at most 100 characters"),
  state: z
    .string()
    .trim()
    .max(100)
    .refine((s) => US_STATES.some((st) => st.abbreviation === s.toUpperCase() || st.name === s), "Choose a US state"),
  effective_date: isoDate,
  termination_date: isoDate.nullish(),
  is_active: z.boolean().default(true),
  file_url: z.string().max(2048, "File URL must be at most 2048 characters").nullish(),
});
export type PlanInput = z.input<typeof PlanInputSchema>;

/** One eligibility roster row (FORMAT.md `members`). */
export const RosterMemberSchema = z.object({
  member_id: z.string().trim().min(1).max(64),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  birth_date: isoDate,
  gender: z.string().max(20).nullish(),
  plan_identification: z.string().max(100).nullish(),
  coverage_start: isoDate,
  coverage_end: isoDate.nullish(),
});

/** One formulary row (FORMAT.md `formulary`). */
export const FormularyRowSchema = z.object({
  drug_name: z.string().trim().min(1).max(200),
  ndc: z.string().max(20).nullish(),
  tier: z.number().int().nullish(),
  requires_prior_auth: z.boolean().default(true),
  quantity_limit: z.object({ amount: z.number(), unit: z.string().max(50), period_days: z.number().int() }).nullish(),
  quantity_limit_note: z.string().max(2000).nullish(),
  step_therapy: z
    .array(z.object({ drug_name: z.string().max(200), duration_days: z.number().int() }))
    .max(50)
    .default([]),
});
