import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDashboardStats } from "~/organizations/get-dashboard-stats.server";
import { useCodeView, JsonView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  return { orgId: organization.id, sandbox: organization.sandbox, stats: await getDashboardStats(organization.id) };
}

function Stat({
  label,
  value,
  to,
  tone = "slate",
  hint,
}: {
  label: string;
  value: number | string;
  to: string;
  tone?: "slate" | "emerald" | "red" | "amber" | "indigo";
  hint?: string;
}) {
  const tones = {
    slate: "text-slate-900",
    emerald: "text-emerald-700",
    red: "text-red-700",
    amber: "text-amber-700",
    indigo: "text-indigo-700",
  };
  return (
    <Link
      to={to}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs hover:border-slate-300"
      data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
    >
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className={`mt-2 text-2xl font-semibold tabular-nums ${tones[tone]}`}>{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-400">{hint}</p>}
    </Link>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, orgId } = loaderData;
  const { codeView } = useCodeView();
  const pa = stats.priorAuths;
  const w = stats.workload;
  const reportsLink = `/o/${orgId}/reports?from=${stats.period.from}&to=${stats.period.to}`;
  const turnaround =
    w.median_turnaround_hours === null
      ? "—"
      : w.median_turnaround_hours < 1
        ? `${Math.max(1, Math.round(w.median_turnaround_hours * 60))} min`
        : w.median_turnaround_hours < 48
          ? `${Number(w.median_turnaround_hours.toFixed(1))} h`
          : `${(w.median_turnaround_hours / 24).toFixed(1)} d`;
  return (
    <div className="mx-auto max-w-6xl space-y-8 p-6">
      <PageHeader title="Dashboard" description="Where the work stands in this workspace." />
      {codeView ? (
        <JsonView value={stats} />
      ) : (
        <>
          <section aria-labelledby="workload-heading">
            <h2 id="workload-heading" className="mb-3 text-sm font-semibold text-slate-700">
              Workload
            </h2>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
              <Stat label="Active cases" value={w.active} to={`/o/${orgId}/cases`} hint="not yet determined" />
              <Stat label="Due today" value={w.due_today} to={`/o/${orgId}/cases`} tone={w.due_today ? "amber" : "slate"} hint="before midnight UTC" />
              <Stat label="Overdue" value={w.overdue} to={`/o/${orgId}/cases`} tone={w.overdue ? "red" : "slate"} hint="past the 72 h / 7 d clock" />
              <Stat label="Decisions this week" value={w.decisions_this_week} to={`/o/${orgId}/reports`} hint="since Monday" />
              <Stat
                label="Automation rate"
                value={w.automation_rate === null ? "—" : `${w.automation_rate}%`}
                to={`/o/${orgId}/reports`}
                tone="indigo"
                hint="decided by AI alone, 30 days"
              />
              <Stat label="Median turnaround" value={turnaround} to={`/o/${orgId}/reports`} hint="receipt to decision, 30 days" />
            </div>
          </section>
          <section aria-labelledby="pa-heading">
            <h2 id="pa-heading" className="mb-3 text-sm font-semibold text-slate-700">
              Prior authorizations{" "}
              <span className="font-normal text-slate-500">
                received {stats.period.from} to {stats.period.to} ·{" "}
                <Link to={reportsLink} className="text-indigo-600 hover:text-indigo-500">
                  same figures in Reports
                </Link>
              </span>
            </h2>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
              <Stat label="Total" value={pa.total} to={`/o/${orgId}/prior-auths`} />
              <Stat label="Approved" value={pa.approved} to={reportsLink} tone="emerald" hint="final determination" />
              <Stat label="Denied" value={pa.denied} to={reportsLink} tone="red" hint="signed off by a clinician" />
              <Stat label="Pending" value={pa.pending} to={`/o/${orgId}/cases`} hint="not yet determined" />
              <Stat
                label="Awaiting sign-off"
                value={pa.awaitingSignOff}
                to={`/o/${orgId}/cases`}
                tone={pa.awaitingSignOff ? "red" : "slate"}
                hint="AI denials, of pending"
              />
              <Stat label="Outreach required" value={pa.outreach} to={`/o/${orgId}/cases`} tone="amber" hint="of pending" />
              <Stat label="Intake required" value={pa.intakeRequired} to={`/o/${orgId}/prior-auths`} tone="indigo" hint="of pending" />
            </div>
          </section>
          <section aria-labelledby="config-heading">
            <h2 id="config-heading" className="mb-3 text-sm font-semibold text-slate-700">
              Configuration
            </h2>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
              <Stat label="Plans" value={stats.plans} to={`/o/${orgId}/plans`} />
              <Stat label="Coverage policies" value={stats.coveragePolicies} to={`/o/${orgId}/plans`} />
              <Stat label="Medical claims" value={stats.claims} to={`/o/${orgId}/claims`} />
            </div>
          </section>
          {pa.total === 0 && stats.plans === 0 && (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
              <h3 className="text-sm font-semibold text-slate-900">Nothing here yet</h3>
              <p className="mt-1 text-sm text-slate-500">Add a plan with its coverage policies, then submit a prior auth fax to start reviewing.</p>
              <div className="mt-4 flex justify-center gap-3">
                <Link to={`/o/${orgId}/plans`} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                  Add a plan
                </Link>
                <Link to={`/o/${orgId}/prior-auths`} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
                  Go to prior auths
                </Link>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
