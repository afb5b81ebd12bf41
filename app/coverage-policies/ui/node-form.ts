/**
 * Reads decision-tree node edits from the graph editor's forms and from the /api node endpoints,
 * normalising the editor's choices ("Approve"/"Deny") to the stored values ("approved"/"denied").
 * Validation of additions lives in the domain (NodeInputSchema); this only shapes the input.
 */
import { AppError } from "~/lib/errors";

type Body = Record<string, unknown> | FormData;

function get(body: Body, key: string): string | undefined {
  const v = body instanceof FormData ? body.get(key) : body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  // an object or array would be stored as "[object Object]"
  throw new AppError("validation", `${key} must be text`);
}

function blankToNull(v: string | undefined): string | null | undefined {
  if (v === undefined) return undefined;
  return v.trim() === "" ? null : v.trim();
}

/** "Approve"/"approve"/"approved" → "approved"; "Deny"/"deny"/"denied" → "denied"; blank → null. */
export function normalizeNodeAction(v: string | null | undefined): "approved" | "denied" | null | undefined {
  if (v === undefined) return undefined;
  const s = (v ?? "").trim().toLowerCase();
  if (!s) return null;
  if (s === "approve" || s === "approved") return "approved";
  if (s === "deny" || s === "denied") return "denied";
  throw new AppError("validation", "Action must be Approve or Deny");
}

/** Input of addPolicyNode: {question, reason, node_type, node_action, condition, parent_id}. */
export function readAddNodeInput(body: Body) {
  return {
    question: get(body, "question") ?? "",
    reason: blankToNull(get(body, "reason")) ?? null,
    // "" makes the domain answer 'Node type is required'
    node_type: (get(body, "node_type") ?? "").trim() as "question" | "action",
    node_action: normalizeNodeAction(get(body, "node_action") ?? get(body, "action")) ?? null,
    condition: get(body, "condition") ?? "",
    parent_id: blankToNull(get(body, "parent_id")) ?? null,
  };
}

/**
 * Input of updatePolicyNode: {question, action, reason, node_type, condition?}. The answer
 * (condition) is optional on update (PRODUCT-SPEC §5 "Edit node: answer required unless the action
 * is update"). Throws AppError("validation") for an unknown node type or an action node without an action.
 */
export function readUpdateNodeInput(body: Body) {
  const nodeType = blankToNull(get(body, "node_type"));
  if (nodeType && nodeType !== "question" && nodeType !== "action") throw new AppError("validation", "Node type must be question or action");
  const action = normalizeNodeAction(get(body, "node_action") ?? get(body, "action"));
  if (nodeType === "action" && !action) throw new AppError("validation", "Action is required");
  const question = get(body, "question");
  if (nodeType === "question" && question !== undefined && !question.trim()) throw new AppError("validation", "Question is required");
  const condition = get(body, "condition");
  return {
    question,
    reason: get(body, "reason") === undefined ? undefined : (blankToNull(get(body, "reason")) ?? null),
    node_type: (nodeType ?? undefined) as "question" | "action" | undefined,
    node_action: action ?? undefined,
    condition: condition === undefined ? undefined : condition.trim() || null,
  };
}
