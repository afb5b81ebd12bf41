import type { Route } from "./+types/api.o.$orgId.plans.$planId";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { deletePlan, requirePlan, serializePlan } from "~/plans/manage-plans.server";

/** GET /api/o/{orgId}/plans/{plan} → {plan} (same as {plan}.json). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ plan: serializePlan(await requirePlan(await getDatabase(), organization.id, params.planId)) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** DELETE /api/o/{orgId}/plans/{token} → {plan: {token}}; its coverage policies go with it. 404 unknown / other org. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    await deletePlan(await getDatabase(), organization.id, params.planId);
    return ok({ plan: { token: params.planId } });
  } catch (err) {
    return handleApiError(err);
  }
}
