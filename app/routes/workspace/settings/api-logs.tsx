/**
 * Settings → API Logs: every /api request answered for this organization (time, API key or user,
 * method, path, status, duration), filterable by method, status class, caller kind and path, 25 a
 * page. Rows are written by the API log middleware (app/api-logs) and kept API_LOG_RETENTION_DAYS.
 */
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/api-logs";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { ApiLogsQuerySchema, listApiLogs } from "~/api-logs/api-logs.server";
import { getDatabase } from "~/lib/db.server";
import { withParams } from "~/ui/modal";
import { inputClass, secondaryButton } from "~/ui/styles";
import { formatTimestamp } from "~/webhooks/ui/webhook-form";

export const meta: Route.MetaFunction = () => [{ title: "API Logs · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "keys.manage");
  const q = ApiLogsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { orgId: organization.id, q, ...(await listApiLogs(await getDatabase(), organization.id, q)) };
}

function statusTone(status: number): string {
  if (status < 300) return "bg-emerald-50 text-emerald-700 ring-emerald-600/20";
  if (status < 400) return "bg-sky-50 text-sky-700 ring-sky-600/20";
  if (status < 500) return "bg-amber-50 text-amber-800 ring-amber-600/20";
  return "bg-red-50 text-red-700 ring-red-600/20";
}

const select = "rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900 shadow-xs";

export default function ApiLogs({ loaderData }: Route.ComponentProps) {
  const { logs, total, page, page_count, retention_days, q } = loaderData;
  const { codeView } = useCodeView();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const filtered = Boolean(q.method || q.status || q.via || q.path);
  return (
    <div className="space-y-6">
      <PageHeader title="API Logs" description={`Every call to this organization's /api, by API key or signed-in user. Kept ${retention_days} days.`} />
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="api-log-filters">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Method</span>
          <select name="method" defaultValue={q.method ?? ""} className={select}>
            <option value="">Any</option>
            {["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Status</span>
          <select name="status" defaultValue={q.status ?? ""} className={select}>
            <option value="">Any</option>
            {["2xx", "3xx", "4xx", "5xx"].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Caller</span>
          <select name="via" defaultValue={q.via ?? ""} className={select}>
            <option value="">Any</option>
            <option value="api_key">API key</option>
            <option value="session">Signed-in user</option>
          </select>
        </label>
        <label className="min-w-56 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">Path contains</span>
          <input name="path" defaultValue={q.path ?? ""} maxLength={200} placeholder="/prior_auths" className={inputClass} />
        </label>
        <button type="submit" className={secondaryButton}>
          Filter
        </button>
        {filtered && (
          <Link to={location.pathname} className="py-2 text-sm text-slate-500 hover:text-slate-800">
            Clear
          </Link>
        )}
      </Form>
      {codeView ? (
        <JsonView value={{ api_logs: logs, total, page }} />
      ) : logs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
          {filtered ? "No API calls match these filters." : "No API calls yet. Calls made with an API key or from the app appear here."}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="w-full min-w-[44rem] table-fixed divide-y divide-slate-200 text-sm" data-testid="api-logs-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="w-44 px-4 py-2">Time</th>
                <th className="w-52 px-4 py-2">Caller</th>
                <th className="px-4 py-2">Request</th>
                <th className="w-20 px-4 py-2">Status</th>
                <th className="w-24 px-4 py-2 text-right">Duration</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {logs.map((l) => (
                <tr key={l.id} data-testid="api-log-row">
                  <td className="px-4 py-2 text-xs text-slate-500" suppressHydrationWarning>
                    {formatTimestamp(l.created_at)}
                  </td>
                  <td className="truncate px-4 py-2" title={l.caller ?? undefined}>
                    <span
                      className={`mr-1.5 rounded px-1 py-0.5 text-[10px] font-semibold uppercase ${l.via === "api_key" ? "bg-indigo-50 text-indigo-700" : "bg-slate-100 text-slate-600"}`}
                    >
                      {l.via === "api_key" ? "key" : "user"}
                    </span>
                    <span className="font-mono text-xs text-slate-700">{l.caller ?? "—"}</span>
                  </td>
                  <td className="px-4 py-2">
                    <span className="mr-2 font-mono text-xs font-semibold text-slate-800">{l.method}</span>
                    <span className="font-mono text-xs break-all text-slate-600">{l.path}</span>
                  </td>
                  <td className="px-4 py-2">
                    <span className={`rounded-md px-1.5 py-0.5 font-mono text-xs font-medium ring-1 ring-inset ${statusTone(l.status)}`}>{l.status}</span>
                  </td>
                  <td className="px-4 py-2 text-right font-mono text-xs text-slate-600">{l.duration_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex items-center justify-between border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600">
            <span>
              Showing {logs.length} items ({total} in total)
            </span>
            <div className="flex items-center gap-3">
              {page > 1 ? (
                <Link
                  to={`${location.pathname}${withParams(search, { page: page - 1 > 1 ? page - 1 : null })}`}
                  className="text-indigo-600 hover:text-indigo-500"
                >
                  ← Newer
                </Link>
              ) : (
                <span className="text-slate-300">← Newer</span>
              )}
              <span className="text-xs text-slate-500">
                Page {page} of {page_count}
              </span>
              {page < page_count ? (
                <Link to={`${location.pathname}${withParams(search, { page: page + 1 })}`} className="text-indigo-600 hover:text-indigo-500">
                  Older →
                </Link>
              ) : (
                <span className="text-slate-300">Older →</span>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
