import type { Route } from "./+types/api.o.$orgId.claims[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listClaims } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims.json → {claims: [{token, patient_name, service_requests_size, created_at, intake_finished, …}]}. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok({ claims: await listClaims(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
