import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes.$nodeId";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { deletePolicyNode, requireCoveragePolicy, updatePolicyNode } from "~/coverage-policies/manage-coverage-policies.server";
import { readUpdateNodeInput } from "~/coverage-policies/ui/node-form";

/**
 * PUT .../coverage_policy_nodes/{node} {question, action (approve|deny), reason, node_type, condition?} → {node};
 * DELETE .../coverage_policy_nodes/{id} → {deleted: n} (the node and its subtree). 404 for an unknown node.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    const database = await getDatabase();
    if (request.method === "PUT" || request.method === "PATCH") {
      await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
      const node = await updatePolicyNode(database, organization.id, params.policyId, params.nodeId, readUpdateNodeInput(await readBody(request)));
      return ok({ node });
    }
    if (request.method === "DELETE") {
      await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
      return ok({ deleted: await deletePolicyNode(database, organization.id, params.policyId, params.nodeId) });
    }
    return methodNotAllowed("PUT, PATCH, DELETE");
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "PUT, PATCH, DELETE");
}
