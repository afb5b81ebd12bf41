/** Plans table: Title, Document Type, Line of Business, Plan Type, and a row menu with Delete. */
import { Link } from "react-router";
import { withParams } from "~/ui/modal";
import { Table } from "~/ui/table";

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
  const text = "text-slate-700";
  return (
    <Table
      testId="plans-table"
      rows={plans}
      rowKey={(p) => p.token}
      rowProps={() => ({ "data-testid": "plan-row", className: "hover:bg-slate-50" })}
      columns={[
        {
          key: "title",
          header: "Title",
          cell: (p) => (
            <>
              <Link to={`/o/${orgId}/plans/${p.token}`} className="font-medium text-indigo-700 hover:underline">
                {p.title}
              </Link>
              <p className="text-xs text-slate-500">
                {p.identification} · {p.state}
                {!p.is_active && " · inactive"}
              </p>
            </>
          ),
        },
        { key: "document_type", header: "Document Type", cellClassName: text, cell: (p) => DOC_TYPES[p.document_type] ?? p.document_type },
        { key: "line_of_business", header: "Line of Business", cellClassName: text, cell: (p) => p.line_of_business },
        { key: "plan_type", header: "Plan Type", cellClassName: text, cell: (p) => p.plan_type },
        {
          key: "actions",
          header: <span className="sr-only">Actions</span>,
          align: "right",
          cell: (p) => (
            <Link
              to={withParams(search, { modal: "delete", id: p.token })}
              className="text-sm font-medium text-red-700 hover:underline"
              preventScrollReset
              aria-label={`Delete ${p.title}`}
            >
              Delete
            </Link>
          ),
        },
      ]}
    />
  );
}
