/**
 * The one input schema for creating or editing an AI rule (HTML form and /api/o/{org}/ai_rules).
 * Lists arrive as JSON arrays or as text (one entry per line; scopes also comma-separated).
 * Conditions and actions must parse in the rule language (app/clinical/rules/rule-language.ts), conditions
 * after the reviewer synonyms of rule-words.ts ("patient age" → age).
 */
import { z } from "zod";
import { validateRuleWords } from "./rule-words";

export const RULE_STAGES = ["eligibility", "clinical", "audit"] as const;
/** Priority 1 (applied first) … 10. The spec's default of 100 is outside its own 1–10 range; 5 (the middle) is used. */
export const DEFAULT_RULE_PRIORITY = 5;

const lines = (sep: RegExp) =>
  z.preprocess(
    (v) => {
      if (v == null || v === "") return [];
      if (Array.isArray(v)) return v.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
      if (typeof v === "string")
        return v
          .split(sep)
          .map((x) => x.trim())
          .filter(Boolean);
      return v;
    },
    z.array(z.string().max(500, "Each entry must be at most 500 characters")).max(50, "At most 50 entries"),
  );
const bool = z.preprocess(
  (v) => (v === "on" || v === "true" || v === true ? true : v === "false" || v === false || v == null || v === "" ? false : v),
  z.boolean(),
);
const date = z.preprocess(
  (v) => (v === "" || v == null ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD")
    .nullable(),
);

export const SaveAiRuleInputSchema = z
  .object({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200),
    description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(2000),
    applies_to: z.enum(RULE_STAGES, { error: "Applies to must be eligibility, clinical or audit" }),
    conditions: lines(/\r?\n/),
    actions: lines(/\r?\n/),
    scoped_drug_names: lines(/\r?\n|,/),
    scoped_plan_ids: lines(/\r?\n|,/),
    scoped_ndcs: lines(/\r?\n|,/),
    scoped_rxnorms: lines(/\r?\n|,/),
    start_date: date.optional().default(null),
    end_date: date.optional().default(null),
    priority: z.preprocess(
      (v) => (v === "" || v == null ? DEFAULT_RULE_PRIORITY : typeof v === "string" ? Number(v) : v),
      z
        .number({ error: "Priority must be a number" })
        .int("Priority must be a whole number")
        .min(1, "Priority must be at least 1")
        .max(10, "Priority must be at most 10"),
    ),
    active: bool.optional().default(true),
  })
  .superRefine((r, ctx) => {
    if (!r.actions.length) ctx.addIssue({ code: "custom", path: ["actions"], message: "At least one action is required" });
    for (const m of validateRuleWords(r.conditions, r.actions))
      ctx.addIssue({ code: "custom", path: [m.startsWith("Condition") ? "conditions" : "actions"], message: m });
    if (r.start_date && r.end_date && r.end_date < r.start_date)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "End date must not be before the start date" });
  });
export type SaveAiRuleInput = z.infer<typeof SaveAiRuleInputSchema>;
