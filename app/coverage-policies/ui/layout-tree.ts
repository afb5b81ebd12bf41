/**
 * Lays a decision tree out top-to-bottom with dagre (PRODUCT-SPEC §9: nodes 200x150, node spacing
 * 100, rank spacing 150). Nodes get explicit width/height so @xyflow/react can render on the server
 * without measuring the DOM.
 */
import dagre from "@dagrejs/dagre";
import type { PolicyGraph } from "./types";

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 150;
export const NODE_SPACING = 100;
export const RANK_SPACING = 150;

/** `{id → {x, y}}` top-left positions for every node of `graph`. */
export function layoutTree(graph: PolicyGraph): Map<string, { x: number; y: number }> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: NODE_SPACING, ranksep: RANK_SPACING, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(graph.nodes.map((n) => n.id));
  for (const n of graph.nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of graph.edges) if (ids.has(e.source) && ids.has(e.target)) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const out = new Map<string, { x: number; y: number }>();
  for (const n of graph.nodes) {
    const p = g.node(n.id) as { x: number; y: number } | undefined;
    out.set(n.id, { x: (p?.x ?? 0) - NODE_WIDTH / 2, y: (p?.y ?? 0) - NODE_HEIGHT / 2 });
  }
  return out;
}
