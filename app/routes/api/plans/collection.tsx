import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { listPlans, serializePlan } from "~/plans/manage-plans.server";
import { createPlanWithDocument, fileFromForm, getPlanDocuments, serializePlanDocument } from "~/plans/plan-document.server";
import { CreatePlanInputSchema, PDF_REQUIRED, type CreatePlanInput } from "~/plans/create-plan-input";

const PlanJsonSchema = z
  .record(z.string(), z.unknown())
  .describe("a plan (serializePlan) with plan_document: {filename, byte_size, content_type, uploaded_at, url} or null");

/**
 * GET /api/o/{orgId}/plans(.json) → {plans} (newest first), each with its plan_document (or null).
 * POST /api/o/{orgId}/plans {title, identification, document_type, line_of_business, plan_type, state,
 * effective_date, termination_date?, is_active, file_url?} as JSON, urlencoded or multipart; multipart
 * may carry `file`, the plan document (PDF) → {plan}; 422 with one message per invalid field, or
 * 'Please upload a PDF file' for a file that is not a PDF (no plan is created then).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List plans",
    tags: ["Plans"],
    response: z.object({ plans: z.array(PlanJsonSchema) }),
    handler: async ({ organizationId }) => {
      const database = await getDatabase();
      const plans = await listPlans(database, organizationId);
      const docs = await getPlanDocuments(
        database,
        organizationId,
        plans.map((p) => p.id),
      );
      return { plans: plans.map((p) => ({ ...serializePlan(p), plan_document: serializePlanDocument(organizationId, p.id, docs.get(p.id)) })) };
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Create a plan",
    description: "Multipart bodies may carry the plan document (PDF) as `file`.",
    tags: ["Plans"],
    requestBody: [
      { contentType: "application/json", schema: CreatePlanInputSchema },
      { contentType: "application/x-www-form-urlencoded", schema: CreatePlanInputSchema },
      {
        contentType: "multipart/form-data",
        schema: CreatePlanInputSchema.extend({ file: z.string().optional().describe(`the plan document (PDF; '${PDF_REQUIRED}' otherwise)`) }),
      },
    ],
    response: z.object({ plan: PlanJsonSchema }),
    errors: { 413: "File too large", 422: "One message per invalid field, or 'Please upload a PDF file'" },
    handler: async ({ request, organizationId }) => {
      // read by the handler (not `body:`) because multipart carries the file; the fields are checked
      // here (422, one message per field) before the file, and parsed again by createPlan
      const body = await readBody(request);
      const input: CreatePlanInput = CreatePlanInputSchema.parse(body);
      const { plan, document } = await createPlanWithDocument(await getDatabase(), organizationId, input, await fileFromForm(body.file));
      return { plan: { ...serializePlan(plan), plan_document: serializePlanDocument(organizationId, plan.id, document) } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
