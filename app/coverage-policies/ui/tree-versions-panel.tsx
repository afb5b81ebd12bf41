/**
 * Decision-tree versions on the policy page: the waiting regenerated draft (compare, publish,
 * discard), the comparison of any version with the published tree, and the version history with
 * Restore. Plain POST forms to the page action (intents publish_version, discard_version,
 * restore_version); comparisons are links (?compare=N) so they survive a reload and can be shared.
 */
import { Form, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/ui/styles";
import type { TreeVersionSummary } from "../tree-versions.server";
import type { ChangedNode, DiffNode, TreeDiff } from "../tree-diff";
import { describeDiff } from "../tree-diff";
import { formatDateTime } from "~/prior-auths/ui/decision";

export interface VersionComparison {
  version: number;
  status: string;
  summary: string;
  diff: TreeDiff | null;
  against: number | null;
}

const STATUS_STYLE: Record<string, string> = {
  published: "bg-emerald-100 text-emerald-800",
  draft: "bg-amber-100 text-amber-800",
  superseded: "bg-slate-100 text-slate-600",
  discarded: "bg-slate-100 text-slate-500 line-through",
};

function VersionForm({ intent, version, label, primary = false }: { intent: string; version: number; label: string; primary?: boolean }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className={`${primary ? primaryButton : secondaryButton} !py-1 text-xs`}>
        {label}
      </button>
    </Form>
  );
}

/** The draft waiting for the author: what changed, and Publish / Discard. */
export function DraftBanner({ draft, current, comparing }: { draft: VersionComparison; current: number | null; comparing: boolean }) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
      role="status"
      data-testid="draft-banner"
    >
      <div className="text-sm text-amber-900">
        <p className="font-medium">
          A regenerated tree (version {draft.version}) is waiting for review{draft.diff ? `: ${describeDiff(draft.diff)}` : ""}.
        </p>
        <p className="text-amber-800">
          Cases keep being decided on the published version {current ?? ""} until you publish this draft. Edits made to the published tree stay in its history.
        </p>
      </div>
      <div className="flex items-center gap-2">
        {!comparing && (
          <Link to={`?compare=${draft.version}`} className={`${secondaryButton} !py-1 text-xs`}>
            Compare
          </Link>
        )}
        <VersionForm intent="discard_version" version={draft.version} label="Discard draft" />
        <VersionForm intent="publish_version" version={draft.version} label="Publish draft" primary />
      </div>
    </div>
  );
}

function NodeLine({ n }: { n: DiffNode }) {
  return (
    <div>
      <p className="text-slate-800">
        {n.node_type === "action" ? <span className="font-medium">{n.node_action === "denied" ? "Deny" : "Approve"}</span> : n.question}
        {n.condition && <span className="ml-1 text-xs text-slate-500">(answer “{n.condition}”)</span>}
      </p>
      {n.path.length > 0 && <p className="text-xs text-slate-500">under {n.path.slice(-2).join(" › ")}</p>}
    </div>
  );
}

function ChangedLine({ c }: { c: ChangedNode }) {
  return (
    <div>
      {c.before.question !== c.after.question ? (
        <p className="text-slate-800">
          <span className="text-red-700 line-through">{c.before.question}</span> → <span className="text-emerald-800">{c.after.question}</span>
        </p>
      ) : (
        <p className="text-slate-800">{c.after.question}</p>
      )}
      <p className="text-xs text-slate-500">changed: {c.fields.join(", ")}</p>
    </div>
  );
}

/** Added, removed and changed nodes of a version against the published tree. */
export function VersionComparisonView({ comparison }: { comparison: VersionComparison }) {
  const d = comparison.diff;
  return (
    <section aria-label={`Version ${comparison.version} compared`} className="rounded-lg border border-slate-200 bg-white" data-testid="version-comparison">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2.5">
        <h2 className="text-sm font-semibold text-slate-800">
          Version {comparison.version} compared with the published version {comparison.against ?? ""}
        </h2>
        <Link to="?" className="text-xs font-medium text-indigo-700 hover:underline">
          Close
        </Link>
      </div>
      {!d ? (
        <p className="px-4 py-3 text-sm text-slate-500">This is the published version.</p>
      ) : d.added.length + d.removed.length + d.changed.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">No differences: the two versions have the same nodes ({d.unchanged}).</p>
      ) : (
        <div className="grid gap-3 px-4 py-3 text-sm md:grid-cols-3">
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">Added ({d.added.length})</h3>
            <ul className="mt-1 space-y-2">
              {d.added.map((n) => (
                <li key={n.id} className="rounded-md border-l-2 border-emerald-400 bg-emerald-50/50 px-3 py-1.5">
                  <NodeLine n={n} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-red-700 uppercase">Removed ({d.removed.length})</h3>
            <ul className="mt-1 space-y-2">
              {d.removed.map((n) => (
                <li key={n.id} className="rounded-md border-l-2 border-red-400 bg-red-50/50 px-3 py-1.5">
                  <NodeLine n={n} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-amber-700 uppercase">Changed ({d.changed.length})</h3>
            <ul className="mt-1 space-y-2">
              {d.changed.map((c) => (
                <li key={c.after.id} className="rounded-md border-l-2 border-amber-400 bg-amber-50/50 px-3 py-1.5">
                  <ChangedLine c={c} />
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

/** The version history, newest first, with Compare and Restore. */
export function TreeVersionsList({ versions, current }: { versions: TreeVersionSummary[]; current: number | null }) {
  if (versions.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white" data-testid="tree-versions">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold text-slate-800">
        Versions ({versions.length}){current ? ` · published: version ${current}` : ""}
      </summary>
      <table className="w-full text-left text-sm">
        <thead className="border-t border-slate-100 text-xs text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Version</th>
            <th className="px-2 py-2 font-medium">What changed</th>
            <th className="px-2 py-2 font-medium">By</th>
            <th className="px-2 py-2 font-medium">When</th>
            <th className="px-4 py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {versions.map((v) => (
            <tr key={v.version} data-testid={`tree-version-${v.version}`}>
              <td className="px-4 py-2 whitespace-nowrap">
                <span className="font-medium text-slate-900">v{v.version}</span>{" "}
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[v.status] ?? ""}`}>{v.status}</span>
              </td>
              <td className="px-2 py-2 text-slate-700">
                {v.summary} <span className="text-xs text-slate-500">({v.node_count} nodes)</span>
              </td>
              <td className="px-2 py-2 text-slate-600">{v.created_by ?? (v.source === "generated" ? "reader" : "—")}</td>
              <td className="px-2 py-2 whitespace-nowrap text-slate-600">{formatDateTime(v.created_at)}</td>
              <td className="px-4 py-2 text-right whitespace-nowrap">
                {v.version !== current && (
                  <span className="inline-flex gap-2">
                    <Link to={`?compare=${v.version}`} className="text-xs font-medium text-indigo-700 hover:underline">
                      Compare
                    </Link>
                    {v.status !== "draft" && <VersionForm intent="restore_version" version={v.version} label="Restore" />}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
