import type { Route } from "./+types/api.o.$orgId.plans.$planId.extracted_coverage_policies";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getExtractedCoveragePolicies } from "~/plans/extract-coverage-policies.server";

/**
 * GET /api/o/{orgId}/plans/{plan}/extracted_coverage_policies → {extracted_policies, processed_at,
 * json_schema, processing}. `processed_at` is null before the first extraction.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok(await getExtractedCoveragePolicies(await getDatabase(), organization.id, params.planId));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
