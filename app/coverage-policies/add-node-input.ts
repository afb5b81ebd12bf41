/**
 * The one input schema of "add a node to a coverage policy's decision tree" (PRODUCT-SPEC §5 "Add
 * node": node type, question or action, answer required), shared by the graph editor's "Add New Node"
 * modal and the node list's add-below form (Conform, in the browser and in the page action),
 * POST /api/o/{org}/plans/{plan}/coverage_policies/{policy}/coverage_policy_nodes, the OpenAPI
 * document and addPolicyNode itself. No server-only imports.
 *
 * The action may come as the editor's choice ("approve"/"deny", any case) or the stored value
 * ("approved"/"denied"), as `node_action` or `action`; it is stored as approved/denied.
 */
import { z } from "zod";
import { AppError } from "~/lib/errors";

export const NODE_TYPE_REQUIRED = "Node type is required";
export const QUESTION_REQUIRED = "Question is required";
export const ACTION_REQUIRED = "Action is required";
export const ACTION_INVALID = "Action must be Approve or Deny";
export const ANSWER_REQUIRED = "Answer is required";

/** A blank string (or null) → null; other strings trimmed; anything else unchanged (the type check answers). */
export const blankToNull = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? v.trim() : v);

/** "Approve"/"approve"/"approved" → "approved"; "Deny"/"deny"/"denied" → "denied"; blank → null; else unchanged. */
export function readNodeAction(v: unknown): unknown {
  if (v === undefined || v === null) return v;
  if (typeof v !== "string") return v;
  const s = v.trim().toLowerCase();
  if (!s) return null;
  if (s === "approve" || s === "approved") return "approved";
  if (s === "deny" || s === "denied") return "denied";
  return v;
}

/** approve | deny (or approved | denied), stored as approved | denied; blank → null. */
export const nodeAction = z
  .preprocess(readNodeAction, z.enum(["approved", "denied"], { error: ACTION_INVALID }).nullish())
  .describe("approve | deny (approved | denied accepted); required on action nodes");

export const nodeReason = z
  .preprocess(blankToNull, z.string({ error: "Reason must be text" }).max(5000, "Reason must be at most 5000 characters").nullish())
  .describe("why this step exists (optional)");

const AddNodeFields = z.object({
  node_type: z.enum(["question", "action"], { error: NODE_TYPE_REQUIRED }).describe("question | action (required)"),
  question: z
    .string({ error: "Question must be text" })
    .trim()
    .max(2000, "Question must be at most 2000 characters")
    .default("")
    .describe("the question (required on question nodes; an action node's is Approve / Deny)"),
  node_action: nodeAction,
  action: nodeAction.describe("the same as node_action"),
  condition: z
    .string({ error: ANSWER_REQUIRED })
    .trim()
    .min(1, ANSWER_REQUIRED)
    .max(200, "Answer must be at most 200 characters")
    .describe("the answer on the edge from the parent that leads here, e.g. Yes (required)"),
  reason: nodeReason,
  parent_id: z
    .preprocess(blankToNull, z.string({ error: "Parent node not found" }).max(64, "Parent node not found").nullish())
    .describe("the node this one hangs below (blank for a new root)"),
});

type AddNodeFieldValues = z.output<typeof AddNodeFields>;

/** Action nodes need an action, question nodes a question (the spec's messages, on their fields). */
function checkNode(v: AddNodeFieldValues, ctx: z.RefinementCtx) {
  if (v.node_type === "action" && !(v.node_action ?? v.action)) ctx.addIssue({ code: "custom", path: ["node_action"], message: ACTION_REQUIRED });
  if (v.node_type === "question" && !v.question) ctx.addIssue({ code: "custom", path: ["question"], message: QUESTION_REQUIRED });
}

/** One spelling of the action: `node_action`. */
function mergeAction<T extends AddNodeFieldValues>({ action, ...rest }: T) {
  return { ...rest, node_action: rest.node_action ?? action ?? null, reason: rest.reason ?? null, parent_id: rest.parent_id ?? null };
}

export const AddNodeInputSchema = AddNodeFields.superRefine(checkNode).transform(mergeAction);
export type AddNodeInput = z.input<typeof AddNodeFields>;
export type AddNode = z.output<typeof AddNodeInputSchema>;

/** The editor's add forms: the command's fields and the page's intent. */
export const AddNodeFormSchema = AddNodeFields.extend({ intent: z.literal("add_node") })
  .superRefine(checkNode)
  .transform(({ intent: _intent, ...rest }) => mergeAction(rest));

/**
 * Parses a node command's input (AddNodeInputSchema or UpdateNodeInputSchema) or throws
 * AppError("validation") with the first invalid field's message as the spec words it ('Node type is
 * required', not 'node_type: ...'). Used by the /api node routes and the domain functions.
 */
export function parseNodeInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid node");
  return parsed.data;
}
