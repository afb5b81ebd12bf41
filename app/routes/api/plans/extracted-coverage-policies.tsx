import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { getExtractedCoveragePolicies } from "~/plans/extract-coverage-policies.server";

/**
 * GET /api/o/{orgId}/plans/{plan}/extracted_coverage_policies → {extracted_policies, processed_at,
 * json_schema, processing, status, job_id, started_at, error, note}: the extraction job's state, polled
 * while `status` is "processing" (PRODUCT-SPEC §4). `processed_at` is null until a job finishes.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "The latest extraction of the plan's coverage policies",
    description: "`processed_at` is null before the first extraction.",
    tags: ["Plans"],
    response: z.object({
      extracted_policies: z.array(z.record(z.string(), z.unknown())),
      processed_at: z.string().nullable(),
      json_schema: z.unknown(),
      processing: z.boolean(),
      status: z.enum(["none", "processing", "processed", "failed"]).describe("the extraction job: processing until processed or failed"),
      job_id: z.string().nullable(),
      started_at: z.string().nullable(),
      error: z.string().nullable().describe("one message when the job failed"),
      note: z.string().nullable().describe("while processing: a failed attempt being retried"),
    }),
    handler: async ({ organizationId, params }) => getExtractedCoveragePolicies(await getDatabase(), organizationId, params.planId!),
  },
});
export const loader = route.loader;
export const action = route.action;
