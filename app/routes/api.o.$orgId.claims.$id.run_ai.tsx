import type { Route } from "./+types/api.o.$orgId.claims.$id.run_ai";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { queueClaimIntake } from "~/claims/create-claim.server";

/** POST /api/o/{orgId}/claims/{id}/run_ai — (re)queues the claim intake. → {claim: {token, intake_status}}; 404 other organization. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return methodNotAllowed("POST");
    const job = await queueClaimIntake(await getDatabase(), organization.id, params.id);
    return ok({ claim: { token: params.id.replace(/\.json$/i, ""), intake_status: "queued" }, job: { id: job.id } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
