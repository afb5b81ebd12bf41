import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { extractCoveragePolicies, ExtractionSchemaSchema } from "~/plans/extract-coverage-policies.server";

const ExtractionResultSchema = z.object({
  extracted_policies: z.array(z.record(z.string(), z.unknown())),
  processed_at: z.string().nullable(),
  json_schema: z.unknown(),
  processing: z.boolean(),
  status: z.enum(["none", "processing", "processed", "failed"]).describe("the extraction job: processing until processed or failed"),
  job_id: z.string().nullable(),
  started_at: z.string().nullable(),
  error: z.string().nullable().describe("one message when the job failed"),
  note: z.string().nullable().describe("while processing: a failed attempt being retried"),
});

/**
 * POST /api/o/{orgId}/plans/{plan}/extract_coverage_policies {json_schema} → queues an extraction job,
 * waits for it (up to 90 s, not at all when no worker is alive; then the answer is the processing state, to be polled with GET
 * extracted_coverage_policies) and answers its state {extracted_policies, processed_at, json_schema, processing: false,
 * status: "processed", job_id, started_at, error: null}. Without json_schema the predefined fields are
 * used. 422 for an invalid schema, a plan without coverage policies or a failed job (its message);
 * 409 while another extraction of the plan is processing (the plan page starts jobs without waiting).
 */
const route = apiRoute({
  POST: {
    permission: "policies.edit",
    summary: "Extract fields from the plan's coverage policies",
    description: "Without json_schema the predefined fields are used.",
    tags: ["Plans"],
    requestBody: [{ contentType: "application/json", schema: z.object({ json_schema: ExtractionSchemaSchema.optional() }), required: false }],
    response: ExtractionResultSchema,
    errors: { 409: "An extraction of this plan is already processing", 422: "Invalid schema, a plan without coverage policies, or a failed extraction" },
    handler: async ({ request, organizationId, params }) =>
      extractCoveragePolicies(await getDatabase(), organizationId, params.planId!, (await readBody(request)).json_schema),
  },
});
export const loader = route.loader;
export const action = route.action;
