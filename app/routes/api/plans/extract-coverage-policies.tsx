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
});

/**
 * POST /api/o/{orgId}/plans/{plan}/extract_coverage_policies {json_schema} → {extracted_policies,
 * processed_at, json_schema, processing: false}. Without json_schema the predefined fields are used.
 * 422 for an invalid schema or a plan without coverage policies.
 */
const route = apiRoute({
  POST: {
    permission: "policies.edit",
    summary: "Extract fields from the plan's coverage policies",
    description: "Without json_schema the predefined fields are used.",
    tags: ["Plans"],
    requestBody: [{ contentType: "application/json", schema: z.object({ json_schema: ExtractionSchemaSchema.optional() }), required: false }],
    response: ExtractionResultSchema,
    errors: { 422: "Invalid schema, or a plan without coverage policies" },
    handler: async ({ request, organizationId, params }) =>
      extractCoveragePolicies(await getDatabase(), organizationId, params.planId!, (await readBody(request)).json_schema),
  },
});
export const loader = route.loader;
export const action = route.action;
