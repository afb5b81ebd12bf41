import type { Route } from "./+types/api.o.$orgId.plans.$planId[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { requirePlan, serializePlan } from "~/plans/manage-plans.server";

/** GET /api/o/{orgId}/plans/{plan}.json → {plan}; 404 'Plan not found' (also for another organization's plan). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ plan: serializePlan(await requirePlan(await getDatabase(), organization.id, params.planId)) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
