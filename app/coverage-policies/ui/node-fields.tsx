/**
 * The node forms of the decision-tree editor: "Add New Node" and "Update decision tree node", in the
 * graph's modals (posted through a fetcher) and in the server-rendered node list (the no-JavaScript
 * fallback, a plain POST). Conform checks them with the commands' schemas (add-node-input.ts,
 * update-node-input.ts) before sending; the page action parses the same schemas and answers per field
 * ('Node type is required', 'Question is required', 'Action is required', 'Answer is required'),
 * keeping what was typed.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, type FetcherWithComponents } from "react-router";
import { AddNodeFormSchema } from "~/coverage-policies/add-node-input";
import { UpdateNodeFormSchema } from "~/coverage-policies/update-node-input";
import { FieldError, FormAlert, inputClass } from "~/ui/styles";
import type { GraphNodeData } from "./types";

const label = "block text-sm font-medium text-slate-700";

/** What the node forms send (all text; Conform reads a blank field as absent). */
interface NodeFormValues {
  intent: string;
  node_id: string;
  parent_id: string;
  node_type: string;
  question: string;
  node_action: string;
  condition: string;
  reason: string;
}

/** The editor's choice for a stored action: approved → approve, denied → deny. */
function actionChoice(stored: string | null | undefined) {
  return stored === "approved" ? "approve" : stored === "denied" ? "deny" : "";
}

/**
 * One node form. `mode` "add" posts intent=add_node below `node` (parent_id); "edit" posts
 * intent=update_node for `node`. `lastResult` is the action's Conform reply for this form (field
 * errors, values kept); `interactive` shows the question or the action field by node type (with
 * JavaScript) instead of both. `fetcher` posts through it (the graph's modals), else a plain form.
 * `children` go after the fields (the buttons); `onSubmit` is told of every submit attempt.
 */
export function NodeForm({
  mode,
  node,
  idPrefix,
  lastResult,
  fetcher,
  interactive = false,
  className,
  onSubmit,
  children,
}: {
  mode: "add" | "edit";
  node: GraphNodeData;
  idPrefix: string;
  lastResult?: SubmissionResult<string[]> | null;
  fetcher?: FetcherWithComponents<unknown>;
  interactive?: boolean;
  className?: string;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  const [form, fields] = useForm<NodeFormValues, unknown>({
    id: `${idPrefix}-${node.id}`,
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue:
      mode === "edit"
        ? {
            node_type: node.node_type === "action" ? "action" : "question",
            question: node.question,
            node_action: actionChoice(node.node_action),
            condition: node.condition ?? "",
            reason: node.reason ?? "",
          }
        : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mode === "add" ? AddNodeFormSchema : UpdateNodeFormSchema }),
  });
  const nodeType = fields.node_type.value ?? "";
  const showQuestion = !interactive || nodeType !== "action";
  const showAction = !interactive || nodeType === "action";
  const field = (name: keyof NodeFormValues, text: string, input: ReactNode) => (
    <div>
      <label htmlFor={fields[name].id} className={label}>
        {text}
      </label>
      {input}
      <FieldError id={fields[name].errorId} errors={fields[name].errors} />
    </div>
  );
  const body = (
    <>
      <input type="hidden" name="intent" value={mode === "add" ? "add_node" : "update_node"} />
      <input type="hidden" name={mode === "add" ? "parent_id" : "node_id"} value={node.id} />
      <div className="space-y-3">
        {field(
          "node_type",
          "Node type",
          <select {...getSelectProps(fields.node_type)} className={inputClass}>
            {mode === "add" && <option value="">Select a node type</option>}
            <option value="question">Question</option>
            <option value="action">Action</option>
          </select>,
        )}
        {showQuestion && field("question", "Question", <textarea {...getTextareaProps(fields.question)} rows={2} className={inputClass} />)}
        {showAction &&
          field(
            "node_action",
            interactive ? "Action" : "Action (action nodes)",
            <select {...getSelectProps(fields.node_action)} className={inputClass}>
              <option value="">Select an action</option>
              <option value="approve">Approve</option>
              <option value="deny">Deny</option>
            </select>,
          )}
        {field(
          "condition",
          "Answer that leads here (to the previous question)",
          <input
            {...getInputProps(fields.condition, { type: "text" })}
            placeholder={mode === "add" ? "The answer that leads here, e.g. Yes" : "Answer on the edge from the parent"}
            className={inputClass}
          />,
        )}
        {field("reason", "Reason", <textarea {...getTextareaProps(fields.reason)} rows={2} className={inputClass} />)}
      </div>
      <FormAlert message={form.errors?.[0]} />
      {children}
    </>
  );
  return fetcher ? (
    <fetcher.Form method="post" {...getFormProps(form)} onSubmitCapture={onSubmit} className={className}>
      {body}
    </fetcher.Form>
  ) : (
    <Form method="post" {...getFormProps(form)} onSubmitCapture={onSubmit} className={className}>
      {body}
    </Form>
  );
}
