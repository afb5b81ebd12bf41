import type { Route } from "./+types/api.o.$orgId.claims.$id.events";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { liveEventStream } from "~/queue/event-stream.server";
import { requireClaim } from "~/claims/create-claim.server";

/** GET /api/o/{orgId}/claims/{id}/events — SSE of the claims channel claim:{id} (intake steps 1-5, decisions, letters). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const database = await getDatabase();
    const claim = await requireClaim(database, organization.id, params.id);
    return liveEventStream(request, database, [`claim:${claim.id}`]);
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
