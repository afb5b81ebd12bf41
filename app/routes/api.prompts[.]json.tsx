import type { Route } from "./+types/api.prompts[.]json";
import { apiUnauthorized, bearerToken, requireApiUser } from "~/auth/require-org-member.server";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { getPrompt } from "~/prompts/prompts.server";

/** GET /api/prompts.json?prompt_type= → {prompt_type, system_prompt, user_prompt, json_schema, variables}. Session or any valid API key. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const token = bearerToken(request);
    if (token !== null) {
      if (!token || !(await findActiveApiKey(token))) throw apiUnauthorized("Invalid API key");
    } else {
      await requireApiUser(request);
    }
    const promptType = new URL(request.url).searchParams.get("prompt_type") ?? "";
    return ok(await getPrompt(await getDatabase(), promptType));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
