import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { deletePlan, requirePlan, serializePlan } from "~/plans/manage-plans.server";
import { getPlanDocument, serializePlanDocument } from "~/plans/plan-document.server";

/**
 * GET /api/o/{orgId}/plans/{plan}(.json) → {plan} with plan_document ({filename, byte_size, content_type,
 * uploaded_at, url} or null); 404 'Plan not found' (also for another organization's plan).
 * DELETE /api/o/{orgId}/plans/{token} → {plan: {token}}; its coverage policies go with it.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "A plan",
    tags: ["Plans"],
    response: z.object({ plan: z.record(z.string(), z.unknown()) }),
    handler: async ({ organizationId, params }) => {
      const database = await getDatabase();
      const plan = await requirePlan(database, organizationId, params.planId!);
      const doc = await getPlanDocument(database, organizationId, plan.id);
      return { plan: { ...serializePlan(plan), plan_document: serializePlanDocument(organizationId, plan.id, doc) } };
    },
  },
  DELETE: {
    permission: "policies.edit",
    summary: "Delete a plan",
    description: "Its coverage policies go with it.",
    tags: ["Plans"],
    response: z.object({ plan: z.object({ token: z.string() }) }),
    async handler({ organizationId, params }) {
      await deletePlan(await getDatabase(), organizationId, params.planId!);
      return { plan: { token: params.planId! } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
