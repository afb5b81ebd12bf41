/** Decision-tree status badge and the Generate / Regenerate button (a plain POST form). */
import { Form } from "react-router";
import { primaryButton, secondaryButton, Spinner } from "~/ui/styles";
import { isTreeInProgress, type SerializedCoveragePolicy } from "../serialize";

const STYLES: Record<string, string> = {
  none: "bg-slate-100 text-slate-600",
  queued: "bg-amber-100 text-amber-800",
  generating: "bg-indigo-100 text-indigo-800",
  ready: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};
const LABELS: Record<string, string> = { none: "No tree", queued: "Queued", generating: "Generating", ready: "Ready", failed: "Failed" };

export function TreeStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ${STYLES[status] ?? STYLES.none}`}
      data-testid="tree-status"
      data-status={status}
    >
      {isTreeInProgress(status) && <Spinner className="h-3 w-3" />}
      {LABELS[status] ?? status}
    </span>
  );
}

/** 'Generate decision tree' without structured logic, 'Regenerate' with it; 'Generating...' while queued or generating. */
export function GenerateTreeButton({
  policy,
  action,
  primary = false,
}: {
  policy: Pick<SerializedCoveragePolicy, "token" | "tree_status" | "structured_logic">;
  action?: string;
  primary?: boolean;
}) {
  const running = isTreeInProgress(policy.tree_status);
  const hasTree = Boolean(policy.structured_logic) && policy.tree_status !== "failed";
  return (
    <Form method="post" action={action} className="inline">
      <input type="hidden" name="intent" value="generate_tree" />
      <input type="hidden" name="id" value={policy.token} />
      <button type="submit" disabled={running} className={`${primary ? primaryButton : secondaryButton} !py-1 text-xs`}>
        {running ? "Generating..." : hasTree ? "Regenerate" : "Generate decision tree"}
      </button>
    </Form>
  );
}
