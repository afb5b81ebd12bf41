import type { Route } from "./+types/api.o.$orgId.prior_auths.$id";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";

/** GET /api/o/{orgId}/prior_auths/{token} → the detail (same as {token}.json). */
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

/** DELETE /api/o/{orgId}/prior_auths/{token} → {success, errors, prior_auth: {token}}; 404 unknown / other org. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.write");
    if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    return ok({ prior_auth: await deletePriorAuth(await getDatabase(), organization.id, params.id) });
  } catch (err) {
    return handleApiError(err);
  }
}
