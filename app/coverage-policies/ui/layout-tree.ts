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
  const roots = rootNodeIds(graph);
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

/** A React Flow viewport: a flow point (fx, fy) is drawn at screen (fx·zoom + x, fy·zoom + y), in px. */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The viewport the decision tree opens on, in a pane of `pane` px.
 *
 * The nodes `ids` (the top levels, see topLevelNodeIds) are fitted with `padding` (fraction of the
 * pane on each side) at a zoom between OPEN_MIN_ZOOM and 1. When they are wider or taller than the
 * pane even at OPEN_MIN_ZOOM, the view stays at that zoom and is framed on the root instead: the root
 * centred across the pane and the top of the tree at the top padding, so the reviewer starts at the
 * first question and pans (or presses "Whole tree") for the rest. Node sizes are NODE_WIDTH ×
 * NODE_HEIGHT; `positions` are top-left corners from layoutTree. An empty `ids` (or a pane of zero
 * size, before it is measured) gives the identity viewport.
 */
export function openingViewport(
  positions: Map<string, { x: number; y: number }>,
  ids: string[],
  rootIds: string[],
  pane: { width: number; height: number },
  padding = 0.1,
): Viewport {
  const boxes = ids.map((id) => positions.get(id)).filter((p): p is { x: number; y: number } => p != null);
  if (boxes.length === 0 || pane.width <= 0 || pane.height <= 0) return { x: 0, y: 0, zoom: 1 };
  const left = Math.min(...boxes.map((p) => p.x));
  const top = Math.min(...boxes.map((p) => p.y));
  const right = Math.max(...boxes.map((p) => p.x + NODE_WIDTH));
  const bottom = Math.max(...boxes.map((p) => p.y + NODE_HEIGHT));
  const innerW = pane.width * (1 - 2 * padding);
  const innerH = pane.height * (1 - 2 * padding);
  const fit = Math.min(innerW / (right - left), innerH / (bottom - top));
  const zoom = Math.min(1, Math.max(OPEN_MIN_ZOOM, fit));
  const fitsAcross = (right - left) * zoom <= innerW + 0.5;
  const fitsDown = (bottom - top) * zoom <= innerH + 0.5;
  const roots = rootIds.map((id) => positions.get(id)).filter((p): p is { x: number; y: number } => p != null);
  const centreX = fitsAcross || roots.length === 0 ? (left + right) / 2 : roots.reduce((s, p) => s + p.x + NODE_WIDTH / 2, 0) / roots.length;
  const x = pane.width / 2 - centreX * zoom;
  const y = fitsDown ? pane.height / 2 - ((top + bottom) / 2) * zoom : pane.height * padding - top * zoom;
  return { x, y, zoom };
}

/** Ids of the roots of `graph` (nodes no edge points to). */
export function rootNodeIds(graph: Pick<PolicyGraph, "nodes" | "edges">): string[] {
  const targets = new Set(graph.edges.map((e) => e.target));
  return graph.nodes.filter((n) => !targets.has(n.id)).map((n) => n.id);
}
