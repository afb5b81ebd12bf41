/** GET /api/o/{orgId}/webhook_endpoints.json → {webhook_endpoints} (same as without .json). */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listWebhookEndpoints } from "~/webhooks/manage-webhooks.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    return ok({ webhook_endpoints: await listWebhookEndpoints(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
