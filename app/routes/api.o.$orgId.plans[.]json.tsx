import type { Route } from "./+types/api.o.$orgId.plans[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listPlans, serializePlan } from "~/plans/manage-plans.server";

/** GET /api/o/{orgId}/plans.json → {plans} (newest first). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const plans = await listPlans(await getDatabase(), organization.id);
    return ok({ plans: plans.map(serializePlan) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
