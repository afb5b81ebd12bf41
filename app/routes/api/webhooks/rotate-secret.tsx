import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { rotateWebhookSecret } from "~/webhooks/manage-webhooks.server";
import { WebhookSecretJsonSchema } from "~/webhooks/webhook-json";

/**
 * POST /api/o/{orgId}/webhook_endpoints/{webhookId}/rotate_secret → {secret}
 * A new signing secret, effective at once and shown only in this answer. No body.
 */
const route = apiRoute({
  POST: {
    summary: "Rotate a webhook endpoint's signing secret",
    description: "Deliveries from now on are signed with the new secret. No body.",
    tags: ["Webhooks"],
    response: z.object({ secret: WebhookSecretJsonSchema }),
    handler: async ({ organizationId, params }) => rotateWebhookSecret(await getDatabase(), organizationId, params.webhookId ?? ""),
  },
});
export const loader = route.loader;
export const action = route.action;
