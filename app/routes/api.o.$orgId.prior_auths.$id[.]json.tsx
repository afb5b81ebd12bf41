import type { Route } from "./+types/api.o.$orgId.prior_auths.$id[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";

/** GET /api/o/{orgId}/prior_auths/{token}.json → the prior auth detail (PriorAuthDetailSchema). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok(await getPriorAuthDetail(await getDatabase(), organization.id, params.id));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
