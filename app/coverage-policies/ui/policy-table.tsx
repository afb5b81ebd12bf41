/** Coverage policies of a plan: Drug Name, Drugs badges, Policy Type, Structured Logic, delete. */
import { Link } from "react-router";
import { withParams } from "~/ui/modal";
import type { SerializedCoveragePolicy } from "../serialize";
import { GenerateTreeButton, TreeStatusBadge } from "./tree-status";

export function PolicyTable({ basePath, policies, search }: { basePath: string; policies: SerializedCoveragePolicy[]; search: string }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="policies-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-4 py-3">Drug Name</th>
            <th className="px-4 py-3">Drugs</th>
            <th className="px-4 py-3">Policy Type</th>
            <th className="px-4 py-3">Structured Logic</th>
            <th className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {policies.map((p) => {
            const logic = p.structured_logic as { node_count?: number } | null;
            return (
              <tr key={p.token} data-testid="policy-row" data-policy-id={p.token}>
                <td className="px-4 py-3">
                  <Link to={`${basePath}/coverage_policies/${p.token}`} className="font-medium text-indigo-700 hover:underline">
                    {p.drug_name}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1">
                    {p.drugs_list.map((d) => (
                      <span key={d} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                        {d}
                      </span>
                    ))}
                  </div>
                </td>
                <td className="px-4 py-3 text-slate-700 capitalize">{p.policy_type}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <TreeStatusBadge status={p.tree_status} />
                    {p.tree_status === "ready" && typeof logic?.node_count === "number" && (
                      <span className="text-xs text-slate-500">{logic.node_count} nodes</span>
                    )}
                    <GenerateTreeButton policy={p} />
                  </div>
                  {p.tree_status === "failed" && p.tree_error && (
                    <p className="mt-1 max-w-sm text-xs text-red-700" role="alert">
                      {p.tree_error}
                    </p>
                  )}
                </td>
                <td className="px-4 py-3 text-right">
                  <Link
                    to={withParams(search, { modal: "delete_policy", id: p.token })}
                    className="text-sm font-medium text-red-700 hover:underline"
                    preventScrollReset
                    aria-label={`Delete ${p.drug_name}`}
                  >
                    Delete
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
