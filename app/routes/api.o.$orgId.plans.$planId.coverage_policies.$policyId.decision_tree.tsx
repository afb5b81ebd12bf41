import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.decision_tree";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { queueDecisionTree, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";

/**
 * POST .../plans/{plan}/coverage_policies/{token}/decision_tree → {job: {id, existing}, coverage_policy:
 * {token, tree_status: "queued"}}: queues (re)generation; a pending job for the policy is reused.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("POST");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    const job = await queueDecisionTree(database, organization.id, params.policyId);
    return ok({ job, coverage_policy: { token: params.policyId, tree_status: "queued" } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "POST");
}
