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

/** Levels below the root shown when the tree opens (0 = the root alone). */
export const OPEN_DEPTH = 2;
/** The tree never opens smaller than this (node text stays readable); wider first levels can be panned. */
export const OPEN_MIN_ZOOM = 0.6;

/**
 * Ids of the nodes at most `depth` edges below a root (a node no edge points to), breadth first; every
 * node when the graph has no root (a cycle).
 */
export function topLevelNodeIds(graph: Pick<PolicyGraph, "nodes" | "edges">, depth = OPEN_DEPTH): string[] {
  const targets = new Set(graph.edges.map((e) => e.target));
  const roots = graph.nodes.filter((n) => !targets.has(n.id)).map((n) => n.id);
  if (roots.length === 0) return graph.nodes.map((n) => n.id);
  const seen = new Set(roots);
  let frontier = roots;
  for (let level = 0; level < depth && frontier.length; level++) {
    const next = graph.edges.filter((e) => frontier.includes(e.source) && !seen.has(e.target)).map((e) => e.target);
    for (const id of next) seen.add(id);
    frontier = next;
  }
  return [...seen];
}
