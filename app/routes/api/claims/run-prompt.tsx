import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { runClaimPrompt } from "~/prompts/claim-prompts.server";
import { ClaimRunPromptBodySchema, RunPromptResponseSchema } from "~/prompts/schemas";

/** POST /api/o/{orgId}/claims/{id}/run_prompt {prompt_type, system_prompt, json_schema, user_prompt, evaluation_mode} → {data, engine, model, evaluation?}; 404 another organization. */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Re-run one prompt on a medical claim",
    description:
      "Evaluation mode: re-runs that stage of the claim pipeline on the stored document and returns its output; the claim's lines and decisions are not changed (a reviewer's decision is never touched). " +
      "Built-in engine: the prompt texts do not apply. Model: sends the given system prompt, user prompt template (filled from the claim; once per service line for clinical_review and decision) and JSON Schema. " +
      "With evaluation_mode the output is compared with the claim's latest ground truth of that prompt_type.",
    tags: ["Developer"],
    body: ClaimRunPromptBodySchema,
    response: RunPromptResponseSchema,
    errors: { 422: "Invalid input" },
    handler: async ({ organizationId, params, body }) => runClaimPrompt(await getDatabase(), organizationId, params.id!, body),
  },
});
export const loader = route.loader;
export const action = route.action;
