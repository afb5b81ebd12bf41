import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ok } from "~/lib/http.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/webhooks/manage-webhooks.server";
import { WebhookEndpointInputSchema } from "~/webhooks/webhook-input";
import { WebhookEndpointJsonSchema, WebhookSecretJsonSchema } from "~/webhooks/webhook-json";

/**
 * GET  /api/o/{orgId}/webhook_endpoints(.json) → {webhook_endpoints} (newest first, with error_rate 0..1).
 * POST /api/o/{orgId}/webhook_endpoints {url, description?, event_types[]} → 201 {webhook, secret}
 *   (input: WebhookEndpointInputSchema in app/webhooks/webhook-input.ts; `secret` is shown only here).
 */
const route = apiRoute({
  GET: {
    summary: "List webhook endpoints",
    description: "Newest first, each with its delivery stats over the last 30 days. Secrets are never listed.",
    tags: ["Webhooks"],
    response: z.object({ webhook_endpoints: z.array(WebhookEndpointJsonSchema) }),
    handler: async ({ organizationId }) => ({ webhook_endpoints: await listWebhookEndpoints(await getDatabase(), organizationId) }),
  },
  POST: {
    summary: "Create a webhook endpoint",
    description: "Answers 201 with the endpoint and its signing secret; the secret is shown only in this answer.",
    tags: ["Webhooks"],
    body: WebhookEndpointInputSchema,
    response: z.object({ webhook: WebhookEndpointJsonSchema, secret: WebhookSecretJsonSchema }),
    errors: { 422: "One message per invalid field (URL, unknown event type, no event type)" },
    async handler({ organizationId, body }) {
      const { webhook, secret } = await createWebhookEndpoint(await getDatabase(), organizationId, body);
      return ok({ webhook, secret }, { status: 201 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
