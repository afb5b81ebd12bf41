import type { Route } from "./+types/api.o.$orgId.claims.$id";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { deleteClaim } from "~/claims/create-claim.server";
import { getClaimDetail } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims/{id} → the claim detail (same as {id}.json). 404 unknown / other organization. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok(await getClaimDetail(await getDatabase(), organization.id, params.id));
  } catch (err) {
    return handleApiError(err);
  }
}

/** DELETE /api/o/{orgId}/claims/{token} → {claim: {token}}; 404 unknown / other organization. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    return ok({ claim: await deleteClaim(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}
