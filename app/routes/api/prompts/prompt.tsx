import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { getPrompt } from "~/prompts/prompts.server";
import { PromptResponseSchema, PROMPT_TYPE_VALUES } from "~/prompts/schemas";

/** GET /api/prompts.json?prompt_type= → {prompt_type, system_prompt, user_prompt, json_schema, variables}. Session or any valid API key. */
const route = apiRoute({
  auth: "any",
  GET: {
    summary: "A prompt of the model path",
    description: "The stored prompt of that type, else the default. A session or any valid API key.",
    tags: ["Developer"],
    // Documented as the enum; the domain function answers 422 for an unknown type with its own message.
    query: z.object({
      prompt_type: z
        .string()
        .optional()
        .describe(`one of ${PROMPT_TYPE_VALUES.join(", ")}`),
    }),
    response: PromptResponseSchema,
    errors: { 422: "Unknown prompt_type" },
    async handler({ query }) {
      return getPrompt(await getDatabase(), query.prompt_type ?? "");
    },
  },
});
export const loader = route.loader;
export const action = route.action;
