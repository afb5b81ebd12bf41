import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { runPrompt } from "~/prompts/prompts.server";
import { RunPromptBodySchema, RunPromptResponseSchema } from "~/prompts/schemas";

/** POST /api/o/{orgId}/prior_auths/{id}/run_prompt {prompt_type, system_prompt, json_schema, user_prompt, evaluation_mode} → {data, evaluation?}. */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Re-run one prompt on a case",
    description:
      "Built-in engine: re-runs that stage on the stored document (the prompt texts do not apply). Model: sends the given system prompt, user prompt template (filled from the case) and JSON Schema. " +
      "With evaluation_mode the output is compared with the latest ground truth of that prompt_type for the case.",
    tags: ["Developer"],
    body: RunPromptBodySchema,
    response: RunPromptResponseSchema,
    errors: { 422: "Invalid input" },
    handler: async ({ organizationId, params, body }) => runPrompt(await getDatabase(), organizationId, params.id!, body),
  },
});
export const loader = route.loader;
export const action = route.action;
