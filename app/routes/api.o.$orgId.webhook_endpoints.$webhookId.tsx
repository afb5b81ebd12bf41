/**
 * GET    /api/o/{orgId}/webhook_endpoints/{id} → {webhook}
 * PUT    /api/o/{orgId}/webhook_endpoints/{id} {url, description?, event_types[]} → {webhook}
 * DELETE /api/o/{orgId}/webhook_endpoints/{id} → {webhook: {id}}
 * Input: WebhookEndpointInputSchema (app/webhooks/webhook-input.ts). Another organization's id → 404.
 */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints.$webhookId";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "~/webhooks/manage-webhooks.server";
import { WebhookEndpointInputSchema } from "~/webhooks/webhook-input";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    return ok({ webhook: await getWebhookEndpoint(await getDatabase(), organization.id, params.webhookId) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    const database = await getDatabase();
    if (request.method === "PUT") {
      const input = WebhookEndpointInputSchema.parse(await readBody(request));
      return ok({ webhook: await updateWebhookEndpoint(database, organization.id, params.webhookId, input) });
    }
    if (request.method === "DELETE") {
      await deleteWebhookEndpoint(database, organization.id, params.webhookId);
      return ok({ webhook: { id: params.webhookId } });
    }
    return methodNotAllowed("GET, PUT, DELETE");
  } catch (err) {
    return handleApiError(err);
  }
}
