import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");

/** Creating a plan has its own input file (the form, /api, OpenAPI and createPlan share it). */
export { CreatePlanInputSchema as PlanInputSchema, type CreatePlanInput as PlanInput } from "./create-plan-input";

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
