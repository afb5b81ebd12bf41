import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.coverage_policy_nodes";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { addPolicyNode, getDecisionTreeGraph, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { readAddNodeInput } from "~/coverage-policies/ui/node-form";

/** GET .../coverage_policy_nodes → {nodes, edges} (same as .json). */
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

/**
 * POST .../coverage_policy_nodes {question, reason, node_type, node_action (approve|deny), condition,
 * parent_id} → {node}. 422 'Node type is required', 'Action is required', 'Answer is required',
 * 'Question is required', 'Parent node not found'.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    const node = await addPolicyNode(database, organization.id, params.policyId, readAddNodeInput(await readBody(request)));
    return ok({ node });
  } catch (err) {
    return handleApiError(err);
  }
}
