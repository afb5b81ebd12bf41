import type { Route } from "./+types/api.o.$orgId.events";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { liveEventStream } from "~/queue/event-stream.server";

/** GET /api/o/{orgId}/events — SSE of channel org:{orgId} (list refresh: `prior_auth` events). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.read");
    return liveEventStream(request, await getDatabase(), [`org:${organization.id}`]);
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
