import type { Route } from "./+types/api.o.$orgId.plans";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createPlan, listPlans, serializePlan } from "~/plans/manage-plans.server";
import { readPlanInput } from "~/plans/ui/plan-form";

/** GET /api/o/{orgId}/plans → {plans} (same as plans.json). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ plans: (await listPlans(await getDatabase(), organization.id)).map(serializePlan) });
  } catch (err) {
    return handleApiError(err);
  }
}

/**
 * POST /api/o/{orgId}/plans {title, identification, document_type, line_of_business, plan_type, state,
 * effective_date, termination_date?, is_active, file_url?} → {plan}; 422 with one message per invalid field.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const plan = await createPlan(await getDatabase(), organization.id, readPlanInput(await readBody(request)));
    return ok({ plan: serializePlan(plan) });
  } catch (err) {
    return handleApiError(err);
  }
}
