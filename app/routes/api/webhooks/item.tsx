import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "~/webhooks/manage-webhooks.server";
import { WebhookEndpointInputSchema } from "~/webhooks/webhook-input";
import { WebhookEndpointJsonSchema } from "~/webhooks/webhook-json";

/**
 * GET    /api/o/{orgId}/webhook_endpoints/{webhookId}(.json) → {webhook}
 * PUT    /api/o/{orgId}/webhook_endpoints/{webhookId} {url, description?, event_types[]} → {webhook}
 * DELETE /api/o/{orgId}/webhook_endpoints/{webhookId} → {webhook: {id}}
 * Input: WebhookEndpointInputSchema (app/webhooks/webhook-input.ts). Another organization's id → 404.
 */
/** The endpoint id of the URL (the `.json` alias's param may carry the suffix). */
const webhookIdOf = (params: Record<string, string | undefined>) => (params.webhookId ?? "").replace(/\.json$/i, "");

const route = apiRoute({
  GET: {
    permission: "webhooks.manage",
    summary: "A webhook endpoint",
    tags: ["Webhooks"],
    response: z.object({ webhook: WebhookEndpointJsonSchema }),
    handler: async ({ organizationId, params }) => ({ webhook: await getWebhookEndpoint(await getDatabase(), organizationId, webhookIdOf(params)) }),
  },
  PUT: {
    permission: "webhooks.manage",
    summary: "Update a webhook endpoint",
    description: "Replaces the URL, description and event types. The signing secret is unchanged (see rotate_secret).",
    tags: ["Webhooks"],
    body: WebhookEndpointInputSchema,
    response: z.object({ webhook: WebhookEndpointJsonSchema }),
    errors: { 422: "One message per invalid field" },
    handler: async ({ organizationId, params, body }) => ({
      webhook: await updateWebhookEndpoint(await getDatabase(), organizationId, webhookIdOf(params), body),
    }),
  },
  DELETE: {
    permission: "webhooks.manage",
    summary: "Delete a webhook endpoint",
    description: "Deletes the endpoint and its delivery attempts.",
    tags: ["Webhooks"],
    response: z.object({ webhook: z.object({ id: z.string() }) }),
    async handler({ organizationId, params }) {
      await deleteWebhookEndpoint(await getDatabase(), organizationId, webhookIdOf(params));
      return { webhook: { id: webhookIdOf(params) } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
