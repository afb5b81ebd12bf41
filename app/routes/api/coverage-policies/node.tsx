import { z } from "zod";
import { apiRoute, type ApiOperation } from "~/api/api-route.server";
import { deletePolicyNode, requireCoveragePolicy, updatePolicyNode } from "~/coverage-policies/manage-coverage-policies.server";
import { readUpdateNodeInput } from "~/coverage-policies/ui/node-form";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";

const NodeUpdateSchema = z.object({
  question: z.string().optional(),
  action: z.enum(["approve", "deny"]).optional().describe("for action nodes (node_action accepted too)"),
  reason: z.string().optional(),
  node_type: z.enum(["question", "action"]).optional(),
  condition: z.string().optional().describe("the answer on the edge from the parent; optional on update"),
});

const update: ApiOperation = {
  permission: "policies.edit",
  summary: "Edit a node",
  tags: ["Coverage policies"],
  requestBody: [{ contentType: "application/json", schema: NodeUpdateSchema }],
  response: z.object({ node: z.record(z.string(), z.unknown()) }),
  errors: { 422: "Node type must be question or action / Action is required / Question is required" },
  async handler({ request, organizationId, params }) {
    const database = await getDatabase();
    await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
    return { node: await updatePolicyNode(database, organizationId, params.policyId!, params.nodeId!, readUpdateNodeInput(await readBody(request))) };
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
