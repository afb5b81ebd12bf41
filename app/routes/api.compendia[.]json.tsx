/**
 * GET /api/compendia.json → {compendia: [{id, name, description, logo, source_url}]}
 * The global compendium catalogue. Any signed-in user, or any valid API key.
 */
import type { Route } from "./+types/api.compendia[.]json";
import { apiUnauthorized, bearerToken, requireApiUser } from "~/auth/require-org-member.server";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { listCompendia } from "~/compendia/manage-compendia.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const token = bearerToken(request);
    if (token !== null) {
      if (!token || !(await findActiveApiKey(token))) throw apiUnauthorized("Invalid API key");
    } else {
      await requireApiUser(request);
    }
    return ok({ compendia: await listCompendia(await getDatabase()) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const token = bearerToken(request);
    if (token === null) await requireApiUser(request);
    else if (!token || !(await findActiveApiKey(token))) throw apiUnauthorized("Invalid API key");
    return methodNotAllowed("GET");
  } catch (err) {
    return handleApiError(err);
  }
}
