/**
 * The decision tree drawn with @xyflow/react: dagre TB layout, question nodes white, action nodes
 * green when approved and red when denied, edges labelled with the answer. Nodes carry explicit
 * sizes, so the graph renders on the server too. Click selects a node; right-click opens the menu.
 * It opens readable (openingViewport): fitted to the root and the first levels below it (OPEN_DEPTH)
 * at a zoom of at least OPEN_MIN_ZOOM, not to the whole tree (a large tree fitted whole opens too
 * small to read); levels too wide for the pane at that zoom open framed on the root. "Whole tree" and
 * "Top levels" in the corner switch between the two.
 */
import { useEffect, useMemo, useRef } from "react";
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Panel,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type Viewport,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import { layoutTree, NODE_HEIGHT, NODE_WIDTH, openingViewport, rootNodeIds, topLevelNodeIds } from "./layout-tree";
import { actionView, type GraphNodeData, type PolicyGraph } from "./types";

type PolicyNode = Node<{ node: GraphNodeData; selected: boolean }, "policy">;

function nodeTone(n: GraphNodeData): string {
  if (n.node_type === "action") {
    const badge = actionView(n).badge;
    return badge === "Approve"
      ? "border-emerald-600 bg-emerald-50 text-emerald-900"
      : badge === "Reviewer decides"
        ? "border-amber-500 bg-amber-50 text-amber-900"
        : "border-red-600 bg-red-50 text-red-900";
  }
  return "border-slate-300 bg-white text-slate-800";
}

function PolicyNodeView({ data }: NodeProps<PolicyNode>) {
  const n = data.node;
  const view = n.node_type === "action" ? actionView(n) : null;
  return (
    <div
      className={`flex h-full w-full flex-col overflow-hidden rounded-lg border-2 px-3 py-2 text-xs shadow-sm ${nodeTone(n)} ${data.selected ? "ring-4 ring-indigo-400/60" : ""}`}
      data-testid="tree-node"
      data-node-id={n.id}
      data-node-type={n.node_type}
      data-node-action={n.node_action ?? ""}
      data-node-review={n.review ? "true" : undefined}
    >
      <Handle type="target" position={Position.Top} className="!bg-slate-400" />
      <p className="mb-1 text-[10px] font-semibold tracking-wide uppercase opacity-70">{view ? view.badge : "Question"}</p>
      <p className="line-clamp-5 leading-snug font-medium">{view ? view.label : n.question}</p>
      {view?.note && <p className="mt-1 line-clamp-2 text-[10px] opacity-80">{view.note}</p>}
      <Handle type="source" position={Position.Bottom} className="!bg-slate-400" />
    </div>
  );
}

const nodeTypes = { policy: PolicyNodeView };

/** An edge label short enough not to run into its sibling's (≤ 32 characters, cut at a word). */
export function shortLabel(text: string, max = 32): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(" ", max - 1);
  return `${flat.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}

const controlButton = "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 shadow-xs hover:bg-slate-50";

/**
 * Sets the opening view once the pane has a size, and draws "Top levels" (back to it) and "Whole tree"
 * (fit every node, however small). `openView(pane)` is the opening viewport for a pane in px.
 */
function ViewControls({ openView }: { openView(pane: { width: number; height: number }): Viewport }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || width <= 0 || height <= 0) return;
    opened.current = true;
    void flow.setViewport(openView({ width, height }));
  }, [flow, openView, width, height]);
  return (
    <Panel position="bottom-right" className="flex gap-1">
      <button
        type="button"
        className={controlButton}
        onClick={() => void flow.setViewport(openView({ width, height }), { duration: 200 })}
        data-testid="fit-top-levels"
      >
        Top levels
      </button>
      <button type="button" className={controlButton} onClick={() => void flow.fitView({ padding: 0.1, duration: 200 })} data-testid="fit-whole-tree">
        Whole tree
      </button>
    </Panel>
  );
}

export interface DecisionTreeGraphProps {
  graph: PolicyGraph;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onContextMenu(id: string, point: { x: number; y: number }): void;
}

export function DecisionTreeGraph({ graph, selectedId, onSelect, onContextMenu }: DecisionTreeGraphProps) {
  const positions = useMemo(() => layoutTree(graph), [graph]);
  const nodes = useMemo<PolicyNode[]>(
    () =>
      graph.nodes.map((n) => ({
        id: n.id,
        type: "policy",
        position: positions.get(n.id) ?? { x: 0, y: 0 },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        data: { node: n, selected: n.id === selectedId },
      })),
    [graph, positions, selectedId],
  );
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        // Bezier edges put each answer's label at its own edge's midpoint (smoothstep edges of
        // siblings share a segment, and their labels piled up there); long answers are shortened,
        // the full text stays in the node editor.
        label: e.condition ? shortLabel(e.condition) : undefined,
        type: "default",
        markerEnd: { type: MarkerType.ArrowClosed },
        labelBgPadding: [6, 3] as [number, number],
        labelBgBorderRadius: 4,
        labelStyle: { fontSize: 11, fontWeight: 600 },
      })),
    [graph],
  );
  const openView = useMemo(() => {
    const ids = topLevelNodeIds(graph);
    const roots = rootNodeIds(graph);
    return (pane: { width: number; height: number }) => openingViewport(positions, ids, roots, pane);
  }, [graph, positions]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      minZoom={0.1}
      maxZoom={2}
      nodesConnectable={false}
      onNodeClick={(_e, node) => onSelect(node.id)}
      onPaneClick={() => onSelect(null)}
      onNodeContextMenu={(e, node) => {
        e.preventDefault();
        onContextMenu(node.id, { x: e.clientX, y: e.clientY });
      }}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={24} />
      <Controls showInteractive={false} fitViewOptions={{ padding: 0.1 }} />
      <ViewControls openView={openView} />
    </ReactFlow>
  );
}
