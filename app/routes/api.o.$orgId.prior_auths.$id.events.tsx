import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.events";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { liveEventStream } from "~/queue/event-stream.server";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";

/** GET /api/o/{orgId}/prior_auths/{id}/events — SSE of channel prior_auth:{id} (intake steps 1-5, decision, chat.*). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.read");
    const database = await getDatabase();
    const pa = await requirePriorAuth(database, organization.id, params.id);
    return liveEventStream(request, database, [`prior_auth:${pa.id}`]);
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
