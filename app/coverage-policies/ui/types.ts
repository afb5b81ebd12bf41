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
