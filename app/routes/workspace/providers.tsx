import type { Route } from "./+types/providers";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { getDatabase } from "~/lib/db.server";
import { listProviders } from "~/providers/list-providers.server";

export const meta: Route.MetaFunction = () => [{ title: "Providers · PA Review" }];

/** The prescriber directory built from the practitioners on this organization's cases. Needs cases.read; recorded in the PHI access audit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization } = ctx;
  await recordAuditEvent(ctx, request, { action: "provider.list", resource_type: "provider" }); // drawn from cases: a PHI read
  return { providers: await listProviders(await getDatabase(), organization.id) };
}

const STATUS_TONE: Record<string, string> = {
  Active: "bg-emerald-50 text-emerald-700",
  Deactivated: "bg-red-50 text-red-700",
  "Invalid NPI": "bg-red-50 text-red-700",
};

export default function Providers({ loaderData }: Route.ComponentProps) {
  const { providers } = loaderData;
  const { codeView } = useCodeView();
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader title="Providers" description="Prescribers and practitioners named on this organization's prior auths and claims, one row per NPI." />
      {codeView ? (
        <JsonView value={{ providers }} />
      ) : providers.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
          No providers yet. They appear here once cases have been through intake.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="providers-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Provider</th>
                <th className="px-4 py-2">NPI</th>
                <th className="px-4 py-2">Specialty</th>
                <th className="px-4 py-2">Location</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2 text-right">Cases</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {providers.map((p) => (
                <tr key={p.key}>
                  <td className="px-4 py-2 font-medium text-slate-900">{p.full_name}</td>
                  <td className="px-4 py-2 font-mono text-xs text-slate-700">{p.npi ?? "—"}</td>
                  <td className="px-4 py-2 text-slate-700">{p.specialty ?? "—"}</td>
                  <td className="px-4 py-2 text-slate-700">{p.location ?? "—"}</td>
                  <td className="px-4 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[p.status] ?? "bg-slate-100 text-slate-600"}`}>{p.status}</span>
                  </td>
                  <td className="px-4 py-2 text-right text-slate-700 tabular-nums">{p.case_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
