import type { Route } from "./+types/api.o.$orgId.plans.$planId.extract_coverage_policies";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { fail, handleApiError, ok, readBody } from "~/lib/http.server";
import { extractCoveragePolicies } from "~/plans/extract-coverage-policies.server";

/**
 * POST /api/o/{orgId}/plans/{plan}/extract_coverage_policies {json_schema} → {extracted_policies,
 * processed_at, json_schema, processing: false}. Without json_schema the predefined fields are used.
 * 422 for an invalid schema or a plan without coverage policies.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    if (request.method !== "POST") return fail(405, ["Method not allowed"]);
    const body = await readBody(request);
    return ok(await extractCoveragePolicies(await getDatabase(), organization.id, params.planId, body.json_schema));
  } catch (err) {
    return handleApiError(err);
  }
}
