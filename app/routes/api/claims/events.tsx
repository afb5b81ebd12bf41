import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { requireClaim } from "~/claims/create-claim.server";
import { liveEventStream } from "~/queue/event-stream.server";

/** GET /api/o/{orgId}/claims/{id}/events — SSE of the claim's channel claim:{id} (intake steps 1-5, decisions, letters). */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Medical claim live channel",
    description: "Events: `queued`, `step` {step 1-5, label, message, status}, `completed`, `failed`, `retrying`, `decision`, `letter`.",
    tags: ["Live events"],
    produces: "event-stream",
    async handler({ request, organizationId, params }) {
      const database = await getDatabase();
      const claim = await requireClaim(database, organizationId, params.id!);
      return liveEventStream(request, database, [`claim:${claim.id}`]);
    },
  },
});
export const loader = route.loader;
export const action = route.action;
