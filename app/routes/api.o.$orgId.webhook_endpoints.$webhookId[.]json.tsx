/** GET /api/o/{orgId}/webhook_endpoints/{id}.json → {webhook}. Another organization's id → 404. */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints.$webhookId[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getWebhookEndpoint } from "~/webhooks/manage-webhooks.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    return ok({ webhook: await getWebhookEndpoint(await getDatabase(), organization.id, params.webhookId) });
  } catch (err) {
    return handleApiError(err);
  }
}

export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
