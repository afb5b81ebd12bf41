import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { getClaimPrompt } from "~/prompts/claim-prompts.server";
import { CLAIM_PROMPT_TYPE_VALUES, ClaimPromptResponseSchema } from "~/prompts/schemas";

/** GET /api/claim_prompts.json?prompt_type= → {prompt_type, system_prompt, user_prompt, json_schema, variables} of the claim pipeline. Session or any valid API key. */
const route = apiRoute({
  auth: "any",
  GET: {
    summary: "A prompt of the medical-claim pipeline",
    description: "The stored claim prompt of that type, else the default (same shape as /api/prompts.json). A session or any valid API key.",
    tags: ["Developer"],
    // Documented as the enum; the domain function answers 422 for an unknown type with its own message.
    query: z.object({
      prompt_type: z
        .string()
        .optional()
        .describe(`one of ${CLAIM_PROMPT_TYPE_VALUES.join(", ")}`),
    }),
    response: ClaimPromptResponseSchema,
    errors: { 422: "Unknown prompt_type" },
    async handler({ query }) {
      return getClaimPrompt(await getDatabase(), query.prompt_type ?? "");
    },
  },
});
export const loader = route.loader;
export const action = route.action;
