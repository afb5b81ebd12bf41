import type { Route } from "./+types/api.o.$orgId.prior_auths.$id[.]json";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";

/** GET /api/o/{orgId}/prior_auths/{token}.json → the prior auth detail (PriorAuthDetailSchema). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const auth = await requireApiAuth(request, params.orgId, "cases.read");
    const detail = await getPriorAuthDetail(await getDatabase(), auth.organization.id, params.id);
    await recordAuditEvent(auth, request, { action: "prior_auth.view", resource_type: "prior_auth", resource_id: params.id, prior_auth_id: params.id });
    return ok(detail);
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
