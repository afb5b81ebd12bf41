/** Shapes the coverage-policy pages receive from their loaders (serialized, JSON-safe). */
export interface GraphNodeData {
  id: string;
  question: string;
  reason: string | null;
  node_type: string;
  node_action: string | null;
  condition: string | null;
  parent_id: string | null;
  passage: unknown;
  criterion: unknown;
  /**
   * On a "Deny" leaf the engine never reaches on the policy's wording alone (policy-reading.ts
   * review_leaves): why a reviewer decides there. Absent or null elsewhere.
   */
  review?: string | null;
}

export interface GraphEdgeData {
  id: string;
  source: string;
  target: string;
  condition: string | null;
}

export interface PolicyGraph {
  nodes: GraphNodeData[];
  edges: GraphEdgeData[];
}

/** The policy passage a node was generated from (engine Citation), when present. */
export function passageOf(node: GraphNodeData): { text: string; page?: number } | null {
  const p = node.passage as { text?: unknown; page?: unknown } | null;
  if (!p || typeof p.text !== "string" || !p.text.trim()) return null;
  return { text: p.text, ...(typeof p.page === "number" ? { page: p.page } : {}) };
}

/**
 * How an action leaf reads in the tree view: "Approve", "Deny", or "Reviewer decides" for a Deny
 * leaf the engine never reaches on the policy's wording alone (`review` set), with the label and
 * the note to show. A review leaf keeps its stored action (the author's choice, used once the
 * question above is rewritten to be checkable); the view says what the engine does today.
 */
export function actionView(n: GraphNodeData): { badge: "Approve" | "Deny" | "Reviewer decides"; label: string; note: string | null } {
  if (n.node_action === "approved") return { badge: "Approve", label: n.question, note: n.reason };
  if (n.review) return { badge: "Reviewer decides", label: "Pends for a reviewer (not a denial on its own)", note: n.review };
  return { badge: "Deny", label: n.question, note: n.reason };
}
