import type { Route } from "./+types/api.o.$orgId.prior_auths.$id";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";

/** GET /api/o/{orgId}/prior_auths/{token} → the detail (same as {token}.json). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok(await getPriorAuthDetail(await getDatabase(), organization.id, params.id));
  } catch (err) {
    return handleApiError(err);
  }
}

/** DELETE /api/o/{orgId}/prior_auths/{token} → {success, errors, prior_auth: {token}}; 404 unknown / other org. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    return ok({ prior_auth: await deletePriorAuth(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}
