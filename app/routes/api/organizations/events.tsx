import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { liveEventStream } from "~/queue/event-stream.server";

/** GET /api/o/{orgId}/events — SSE of channel org:{orgId} (list refresh: `prior_auth` events). */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Organization live channel (list refresh)",
    description: "Events: `prior_auth` {id, intake_status | final_decision | deleted}.",
    tags: ["Live events"],
    produces: "event-stream",
    handler: async ({ request, organizationId }) => liveEventStream(request, await getDatabase(), [`org:${organizationId}`]),
  },
});
export const loader = route.loader;
export const action = route.action;
