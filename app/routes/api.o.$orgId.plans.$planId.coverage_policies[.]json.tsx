import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listCoveragePolicies } from "~/coverage-policies/manage-coverage-policies.server";
import { serializeCoveragePolicy } from "~/coverage-policies/serialize";
import { signDocumentUrl } from "~/documents/signed-url.server";

/**
 * GET /api/o/{orgId}/plans/{plan}/coverage_policies.json → {coverage_policies: [{token, drug_name,
 * drugs_list, policy_type, structured_logic, tree_status, tree_error, file_url, created_at}]}.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const policies = await listCoveragePolicies(await getDatabase(), organization.id, params.planId);
    return ok({ coverage_policies: policies.map((p) => serializeCoveragePolicy(p, { signUrl: (id) => signDocumentUrl(id) })) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
