import { z } from "zod";
import { apiRoute, type ApiOperation } from "~/api/api-route.server";
import { deletePolicyNode, requireCoveragePolicy, updatePolicyNode } from "~/coverage-policies/manage-coverage-policies.server";
import { ACTION_INVALID, ACTION_REQUIRED, parseNodeInput, QUESTION_REQUIRED } from "~/coverage-policies/add-node-input";
import { NODE_TYPE_INVALID, UpdateNodeInputSchema } from "~/coverage-policies/update-node-input";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";

const update: ApiOperation = {
  permission: "policies.edit",
  summary: "Edit a node",
  tags: ["Coverage policies"],
  requestBody: [
    { contentType: "application/json", schema: UpdateNodeInputSchema },
    { contentType: "application/x-www-form-urlencoded", schema: UpdateNodeInputSchema },
  ],
  response: z.object({ node: z.record(z.string(), z.unknown()) }),
  errors: { 422: `${NODE_TYPE_INVALID} / ${ACTION_REQUIRED} / ${ACTION_INVALID} / ${QUESTION_REQUIRED}` },
  async handler({ request, organizationId, params }) {
    // parsed here (not `body:`) to answer the spec's message alone, and again by updatePolicyNode
    const database = await getDatabase();
    await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
    const input = parseNodeInput(UpdateNodeInputSchema, await readBody(request));
    return { node: await updatePolicyNode(database, organizationId, params.policyId!, params.nodeId!, input) };
  },
};

/**
 * PUT/PATCH .../coverage_policy_nodes/{node} {question, action (approve|deny), reason, node_type, condition?} → {node};
 * DELETE .../coverage_policy_nodes/{id} → {deleted: n} (the node and its subtree). 404 for an unknown node.
 */
const route = apiRoute({
  PUT: update,
  PATCH: update,
  DELETE: {
    permission: "policies.edit",
    summary: "Delete a node and its subtree",
    tags: ["Coverage policies"],
    response: z.object({ deleted: z.number().int() }),
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      return { deleted: await deletePolicyNode(database, organizationId, params.policyId!, params.nodeId!) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
