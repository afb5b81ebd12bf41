/**
 * Form fields of the "Add New Node" and "Update decision tree node" forms, shared by the graph's
 * modals and the server-rendered node list (the no-JavaScript fallback). Validation messages come
 * from the server ('Node type is required', 'Action is required', 'Answer is required').
 */
import { useState } from "react";
import { inputClass } from "~/ui/styles";
import type { GraphNodeData } from "./types";

const label = "block text-sm font-medium text-slate-700";

export function NodeFields({
  mode,
  node,
  idPrefix,
  interactive = false,
}: {
  mode: "add" | "edit";
  node?: GraphNodeData;
  idPrefix: string;
  interactive?: boolean;
}) {
  const initialType = mode === "edit" ? (node?.node_type ?? "question") : "";
  const [nodeType, setNodeType] = useState(initialType);
  const showQuestion = !interactive || nodeType !== "action";
  const showAction = !interactive || nodeType === "action";
  const id = (f: string) => `${idPrefix}-${f}`;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id("node_type")} className={label}>
          Node type
        </label>
        <select id={id("node_type")} name="node_type" defaultValue={initialType} onChange={(e) => setNodeType(e.target.value)} className={inputClass}>
          {mode === "add" && <option value="">Select a node type</option>}
          <option value="question">Question</option>
          <option value="action">Action</option>
        </select>
      </div>
      {showQuestion && (
        <div>
          <label htmlFor={id("question")} className={label}>
            Question
          </label>
          <textarea id={id("question")} name="question" rows={2} defaultValue={node && mode === "edit" ? node.question : ""} className={inputClass} />
        </div>
      )}
      {showAction && (
        <div>
          <label htmlFor={id("node_action")} className={label}>
            Action{!interactive && " (action nodes)"}
          </label>
          <select
            id={id("node_action")}
            name="node_action"
            defaultValue={mode === "edit" && node?.node_action === "denied" ? "deny" : mode === "edit" && node?.node_action === "approved" ? "approve" : ""}
            className={inputClass}
          >
            <option value="">Select an action</option>
            <option value="approve">Approve</option>
            <option value="deny">Deny</option>
          </select>
        </div>
      )}
      <div>
        <label htmlFor={id("condition")} className={label}>
          Answer
        </label>
        <input
          id={id("condition")}
          name="condition"
          defaultValue={mode === "edit" ? (node?.condition ?? "") : ""}
          placeholder={mode === "add" ? "The answer that leads here, e.g. Yes" : "Answer on the edge from the parent"}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={id("reason")} className={label}>
          Reason
        </label>
        <textarea id={id("reason")} name="reason" rows={2} defaultValue={mode === "edit" ? (node?.reason ?? "") : ""} className={inputClass} />
      </div>
    </div>
  );
}
