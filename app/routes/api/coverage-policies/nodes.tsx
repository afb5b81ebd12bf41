import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import {
  ACTION_INVALID,
  ACTION_REQUIRED,
  AddNodeInputSchema,
  ANSWER_REQUIRED,
  NODE_TYPE_REQUIRED,
  parseNodeInput,
  QUESTION_REQUIRED,
} from "~/coverage-policies/add-node-input";
import { addPolicyNode, getDecisionTreeGraph, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";

const GraphSchema = z.object({
  nodes: z.array(z.record(z.string(), z.unknown())).describe("data.node_type / data.node_action, the criterion and the policy passage"),
  edges: z.array(z.object({ id: z.string(), source: z.string(), target: z.string(), condition: z.string().nullable(), label: z.string().nullable() })),
});

/**
 * GET .../coverage_policies/{id}/coverage_policy_nodes(.json) → {nodes, edges}: nodes carry
 * data.node_type / data.node_action, the criterion and the policy passage; edges source → target
 * labelled with the answer.
 * POST {question, reason, node_type, node_action (approve|deny), condition, parent_id} → {node}.
 * 422 'Node type is required', 'Action is required', 'Answer is required', 'Question is required',
 * 'Action must be Approve or Deny' (the first invalid field's), 'Parent node not found'.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "The decision tree as a graph",
    tags: ["Coverage policies"],
    response: GraphSchema,
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      return getDecisionTreeGraph(database, organizationId, params.policyId!);
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Add a node",
    tags: ["Coverage policies"],
    requestBody: [
      { contentType: "application/json", schema: AddNodeInputSchema },
      { contentType: "application/x-www-form-urlencoded", schema: AddNodeInputSchema },
    ],
    response: z.object({ node: z.record(z.string(), z.unknown()) }),
    errors: { 422: `${NODE_TYPE_REQUIRED} / ${ACTION_REQUIRED} / ${ACTION_INVALID} / ${ANSWER_REQUIRED} / ${QUESTION_REQUIRED} / Parent node not found` },
    async handler({ request, organizationId, params }) {
      // parsed here (not `body:`) to answer the spec's message alone ('Answer is required', not
      // 'condition: Answer is required'), and again by addPolicyNode
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      const input = parseNodeInput(AddNodeInputSchema, await readBody(request));
      return { node: await addPolicyNode(database, organizationId, params.policyId!, input) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
