/**
 * GET /api/o/{orgId}/webhook_endpoints/{id}/webhook_deliveries.json?filter=all|succeeded|failed&page=N
 *   → {webhook_deliveries, total, page, page_size, page_count, stats}; newest first, 10 a page.
 * Query: WebhookDeliveriesQuerySchema (app/webhooks/webhook-input.ts; bad values fall back to defaults).
 */
import type { Route } from "./+types/api.o.$orgId.webhook_endpoints.$webhookId.webhook_deliveries[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listWebhookAttempts } from "~/webhooks/manage-webhooks.server";
import { WebhookDeliveriesQuerySchema } from "~/webhooks/webhook-input";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "webhooks.manage");
    const q = WebhookDeliveriesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { attempts, webhook: _w, ...rest } = await listWebhookAttempts(await getDatabase(), organization.id, params.webhookId, q);
    return ok({ webhook_deliveries: attempts, ...rest });
  } catch (err) {
    return handleApiError(err);
  }
}

export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
