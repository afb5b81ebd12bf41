import type { Route } from "./+types/api.o.$orgId.plans.$planId.extract_coverage_policies";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { extractCoveragePolicies } from "~/plans/extract-coverage-policies.server";

/**
 * POST /api/o/{orgId}/plans/{plan}/extract_coverage_policies {json_schema} → {extracted_policies,
 * processed_at, json_schema, processing: false}. Without json_schema the predefined fields are used.
 * 422 for an invalid schema or a plan without coverage policies.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const body = await readBody(request);
    return ok(await extractCoveragePolicies(await getDatabase(), organization.id, params.planId, body.json_schema));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
