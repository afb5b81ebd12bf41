import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { createPlan, listPlans, serializePlan } from "~/plans/manage-plans.server";
import { PlanInputSchema } from "~/plans/plan-schemas";
import { readPlanInput } from "~/plans/ui/plan-form";

const PlanJsonSchema = z.record(z.string(), z.unknown()).describe("a plan (serializePlan)");

/**
 * GET /api/o/{orgId}/plans(.json) → {plans} (newest first).
 * POST /api/o/{orgId}/plans {title, identification, document_type, line_of_business, plan_type, state,
 * effective_date, termination_date?, is_active, file_url?} → {plan}; 422 with one message per invalid field.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List plans",
    tags: ["Plans"],
    response: z.object({ plans: z.array(PlanJsonSchema) }),
    handler: async ({ organizationId }) => ({ plans: (await listPlans(await getDatabase(), organizationId)).map(serializePlan) }),
  },
  POST: {
    permission: "policies.edit",
    summary: "Create a plan",
    tags: ["Plans"],
    requestBody: [
      { contentType: "application/json", schema: PlanInputSchema },
      { contentType: "application/x-www-form-urlencoded", schema: PlanInputSchema },
    ],
    response: z.object({ plan: PlanJsonSchema }),
    errors: { 422: "One message per invalid field" },
    handler: async ({ request, organizationId }) => ({
      plan: serializePlan(await createPlan(await getDatabase(), organizationId, readPlanInput(await readBody(request)))),
    }),
  },
});
export const loader = route.loader;
export const action = route.action;
