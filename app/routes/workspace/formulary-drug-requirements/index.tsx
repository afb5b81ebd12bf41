import { Link } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { groupFormularyByDrug, listFormularyDrugRequirements } from "~/formulary/list-formulary-drug-requirements.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Formulary Requirements · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const rows = await listFormularyDrugRequirements(await getDatabase(), organization.id);
  return {
    orgId: organization.id,
    requirements: rows.map((r) => ({ token: r.id, drug_name: r.drug_name, products: r.products })),
    drugs: groupFormularyByDrug(rows),
  };
}

export default function FormularyRequirements({ loaderData }: Route.ComponentProps) {
  const { orgId, requirements, drugs } = loaderData;
  const { codeView } = useCodeView();
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader title="Formulary Requirements" description="Drug requirements of the organization's formularies. Open a drug to see its criteria." />
      {codeView ? (
        <JsonView value={{ formulary_drug_requirements: requirements }} />
      ) : requirements.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-formulary">
          <h2 className="text-sm font-semibold text-slate-900">No formulary requirements yet</h2>
          <p className="mt-1 text-sm text-slate-500">Formulary rows appear here once a formulary is imported for a plan.</p>
        </div>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="formulary-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Drug Name</th>
                <th className="px-4 py-3">Products Affected</th>
                <th className="px-4 py-3">Tier</th>
                <th className="px-4 py-3">PA</th>
                <th className="px-4 py-3">Quantity Limit</th>
                <th className="px-4 py-3">Step Therapy</th>
              </tr>
            </thead>
            {drugs.map((d) => (
              <tbody key={d.drug_name} className="border-t border-slate-200" data-testid="formulary-drug">
                {d.products.map((p, i) => (
                  <tr key={p.token} className="align-top hover:bg-slate-50">
                    {i === 0 && (
                      <td rowSpan={d.products.length} className="px-4 py-3 font-medium text-slate-900">
                        {d.drug_name}
                        <span className="block text-xs font-normal text-slate-500">
                          {d.products.length} product{d.products.length === 1 ? "" : "s"}
                        </span>
                      </td>
                    )}
                    <td className="px-4 py-3">
                      <Link to={`/o/${orgId}/formulary_drug_requirements/${p.token}`} className="font-mono text-xs text-indigo-700 hover:underline">
                        {p.product}
                      </Link>
                      {p.plan && <span className="block text-xs text-slate-500">{p.plan}</span>}
                    </td>
                    <td className="px-4 py-3 text-slate-700 tabular-nums">{p.tier ?? "—"}</td>
                    <td className="px-4 py-3 text-slate-700">{p.pa ? "Yes" : "No"}</td>
                    <td className="px-4 py-3 text-slate-700">{p.ql ?? "—"}</td>
                    <td className="px-4 py-3 text-slate-700">{p.st ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
