import type { Route } from "./+types/api.o.$orgId.claims.$id[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getClaimDetail } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims/{id}.json → {claim, fax, patient, claim_diagnoses, service_requests, practitioners, epa_submission, service_decisions}. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    return ok(await getClaimDetail(await getDatabase(), organization.id, params.id));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
