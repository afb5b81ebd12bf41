import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/audit-log";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { JsonView, useCodeView } from "~/components/code-view";
import { getDatabase } from "~/lib/db.server";
import { listAuditEvents } from "~/audit/list-audit-events.server";
import { AuditFilterSchema } from "~/team/team-input";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { plainLabel } from "~/lib/plain-language";

export const meta: Route.MetaFunction = () => [{ title: "PHI Access Audit · PA Review" }];

/** The PHI access audit, filtered by user, case and dates (?user=&case=&from=&to=&page=). Needs audit.read. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "audit.read");
  const filter = AuditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { orgId: organization.id, filter, ...(await listAuditEvents(await getDatabase(), organization.id, filter)) };
}

const DAY = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: "UTC", timeZoneName: "short" });

const ACTION_LABEL: Record<string, string> = {
  "prior_auth.view": "Viewed case",
  "document.view": "Viewed document",
  "letter.view": "Viewed letter",
  "chat.view": "Read chat",
  change: "Change",
  "prior_auth.list": "Listed prior auths",
  "claim.list": "Listed claims",
  "claim.view": "Viewed claim",
  "case.list": "Listed cases",
};

/** An action in words: its label, else the code read as words ("appeal.record" → "Appeal record"). */
const actionLabel = (action: string) => ACTION_LABEL[action] ?? plainLabel(action.replace(/\./g, "_"));

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { events, total, page, pageSize, filter, orgId } = loaderData;
  const { codeView } = useCodeView();
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next}`;
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  return (
    <div className="space-y-4">
      <PageHeader
        title="PHI Access Audit"
        description="Every read of a case, its documents, letters and chat, and every change: who, when, from where and how (page or API key). Append-only: records cannot be edited or deleted (HIPAA §164.312(b))."
        actions={
          <a href={`/o/${orgId}/settings/audit-log.csv${exportParams.size ? `?${exportParams}` : ""}`} className={secondaryButton} download>
            Export CSV
          </a>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
        <label className="min-w-48 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">User (email)</span>
          <input name="user" defaultValue={filter.user ?? ""} placeholder="name@plan.example" className={inputClass} />
        </label>
        <label className="min-w-48 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">Case (prior auth id)</span>
          <input name="case" defaultValue={filter.case ?? ""} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">From</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={inputClass} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">To</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={inputClass} />
        </label>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
        {params.size > 0 && (
          <Link to="?" className="px-1 py-2 text-sm text-slate-500 hover:text-slate-700">
            Clear
          </Link>
        )}
      </Form>
      {codeView ? (
        <JsonView value={{ audit_events: events, total }} />
      ) : events.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No audit events match.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
          <table className="min-w-full divide-y divide-slate-200 text-sm [&_td]:px-3 [&_th]:px-3" data-testid="audit-table">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">When</th>
                <th className="px-4 py-2">Who</th>
                <th className="px-4 py-2">What</th>
                <th className="px-4 py-2">Case</th>
                <th className="px-4 py-2">Via</th>
                <th className="px-4 py-2">From</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((e) => (
                <tr key={e.id} data-testid="audit-row" className="align-top">
                  <td className="px-4 py-2 whitespace-nowrap text-slate-600">
                    <span className="block">{DAY.format(new Date(e.created_at))}</span>
                    <span className="block text-xs text-slate-500">{TIME.format(new Date(e.created_at))}</span>
                  </td>
                  <td className="px-4 py-2">
                    {e.user_email ? (
                      <span className="block max-w-[9rem] truncate text-slate-900" title={e.user_email}>
                        {e.user_email}
                      </span>
                    ) : e.api_key_id ? (
                      <span className="font-mono text-xs text-slate-700">API key {e.api_key_id.slice(0, 8)}…</span>
                    ) : (
                      <span className="text-slate-400">unknown</span>
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <span className="font-medium [overflow-wrap:anywhere] text-slate-800">{actionLabel(e.action)}</span>
                    <span className="block max-w-[10rem] truncate font-mono text-xs text-slate-500" title={`${e.method} ${e.path}`}>
                      {e.method} {e.path}
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    {e.prior_auth_id ? (
                      <Link to={`?case=${encodeURIComponent(e.prior_auth_id)}`} className="font-mono text-xs text-indigo-600 hover:text-indigo-500">
                        {e.prior_auth_id.slice(0, 10)}…
                      </Link>
                    ) : (
                      <span className="text-slate-300">—</span>
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700">
                      {e.via === "api_key" ? "API key" : e.via === "api" ? "API" : e.via === "signed_link" ? "Signed link" : "Page"}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-xs text-slate-500">
                    <span className="block max-w-[9rem] font-mono break-all">{e.ip ?? "—"}</span>
                    <span className="block max-w-[8rem] truncate" title={e.user_agent ?? undefined}>
                      {e.user_agent ?? ""}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex items-center justify-between border-t border-slate-100 px-4 py-2 text-sm text-slate-500">
            <span>
              Showing {events.length} items ({total} in total)
            </span>
            <span className="flex gap-2">
              {page > 1 ? <Link to={pageLink(page - 1)}>← Newer</Link> : <span className="text-slate-300">← Newer</span>}
              <span>
                Page {page} of {pages}
              </span>
              {page < pages ? <Link to={pageLink(page + 1)}>Older →</Link> : <span className="text-slate-300">Older →</span>}
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
