import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.run_prompt";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { runPrompt } from "~/prompts/prompts.server";
import { RunPromptBodySchema } from "~/prompts/schemas";

/** POST /api/o/{orgId}/prior_auths/{id}/run_prompt {prompt_type, system_prompt, json_schema, user_prompt, evaluation_mode} → {data, evaluation?}. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = RunPromptBodySchema.parse(await readBody(request));
    return ok(await runPrompt(await getDatabase(), organization.id, params.id, body));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
