/** /api request and response shapes of the prompt tooling (used by routes and the OpenAPI document). */
import { z } from "zod";

const BoolLike = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0", ""])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

export const PROMPT_TYPE_VALUES = ["extraction", "eligibility", "clinical_review", "audit", "decision", "decision_tree"] as const;

/** The prompt types of the medical-claim pipeline (GET /api/claim_prompts.json, claims run_prompt). */
export const CLAIM_PROMPT_TYPE_VALUES = ["extraction", "service_lines", "clinical_review", "audit", "decision"] as const;
export type ClaimPromptType = (typeof CLAIM_PROMPT_TYPE_VALUES)[number];

export const RunPromptBodySchema = z.object({
  prompt_type: z.enum(PROMPT_TYPE_VALUES),
  system_prompt: z.string().max(100_000).nullish(),
  user_prompt: z.string().max(200_000).nullish(),
  json_schema: z
    .union([z.record(z.string(), z.unknown()), z.string().max(200_000)])
    .nullish()
    .describe("JSON Schema object or its JSON text; invalid JSON is ignored"),
  evaluation_mode: BoolLike.optional().describe("compare the output with the latest ground truth of this prompt_type for the case"),
});

export const PromptResponseSchema = z.object({
  prompt_type: z.enum(PROMPT_TYPE_VALUES),
  system_prompt: z.string(),
  user_prompt: z.string().describe("template; {{placeholders}} are filled from the case"),
  json_schema: z.record(z.string(), z.unknown()),
  variables: z.array(z.string()),
});

export const RunPromptResponseSchema = z.object({
  data: z.unknown().describe("the stage's output (built-in engine) or the model's JSON reply"),
  engine: z.enum(["builtin", "openai"]),
  model: z.string().nullable(),
  evaluation: z
    .object({
      ground_truth_id: z.string().nullable(),
      score: z.number().nullable(),
      matched: z.number().int(),
      total: z.number().int(),
      diff: z.array(z.object({ path: z.string(), expected: z.unknown(), actual: z.unknown(), match: z.boolean() })),
      message: z.string().optional(),
    })
    .optional(),
});

/** POST .../claims/{id}/run_prompt: the prior-auth body with the claim pipeline's prompt types. */
export const ClaimRunPromptBodySchema = RunPromptBodySchema.extend({ prompt_type: z.enum(CLAIM_PROMPT_TYPE_VALUES) });

/** GET /api/claim_prompts.json: the prior-auth prompt shape with the claim pipeline's prompt types. */
export const ClaimPromptResponseSchema = PromptResponseSchema.extend({ prompt_type: z.enum(CLAIM_PROMPT_TYPE_VALUES) });
