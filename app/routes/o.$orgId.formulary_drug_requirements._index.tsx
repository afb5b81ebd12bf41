import { Link } from "react-router";
import type { Route } from "./+types/o.$orgId.formulary_drug_requirements._index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { listFormularyDrugRequirements } from "~/formulary/list-formulary-drug-requirements.server";

export const meta: Route.MetaFunction = () => [{ title: "Formulary Requirements · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const rows = await listFormularyDrugRequirements(await getDatabase(), organization.id);
  return { orgId: organization.id, requirements: rows.map((r) => ({ token: r.id, drug_name: r.drug_name, products: r.products })) };
}

export default function FormularyRequirements({ loaderData }: Route.ComponentProps) {
  const { orgId, requirements } = loaderData;
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
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="formulary-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Drug Name</th>
                <th className="px-4 py-3">Products Affected</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {requirements.map((r) => (
                <tr key={r.token} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <Link to={`/o/${orgId}/formulary_drug_requirements/${r.token}`} className="font-medium text-indigo-700 hover:underline">
                      {r.drug_name}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{r.products.length ? r.products.join(", ") : "N/A"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
