/**
 * POST /api/o/{orgId}/webhook_endpoints/{id}/rotate_secret → {secret}
 * A new signing secret, effective at once and shown only in this answer. No body.
 */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints.$webhookId.rotate_secret";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { rotateWebhookSecret } from "~/webhooks/manage-webhooks.server";

export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    if (request.method !== "POST") return methodNotAllowed("POST");
    return ok(await rotateWebhookSecret(await getDatabase(), organization.id, params.webhookId));
  } catch (err) {
    return handleApiError(err);
  }
}
