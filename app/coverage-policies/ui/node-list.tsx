/**
 * Server-rendered view of the tree's nodes: what a node checks (criterion), the policy passage it
 * came from, and, in the list, plain forms to edit, add below and delete (works without JavaScript).
 */
import { Form } from "react-router";
import { dangerButton, FormAlert, secondaryButton } from "~/ui/styles";
import type { NodeActionData } from "./decision-tree-editor";
import { NodeForm } from "./node-fields";
import { actionView, passageOf, type GraphEdgeData, type GraphNodeData } from "./types";

function criterionSummary(c: unknown): string | null {
  if (!c || typeof c !== "object") return null;
  const k = (c as { kind?: string }).kind;
  const labels: Record<string, string> = {
    all: "All of the listed conditions",
    any: "Any one of the listed conditions",
    age: "Age requirement",
    prescriber: "Prescriber specialty",
    prior_therapy: "Prior therapy (step therapy)",
    current_therapy: "Current therapy",
    concurrent_use: "Concurrent use",
    lab: "Lab value",
    contraindication: "Contraindication",
    diagnosis: "Diagnosis",
    dose_limit: "Dose limit",
    text: "Free-text criterion",
  };
  return k ? (labels[k] ?? k) : null;
}

export function NodeTypeBadge({ node }: { node: GraphNodeData }) {
  if (node.node_type !== "action") return <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">Question</span>;
  const badge = actionView(node).badge;
  return badge === "Approve" ? (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Approve</span>
  ) : badge === "Reviewer decides" ? (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">Reviewer decides</span>
  ) : (
    <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Deny</span>
  );
}

/** The node's wording, answer, reason, criterion and source passage. */
export function NodeDetails({ node }: { node: GraphNodeData }) {
  const passage = passageOf(node);
  const review = node.node_type === "action" ? node.review : null;
  const summary = criterionSummary(node.criterion);
  return (
    <div className="space-y-2 text-sm">
      <div className="flex items-center gap-2">
        <NodeTypeBadge node={node} />
        {/* the answer on the edge from the parent, not this question's answer ("Answer: No" on a question read as its own answer) */}
        {node.condition && <span className="text-xs text-slate-500">Reached by the answer “{node.condition}” to the previous question</span>}
      </div>
      <p className="font-medium text-slate-900" data-testid="node-question">
        {review ? actionView(node).label : node.question}
      </p>
      {review ? (
        <>
          <p className="text-slate-600" data-testid="node-review">
            {review}
          </p>
          <p className="text-xs text-slate-500">
            Set to “{node.question}” in the tree: it denies once the question above is rewritten so the engine can check it.
          </p>
        </>
      ) : (
        node.reason && <p className="text-slate-600">{node.reason}</p>
      )}
      {summary && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer">Criterion: {summary}</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2">{JSON.stringify(node.criterion, null, 2)}</pre>
        </details>
      )}
      {passage ? (
        <blockquote className="border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-xs text-slate-700" data-testid="node-passage">
          <p className="mb-1 font-semibold text-amber-800">Policy passage{passage.page ? ` (page ${passage.page})` : ""}</p>
          {passage.text}
        </blockquote>
      ) : (
        <p className="text-xs text-slate-400">No policy passage recorded for this node.</p>
      )}
    </div>
  );
}

/**
 * Every node in tree order with edit / add-below / delete forms (the graph's no-JavaScript fallback).
 * `result`: the page action's answer to one of these forms (its Conform reply reopens that form with
 * the field errors and what was typed); `error`: a message shown on a node (e.g. a failed delete).
 */
export function NodeList({
  nodes,
  edges,
  error,
  result,
}: {
  nodes: GraphNodeData[];
  edges: GraphEdgeData[];
  error?: { nodeId?: string; message: string } | null;
  result?: NodeActionData;
}) {
  const replyFor = (intent: string, nodeId: string) =>
    result && !result.ok && result.intent === intent && result.nodeId === nodeId ? (result.result ?? null) : null;
  const depth = new Map<string, number>();
  const children = new Map<string | null, GraphNodeData[]>();
  const targets = new Set(edges.map((e) => e.target));
  for (const n of nodes) {
    const parent = n.parent_id && nodes.some((m) => m.id === n.parent_id) ? n.parent_id : null;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(n);
  }
  const ordered: GraphNodeData[] = [];
  const visit = (parent: string | null, d: number) => {
    for (const n of children.get(parent) ?? []) {
      depth.set(n.id, d);
      ordered.push(n);
      visit(n.id, d + 1);
    }
  };
  visit(null, 0);
  for (const n of nodes) if (!depth.has(n.id)) (depth.set(n.id, targets.has(n.id) ? 1 : 0), ordered.push(n));

  return (
    <ol className="space-y-2" data-testid="node-list">
      {ordered.map((n) => (
        <li
          key={n.id}
          className="rounded-md border border-slate-200 bg-white p-3"
          style={{ marginLeft: Math.min(depth.get(n.id) ?? 0, 8) * 16 }}
          data-testid="node-list-item"
        >
          <NodeDetails node={n} />
          {error?.nodeId === n.id && !result?.result && (
            <div className="mt-2">
              <FormAlert message={error.message} />
            </div>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <details className="w-full sm:w-auto" open={replyFor("update_node", n.id) ? true : undefined}>
              <summary className="cursor-pointer text-xs font-medium text-indigo-700">Edit</summary>
              <NodeForm mode="edit" node={n} idPrefix="list-edit" lastResult={replyFor("update_node", n.id)} className="mt-2 space-y-3 sm:w-96">
                <button type="submit" className={secondaryButton}>
                  Update node
                </button>
              </NodeForm>
            </details>
            <details className="w-full sm:w-auto" open={replyFor("add_node", n.id) ? true : undefined}>
              <summary className="cursor-pointer text-xs font-medium text-indigo-700">Add connected node</summary>
              <NodeForm mode="add" node={n} idPrefix="list-add" lastResult={replyFor("add_node", n.id)} className="mt-2 space-y-3 sm:w-96">
                <button type="submit" className={secondaryButton}>
                  Add node
                </button>
              </NodeForm>
            </details>
            <Form method="post">
              <input type="hidden" name="intent" value="delete_node" />
              <input type="hidden" name="node_id" value={n.id} />
              <button type="submit" className={`${dangerButton} !px-2 !py-0.5 text-xs`}>
                Delete node
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ol>
  );
}
