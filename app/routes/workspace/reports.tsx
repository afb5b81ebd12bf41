/**
 * Reports (/o/{org}/reports?from=&to=&line_of_business=): the CMS-0057-F prior authorization
 * metrics for drugs and for services, a chart of decisions and turnaround over time, the cases past
 * their due time, and CSV / JSON exports (/api/o/{org}/reports/prior_authorization_metrics.csv|.json).
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/reports";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { ReportQuerySchema } from "~/reports/report-input";
import { getMetricsReport, listLinesOfBusiness } from "~/reports/get-metrics-report.server";
import type { CategoryMetrics, DecisionMetrics } from "~/reports/compute-metrics";
import { DecisionsChart } from "~/reports/ui/decisions-chart";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { Badge } from "~/prior-auths/ui/badges";
import { inputClass, secondaryButton } from "~/ui/styles";
import { Table } from "~/ui/table";

export const meta: Route.MetaFunction = () => [{ title: "Reports · PA Review" }];

/** The decision metrics report, with the cases behind it (patient names): a PHI read, recorded. Needs cases.read. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization } = ctx;
  await recordAuditEvent(ctx, request, { action: "report.view", resource_type: "report" });
  const parsed = ReportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  const database = await getDatabase();
  const [report, linesOfBusiness] = await Promise.all([getMetricsReport(database, organization.id, query), listLinesOfBusiness(database, organization.id)]);
  return { orgId: organization.id, report, linesOfBusiness, error: parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; ") };
}

const pct = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)}%`);
function hours(v: number | null): string {
  if (v === null) return "—";
  return v < 48 ? `${v.toFixed(1)} h` : `${(v / 24).toFixed(1)} d`;
}

type Row = { label: string; value: (m: DecisionMetrics) => string; note?: string };
const ROWS: Row[] = [
  { label: "Requests", value: (m) => String(m.requests) },
  { label: "Approved", value: (m) => `${pct(m.percent_approved)} (${m.approved})` },
  { label: "Denied", value: (m) => `${pct(m.percent_denied)} (${m.denied})` },
  {
    label: "Approved after appeal",
    value: (m) => `${pct(m.percent_approved_after_appeal)} (${m.approved_after_appeal}/${m.appealed})`,
    note: "Overturned / appealed requests (open appeals included); a claim counts once any appealed line is overturned.",
  },
  {
    label: "Extended time frame, approved",
    value: (m) => `${pct(m.percent_extended_timeframe_approved)} (${m.extended_approved})`,
    note: "Of all requests: time frame extended, then approved.",
  },
  { label: "Awaiting determination", value: (m) => String(m.pending) },
  { label: "Average time to decision", value: (m) => hours(m.average_hours_to_decision) },
  { label: "Median time to decision", value: (m) => hours(m.median_hours_to_decision) },
  { label: "Decided after due time", value: (m) => String(m.decided_late) },
];

function MetricsTable({ title, metrics, note }: { title: string; metrics: CategoryMetrics; note: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-xs" data-testid={`metrics-${metrics.category}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <p className="text-xs text-slate-500">{note}</p>
      </header>
      <Table
        frame="plain"
        density="sm"
        shadedHeader={false}
        rows={ROWS}
        rowKey={(r) => r.label}
        rowProps={(r) => ({ "data-metric": r.label })}
        columns={[
          {
            key: "metric",
            header: "Metric",
            rowHeader: true,
            cellClassName: "font-medium text-slate-700",
            cell: (r) => (
              <>
                {r.label}
                {r.note && <span className="block text-xs font-normal text-slate-400">{r.note}</span>}
              </>
            ),
          },
          ...(["standard", "expedited", "all"] as const).map((col) => ({
            key: col,
            header: col === "all" ? "All" : col === "standard" ? "Standard" : "Expedited",
            align: "right" as const,
            cellClassName: "tabular-nums",
            cellProps: () => ({ "data-col": col }),
            cell: (r: Row) => r.value(metrics[col]),
          })),
        ]}
        extraRows={
          <tr data-metric="Open and past due">
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-700">
              Open and past due
            </th>
            <td colSpan={3} className={`px-4 py-2 text-right tabular-nums ${metrics.past_due_open ? "font-semibold text-red-700" : ""}`} data-col="all">
              {metrics.past_due_open}
            </td>
          </tr>
        }
      />
    </section>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report, linesOfBusiness, orgId, error } = loaderData;
  const { codeView } = useCodeView();
  const qs = new URLSearchParams({
    from: report.period.from,
    to: report.period.to,
    ...(report.line_of_business ? { line_of_business: report.line_of_business } : {}),
  }).toString();
  const api = `/api/o/${orgId}/reports/prior_authorization_metrics`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader
        title="Reports"
        description="Prior authorization metrics as CMS-0057-F asks payers to publish them, for the requests received in the period."
        actions={
          <>
            <a href={`${api}.csv?${qs}`} className={secondaryButton} download>
              Export CSV
            </a>
            <a href={`${api}.json?${qs}`} className={secondaryButton}>
              Export JSON
            </a>
          </>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Report period">
        <label className="text-xs font-medium text-slate-600">
          From
          <input type="date" name="from" defaultValue={report.period.from} className={`${inputClass} mt-1 w-40`} />
        </label>
        <label className="text-xs font-medium text-slate-600">
          To
          <input type="date" name="to" defaultValue={report.period.to} className={`${inputClass} mt-1 w-40`} />
        </label>
        <label className="text-xs font-medium text-slate-600">
          Line of business
          <select name="line_of_business" defaultValue={report.line_of_business ?? ""} className={`${inputClass} mt-1 w-52`}>
            <option value="">All lines of business</option>
            {linesOfBusiness.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </Form>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error} — showing the default period instead.
        </p>
      )}
      {codeView ? (
        <JsonView value={report} />
      ) : (
        <>
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
            <h2 className="mb-3 text-sm font-semibold text-slate-900">Decisions and turnaround over time</h2>
            <DecisionsChart series={report.series} bucket={report.bucket} />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <MetricsTable title="Drugs" metrics={report.drug} note="Prior auths for medications (outside the rule's public report; for internal use)" />
            <MetricsTable title="Items and services" metrics={report.service} note="Medical claims and service requests (the rule's public report)" />
          </div>
          <section className="rounded-lg border border-slate-200 bg-white shadow-xs">
            <header className="border-b border-slate-200 px-4 py-3">
              <h2 className="text-sm font-semibold text-slate-900">Cases past their due time</h2>
              <p className="text-xs text-slate-500">Open requests of this period whose 72-hour (expedited) or 7-day (standard) clock has run out.</p>
            </header>
            {report.past_due.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500" data-testid="past-due-empty">
                No open case is past its due time.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="past-due">
                {report.past_due.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
                    <span>
                      <Link to={`/o/${orgId}/${c.path}`} className="font-medium text-slate-900 hover:text-indigo-700">
                        {c.patient_name ?? "Patient not yet extracted"}
                      </Link>
                      <span className="ml-2 text-slate-500">{c.subject ?? ""}</span>
                    </span>
                    <span className="flex items-center gap-2 text-xs text-slate-500">
                      {c.urgency === "expedited" ? <Badge tone="red">Expedited</Badge> : <Badge>Standard</Badge>}
                      due {formatDateTime(c.due_at)} · <span className="font-semibold text-red-700">{hours(c.hours_past_due)} overdue</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="text-xs text-slate-500">
            Approved and denied count final determinations: a reviewer's decision, or an AI approval on its own; an AI denial counts only once a clinician has
            signed it off. Percentages are of all requests received in the period, so requests still awaiting a determination are in the denominator. Times run
            from receipt of the request to the determination. Generated {formatDateTime(report.generated_at)}.
          </p>
        </>
      )}
    </div>
  );
}
