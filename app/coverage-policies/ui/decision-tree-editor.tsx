/**
 * The coverage policy's decision tree editor: the graph, the selected node's criterion and source
 * passage, a right-click menu (Edit Node, Add Connected Node, Delete Node) and the modals
 * 'Update decision tree node' / 'Add New Node', which post to the page action through a fetcher
 * (Conform forms, node-fields.tsx: field errors under their fields, what was typed kept).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/ui/modal";
import { dangerButton, FormAlert, primaryButton, secondaryButton } from "~/ui/styles";
import { DecisionTreeGraph } from "./decision-tree-graph";
import { NodeForm } from "./node-fields";
import { NodeDetails } from "./node-list";
import type { PolicyGraph } from "./types";

/** `submitted`: this dialog's form was sent, so the fetcher's answer is its own (not an earlier dialog's). */
type Dialog = { kind: "edit" | "add" | "delete"; id: string; submitted?: boolean } | null;
/**
 * The page action's answer to a node form: `result` the Conform reply of add_node / update_node,
 * `error` the first message (the node list and the delete dialog show it), `nodeId` the node the
 * form was about.
 */
export type NodeActionData = { intent?: string; ok?: boolean; error?: string; nodeId?: string; result?: SubmissionResult<string[]> } | undefined;

export function DecisionTreeEditor({ graph }: { graph: PolicyGraph }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const fetcher = useFetcher<NodeActionData>({ key: "tree-node" });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setDialog(null);
  }, [fetcher.state, result]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenu(null);
    window.addEventListener("click", close);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("click", close);
      window.removeEventListener("keydown", onKey);
    };
  }, [menu]);

  const selected = graph.nodes.find((n) => n.id === selectedId) ?? null;
  const target = dialog ? graph.nodes.find((n) => n.id === dialog.id) : undefined;
  const open = (kind: NonNullable<Dialog>["kind"]) => {
    if (menu) setDialog({ kind, id: menu.id });
    setMenu(null);
  };
  const error = result && !result.ok && dialog?.submitted ? result.error : null;
  // the reply of this dialog's own submission, for its Conform form
  const replyFor = (intent: string) => (dialog?.submitted && result?.intent === intent && result.nodeId === dialog.id ? result.result : null);
  const markSubmitted = () => setDialog((d) => (d ? { ...d, submitted: true } : d));

  return (
    <div className="space-y-3">
      <div className="h-[560px] rounded-lg border border-slate-200 bg-slate-50" data-testid="decision-tree-graph" data-node-count={graph.nodes.length}>
        <DecisionTreeGraph graph={graph} selectedId={selectedId} onSelect={setSelectedId} onContextMenu={(id, p) => setMenu({ id, ...p })} />
      </div>
      <p className="text-xs text-slate-500">Click a node to see its criterion and the policy passage it came from; right-click to edit.</p>

      {menu && (
        <div
          role="menu"
          aria-label="Node actions"
          className="fixed z-50 w-48 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          style={{ left: menu.x, top: menu.y }}
          onClick={(e) => e.stopPropagation()}
        >
          <button role="menuitem" type="button" className="block w-full px-3 py-1.5 text-left hover:bg-slate-100" onClick={() => open("edit")}>
            Edit Node
          </button>
          <button role="menuitem" type="button" className="block w-full px-3 py-1.5 text-left hover:bg-slate-100" onClick={() => open("add")}>
            Add Connected Node
          </button>
          <button role="menuitem" type="button" className="block w-full px-3 py-1.5 text-left text-red-700 hover:bg-red-50" onClick={() => open("delete")}>
            Delete Node
          </button>
        </div>
      )}

      {selected && (
        <div className="rounded-lg border border-indigo-200 bg-white p-4" data-testid="selected-node">
          <NodeDetails node={selected} />
        </div>
      )}

      <Modal open={dialog?.kind === "edit" && !!target} title="Update decision tree node" closeTo="" onClose={() => setDialog(null)} testId="edit-node-modal">
        {target && (
          <NodeForm
            mode="edit"
            node={target}
            idPrefix="edit-node"
            interactive
            fetcher={fetcher}
            lastResult={replyFor("update_node")}
            onSubmit={markSubmitted}
            className="space-y-4"
            key={`edit-${target.id}`}
          >
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
                Cancel
              </button>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy ? "Saving..." : "Save"}
              </button>
            </div>
          </NodeForm>
        )}
      </Modal>

      <Modal
        open={dialog?.kind === "add" && !!target}
        title="Add New Node"
        description={target ? `Connected below: ${target.question}` : undefined}
        closeTo=""
        onClose={() => setDialog(null)}
        testId="add-node-modal"
      >
        {target && (
          <NodeForm
            mode="add"
            node={target}
            idPrefix="add-node"
            interactive
            fetcher={fetcher}
            lastResult={replyFor("add_node")}
            onSubmit={markSubmitted}
            className="space-y-4"
            key={`add-${target.id}`}
          >
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
                Cancel
              </button>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy ? "Adding..." : "Add node"}
              </button>
            </div>
          </NodeForm>
        )}
      </Modal>

      <Modal open={dialog?.kind === "delete" && !!target} title="Delete node" size="sm" closeTo="" onClose={() => setDialog(null)} testId="delete-node-modal">
        {target && (
          <fetcher.Form method="post" className="space-y-4" onSubmit={markSubmitted}>
            <input type="hidden" name="intent" value="delete_node" />
            <input type="hidden" name="node_id" value={target.id} />
            <p className="text-sm text-slate-700">Delete “{target.question}” and every node below it?</p>
            <FormAlert message={error} />
            <div className="flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setDialog(null)}>
                Cancel
              </button>
              <button type="submit" className={dangerButton} disabled={busy}>
                Delete
              </button>
            </div>
          </fetcher.Form>
        )}
      </Modal>
    </div>
  );
}
