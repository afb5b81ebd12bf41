/** Plans table: Title, Document Type, Line of Business, Plan Type, and a row menu with Delete. */
import { Link } from "react-router";
import { withParams } from "~/ui/modal";

export interface PlanRow {
  token: string;
  title: string;
  identification: string;
  document_type: string;
  line_of_business: string;
  plan_type: string;
  state: string;
  is_active: boolean;
}

const DOC_TYPES: Record<string, string> = { pharmacy: "Pharmacy policy", medical: "Medical policy" };

export function PlanTable({ orgId, plans, search }: { orgId: string; plans: PlanRow[]; search: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="plans-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-4 py-3">Title</th>
            <th className="px-4 py-3">Document Type</th>
            <th className="px-4 py-3">Line of Business</th>
            <th className="px-4 py-3">Plan Type</th>
            <th className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {plans.map((p) => (
            <tr key={p.token} className="hover:bg-slate-50" data-testid="plan-row">
              <td className="px-4 py-3">
                <Link to={`/o/${orgId}/plans/${p.token}`} className="font-medium text-indigo-700 hover:underline">
                  {p.title}
                </Link>
                <p className="text-xs text-slate-500">
                  {p.identification} · {p.state}
                  {!p.is_active && " · inactive"}
                </p>
              </td>
              <td className="px-4 py-3 text-slate-700">{DOC_TYPES[p.document_type] ?? p.document_type}</td>
              <td className="px-4 py-3 text-slate-700">{p.line_of_business}</td>
              <td className="px-4 py-3 text-slate-700">{p.plan_type}</td>
              <td className="px-4 py-3 text-right">
                <Link
                  to={withParams(search, { modal: "delete", id: p.token })}
                  className="text-sm font-medium text-red-700 hover:underline"
                  preventScrollReset
                  aria-label={`Delete ${p.title}`}
                >
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
