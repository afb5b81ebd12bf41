import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";
import { liveEventStream } from "~/queue/event-stream.server";

/** GET /api/o/{orgId}/prior_auths/{id}/events — SSE of channel prior_auth:{id} (intake steps 1-5, decision, chat.*). */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Prior auth live channel",
    description:
      "Events: `queued`, `step` {step 1-5, label, message, status}, `completed`, `failed`, `retrying`, `decision`, `letter`, `chat.created`, `chat.delta`, `chat.completed`, `chat.error`.",
    tags: ["Live events"],
    produces: "event-stream",
    async handler({ request, organizationId, params }) {
      const database = await getDatabase();
      const pa = await requirePriorAuth(database, organizationId, params.id!);
      return liveEventStream(request, database, [`prior_auth:${pa.id}`]);
    },
  },
});
export const loader = route.loader;
export const action = route.action;
