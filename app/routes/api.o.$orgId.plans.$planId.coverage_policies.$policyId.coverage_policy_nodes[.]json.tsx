import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { getDecisionTreeGraph, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";

/**
 * GET .../coverage_policies/{id}/coverage_policy_nodes.json → {nodes, edges}: nodes carry
 * data.node_type / data.node_action, the criterion and the policy passage; edges source → target
 * labelled with the answer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    return ok(await getDecisionTreeGraph(database, organization.id, params.policyId));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
