/**
 * GET  /api/o/{orgId}/webhook_endpoints → {webhook_endpoints} (newest first, with error_rate 0..1).
 * POST /api/o/{orgId}/webhook_endpoints {url, description?, event_types[]} → {webhook, secret}
 *   (input: WebhookEndpointInputSchema in app/webhooks/webhook-input.ts; `secret` is shown only here).
 */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/webhooks/manage-webhooks.server";
import { WebhookEndpointInputSchema } from "~/webhooks/webhook-input";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    return ok({ webhook_endpoints: await listWebhookEndpoints(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const input = WebhookEndpointInputSchema.parse(await readBody(request));
    const { webhook, secret } = await createWebhookEndpoint(await getDatabase(), organization.id, input);
    return ok({ webhook, secret }, { status: 201 });
  } catch (err) {
    return handleApiError(err);
  }
}
