/**
 * The one input schema of "edit a decision-tree node", shared by the graph editor's "Update decision
 * tree node" modal and the node list's edit form (Conform, in the browser and in the page action),
 * PUT/PATCH .../coverage_policy_nodes/{node}, the OpenAPI document and updatePolicyNode itself.
 * No server-only imports.
 *
 * Every field is optional on the API (an absent field keeps its value); the answer (`condition`) is
 * optional on update (PRODUCT-SPEC §5 "Edit node: answer required unless the action is update"). An
 * action node needs an action, a question node a non-blank question when one is sent. The forms send
 * every field, so there a blank answer or reason clears it and a blank question is refused.
 */
import { z } from "zod";
import { ACTION_REQUIRED, blankToNull, nodeAction, nodeReason, QUESTION_REQUIRED } from "./add-node-input";

export const NODE_TYPE_INVALID = "Node type must be question or action";

const UpdateNodeFields = z.object({
  node_type: z
    .preprocess((v) => blankToNull(v) ?? undefined, z.enum(["question", "action"], { error: NODE_TYPE_INVALID }).optional())
    .describe("question | action (unchanged when absent)"),
  question: z
    .string({ error: "Question must be text" })
    .max(2000, "Question must be at most 2000 characters")
    .optional()
    .describe("the question (not blank on question nodes)"),
  node_action: nodeAction,
  action: nodeAction.describe("the same as node_action"),
  condition: z
    .preprocess(blankToNull, z.string({ error: "Answer must be text" }).max(200, "Answer must be at most 200 characters").nullish())
    .describe("the answer on the edge from the parent; optional on update, blank clears it"),
  reason: nodeReason,
});

type UpdateNodeFieldValues = z.output<typeof UpdateNodeFields>;

function checkNode(v: UpdateNodeFieldValues, ctx: z.RefinementCtx) {
  if (v.node_type === "action" && !(v.node_action ?? v.action)) ctx.addIssue({ code: "custom", path: ["node_action"], message: ACTION_REQUIRED });
  if (v.node_type === "question" && v.question !== undefined && !v.question.trim())
    ctx.addIssue({ code: "custom", path: ["question"], message: QUESTION_REQUIRED });
}

function mergeAction<T extends UpdateNodeFieldValues>({ action, ...rest }: T) {
  return { ...rest, node_action: rest.node_action ?? action ?? undefined };
}

export const UpdateNodeInputSchema = UpdateNodeFields.superRefine(checkNode).transform(mergeAction);
export type UpdateNodeInput = z.input<typeof UpdateNodeFields>;
export type UpdateNode = z.output<typeof UpdateNodeInputSchema>;

/**
 * The editor's edit forms: the command's fields, the page's intent and the node. The form sends every
 * field and Conform reads a blank one as absent, so here absent means blank: the question is then
 * required on question nodes, and a blank answer or reason clears it.
 */
export const UpdateNodeFormSchema = UpdateNodeFields.extend({
  intent: z.literal("update_node"),
  node_id: z.string({ error: "Node not found" }),
  question: z.string({ error: "Question must be text" }).max(2000, "Question must be at most 2000 characters").default(""),
  condition: UpdateNodeFields.shape.condition.transform((v) => v ?? null),
  reason: UpdateNodeFields.shape.reason.transform((v) => v ?? null),
})
  .superRefine(checkNode)
  .transform(({ intent: _intent, node_id, ...rest }) => ({ nodeId: node_id, input: mergeAction(rest) }));
