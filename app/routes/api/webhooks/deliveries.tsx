import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listWebhookAttempts } from "~/webhooks/manage-webhooks.server";
import { WebhookDeliveriesQuerySchema } from "~/webhooks/webhook-input";
import { WebhookDeliveryJsonSchema } from "~/webhooks/webhook-json";

/**
 * GET /api/o/{orgId}/webhook_endpoints/{webhookId}/webhook_deliveries.json?filter=all|succeeded|failed&page=N
 *   → {webhook_deliveries, total, page, page_size, page_count, stats}; newest first, 10 a page.
 * Query: WebhookDeliveriesQuerySchema (app/webhooks/webhook-input.ts; bad values fall back to defaults).
 */
const route = apiRoute({
  GET: {
    summary: "List a webhook endpoint's delivery attempts",
    description: "Newest first, 10 a page. `succeeded` means response code 200; `failed` everything else. Bad filter/page values fall back to all / 1.",
    tags: ["Webhooks"],
    query: WebhookDeliveriesQuerySchema,
    response: z.object({
      webhook_deliveries: z.array(WebhookDeliveryJsonSchema),
      total: z.number().int().describe("attempts matching the filter"),
      page: z.number().int(),
      page_size: z.number().int(),
      page_count: z.number().int(),
      stats: z.object({ total: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }).describe("all attempts of the endpoint"),
    }),
    async handler({ organizationId, params, query }) {
      const { attempts, webhook: _webhook, ...rest } = await listWebhookAttempts(await getDatabase(), organizationId, params.webhookId ?? "", query);
      return { webhook_deliveries: attempts, ...rest };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
