import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ok } from "~/lib/http.server";
import { rerunWebhookAttempt } from "~/webhooks/manage-webhooks.server";

/**
 * POST /api/o/{orgId}/webhook_endpoints/{webhookId}/webhook_deliveries/{deliveryId}/rerun → 202 {job_id}
 * Sends the attempt's message again (same webhook-id) through the queue. No body.
 */
const route = apiRoute({
  POST: {
    summary: "Resend a webhook delivery",
    description: "Queues the attempt's message again (same webhook-id and payload) as a new delivery job with its own retries. Answers 202. No body.",
    tags: ["Webhooks"],
    response: z.object({ job_id: z.string() }),
    async handler({ organizationId, params }) {
      return ok(await rerunWebhookAttempt(await getDatabase(), organizationId, params.webhookId ?? "", params.deliveryId ?? ""), { status: 202 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
