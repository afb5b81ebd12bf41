/**
 * POST /api/o/{orgId}/webhook_endpoints/{id}/webhook_deliveries/{delivery}/rerun → {job_id}
 * Sends the attempt's message again (same webhook-id) through the queue. No body.
 */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints.$webhookId.webhook_deliveries.$deliveryId.rerun";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { rerunWebhookAttempt } from "~/webhooks/manage-webhooks.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    if (request.method !== "POST") return methodNotAllowed("POST");
    return ok(await rerunWebhookAttempt(await getDatabase(), organization.id, params.webhookId, params.deliveryId), { status: 202 });
  } catch (err) {
    return handleApiError(err);
  }
}
