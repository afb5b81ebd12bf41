/**
 * Settings → Webhooks → one endpoint: url, description (or 'No description provided'), event types,
 * signing secret rotation (new secret shown once), Delivery Stats and Message Attempts with filters
 * All / Succeeded (response 200) / Failed, 10 a page, 'Showing N items (M in total)', view details
 * (`?attempt=<id>`) and rerun. Another organization's endpoint id → 404.
 */
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/$webhookId";
import { notFoundResponse, requireOrgMember } from "~/auth/require-org-member.server";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { Modal, withoutParams, withParams } from "~/ui/modal";
import { secondaryButton } from "~/ui/styles";
import { getWebhookAttempt, listWebhookAttempts, rerunWebhookAttempt, rotateWebhookSecret, setWebhookEndpointActive } from "~/webhooks/manage-webhooks.server";
import { WebhookDeliveriesQuerySchema } from "~/webhooks/webhook-input";
import { ErrorRateBadge, EventTypeBadges, formatTimestamp, SecretOnce } from "~/webhooks/ui/webhook-form";

export const meta: Route.MetaFunction = () => [{ title: "Webhook · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "webhooks.manage");
  const url = new URL(request.url);
  const q = WebhookDeliveriesQuerySchema.parse(Object.fromEntries(url.searchParams));
  const database = await getDatabase();
  try {
    const page = await listWebhookAttempts(database, organization.id, params.webhookId, q);
    const attemptId = z.string().max(64).safeParse(url.searchParams.get("attempt")).data;
    const detail = attemptId ? await getWebhookAttempt(database, organization.id, params.webhookId, attemptId).catch(() => null) : null;
    return { orgId: organization.id, filter: q.filter, ...page, detail };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw notFoundResponse();
    throw err;
  }
}

/** intent=rerun (attempt_id) | rotate | toggle (active=true|false). */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "webhooks.manage");
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const database = await getDatabase();
  const here = new URL(request.url);
  try {
    if (intent === "rerun") {
      await rerunWebhookAttempt(database, organization.id, params.webhookId, String(form.get("attempt_id") ?? ""));
      return redirectWithToast(`${here.pathname}${here.search}`, { type: "success", message: "Message queued for redelivery" });
    }
    if (intent === "rotate") return { rotated: await rotateWebhookSecret(database, organization.id, params.webhookId) };
    if (intent === "toggle") {
      const w = await setWebhookEndpointActive(database, organization.id, params.webhookId, form.get("active") === "true");
      return redirectWithToast(`${here.pathname}${here.search}`, { type: "success", message: w.active ? "Webhook enabled" : "Webhook disabled" });
    }
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw notFoundResponse();
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    throw err;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const FILTERS = [
  { value: "all", label: "All" },
  { value: "succeeded", label: "Succeeded" },
  { value: "failed", label: "Failed" },
] as const;

function StatusBadge({ code, success }: { code: number | null; success: boolean }) {
  const tone = success ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20" : "bg-red-50 text-red-700 ring-red-600/20";
  return <span className={`inline-flex rounded-md px-1.5 py-0.5 font-mono text-xs font-medium ring-1 ring-inset ${tone}`}>{code ?? "ERR"}</span>;
}

function DeliveryStats({ stats }: { stats: { total: number; succeeded: number; failed: number } }) {
  const pct = stats.total ? (stats.succeeded / stats.total) * 100 : 0;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="delivery-stats">
      <h2 className="text-sm font-semibold text-slate-900">Delivery Stats</h2>
      <div className="mt-3 flex h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {stats.total > 0 && <div className="bg-emerald-500" style={{ width: `${pct}%` }} />}
        {stats.total > 0 && <div className="bg-red-500" style={{ width: `${100 - pct}%` }} />}
      </div>
      <dl className="mt-3 flex gap-6 text-xs">
        <div className="flex items-center gap-1.5">
          <span className="h-2 w-2 rounded-full bg-emerald-500" />
          <dt className="font-semibold tracking-wide text-slate-500">SUCCESS</dt>
          <dd className="font-semibold text-slate-900" data-testid="stats-success">
            {stats.succeeded}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <span className="h-2 w-2 rounded-full bg-red-500" />
          <dt className="font-semibold tracking-wide text-slate-500">FAIL</dt>
          <dd className="font-semibold text-slate-900" data-testid="stats-fail">
            {stats.failed}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export default function WebhookDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { webhook, attempts, total, page, page_count, stats, filter, detail, orgId } = loaderData;
  const { codeView } = useCodeView();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const busy = useNavigation().state === "submitting";
  const rotated = actionData && "rotated" in actionData ? actionData.rotated : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const first = total ? (page - 1) * loaderData.page_size + 1 : 0;
  const emptyText = filter === "all" ? "No webhook attempts found" : `No ${filter} webhook attempts found`;
  return (
    <div className="space-y-6">
      <Link to={`/o/${orgId}/settings/webhooks`} className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true">←</span> Back to webhooks
      </Link>
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Endpoint</p>
            <h1 className="mt-1 font-mono text-base font-semibold break-all text-slate-900" data-testid="webhook-url">
              {webhook.url}
            </h1>
            <p className="mt-1 text-sm text-slate-600" data-testid="webhook-description">
              {webhook.description ?? "No description provided"}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <ErrorRateBadge rate={webhook.error_rate} attempts={webhook.attempts} />
            <span
              className={`rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${webhook.active ? "bg-emerald-50 text-emerald-700 ring-emerald-600/20" : "bg-slate-100 text-slate-600 ring-slate-500/20"}`}
            >
              {webhook.active ? "Enabled" : "Disabled"}
            </span>
          </div>
        </div>
        <div className="mt-4">
          <EventTypeBadges types={webhook.event_types} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="rotate" />
            <button type="submit" disabled={busy} className={secondaryButton}>
              Rotate signing secret
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="active" value={webhook.active ? "false" : "true"} />
            <button type="submit" disabled={busy} className={secondaryButton}>
              {webhook.active ? "Disable" : "Enable"}
            </button>
          </Form>
        </div>
      </div>
      {rotated && <SecretOnce secret={rotated.secret} />}
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <DeliveryStats stats={stats} />
      <section className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">Message Attempts</h2>
          <nav className="flex rounded-md bg-slate-100 p-0.5 text-sm" aria-label="Filter attempts">
            {FILTERS.map((f) => (
              <Link
                key={f.value}
                to={`${location.pathname}${withParams(withoutParams(search, "attempt"), { filter: f.value === "all" ? null : f.value, page: null })}`}
                preventScrollReset
                aria-current={filter === f.value ? "page" : undefined}
                className={`rounded px-3 py-1 ${filter === f.value ? "bg-white font-medium text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900"}`}
              >
                {f.label}
              </Link>
            ))}
          </nav>
        </div>
        {codeView ? (
          <div className="p-4">
            <JsonView value={{ webhook_deliveries: attempts, total, page }} />
          </div>
        ) : attempts.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500" data-testid="attempts-empty">
            {emptyText}
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full table-fixed divide-y divide-slate-200 text-sm" data-testid="attempts-table">
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th className="w-20 px-3 py-2">Status</th>
                  <th className="px-4 py-2">Event Type</th>
                  <th className="px-4 py-2">Message ID</th>
                  <th className="w-16 px-3 py-2">Attempt</th>
                  <th className="w-48 px-3 py-2">Timestamp</th>
                  <th className="w-36 px-3 py-2 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {attempts.map((a) => (
                  <tr key={a.id} data-testid="attempt-row">
                    <td className="px-4 py-2">
                      <StatusBadge code={a.response_code} success={a.success} />
                    </td>
                    <td className="truncate px-4 py-2 font-mono text-xs text-slate-700" title={a.event_type}>
                      {a.event_type}
                    </td>
                    <td className="truncate px-4 py-2 font-mono text-xs text-slate-500" title={a.message_id}>
                      {a.message_id}
                    </td>
                    <td className="px-4 py-2 text-slate-600">#{a.attempt}</td>
                    <td className="px-3 py-2 text-xs text-slate-500" suppressHydrationWarning>
                      {formatTimestamp(a.sent_at ?? a.created_at)}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      <Link
                        to={`${location.pathname}${withParams(search, { attempt: a.id })}`}
                        preventScrollReset
                        className="text-xs font-medium text-indigo-600 hover:text-indigo-500"
                      >
                        View details
                      </Link>
                      <Form method="post" className="ml-3 inline">
                        <input type="hidden" name="intent" value="rerun" />
                        <input type="hidden" name="attempt_id" value={a.id} />
                        <button type="submit" disabled={busy} className="text-xs font-medium text-slate-600 hover:text-slate-900 disabled:opacity-50">
                          Rerun
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex items-center justify-between border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600">
          <span data-testid="attempts-footer">
            Showing {attempts.length} items ({total} in total){total > 0 ? ` · ${first}–${first + attempts.length - 1}` : ""}
          </span>
          <div className="flex items-center gap-1">
            <PageArrow
              to={`${location.pathname}${withParams(search, { page: page - 1 > 1 ? page - 1 : null, attempt: null })}`}
              disabled={page <= 1}
              label="Previous page"
              dir="left"
            />
            <span className="px-2 text-xs text-slate-500">
              Page {page} of {page_count}
            </span>
            <PageArrow
              to={`${location.pathname}${withParams(search, { page: page + 1, attempt: null })}`}
              disabled={page >= page_count}
              label="Next page"
              dir="right"
            />
          </div>
        </div>
      </section>
      <Modal
        open={Boolean(detail)}
        title="Message attempt"
        closeTo={`${location.pathname}${withoutParams(search, "attempt")}`}
        size="lg"
        testId="attempt-modal"
        description={detail ? `${detail.event_type} · ${detail.message_id} · attempt #${detail.attempt}` : undefined}
      >
        {detail && (
          <dl className="space-y-3 text-sm">
            <div className="grid grid-cols-3 gap-2">
              <div>
                <dt className="text-xs text-slate-500">Response</dt>
                <dd>
                  <StatusBadge code={detail.response_code} success={detail.success} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Duration</dt>
                <dd>{detail.duration_ms !== null ? `${detail.duration_ms} ms` : "—"}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Sent</dt>
                <dd suppressHydrationWarning>{formatTimestamp(detail.sent_at ?? detail.created_at)}</dd>
              </div>
            </div>
            {detail.url && (
              <div>
                <dt className="text-xs text-slate-500">URL</dt>
                <dd className="font-mono text-xs break-all">{detail.url}</dd>
              </div>
            )}
            {detail.error_message && (
              <div>
                <dt className="text-xs text-slate-500">Error</dt>
                <dd className="text-red-700">{detail.error_message}</dd>
              </div>
            )}
            <div>
              <dt className="text-xs text-slate-500">Request body</dt>
              <dd>
                <pre className="mt-1 max-h-56 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100" data-testid="attempt-request">
                  {pretty(detail.request_body)}
                </pre>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Response body (first 16 KB)</dt>
              <dd>
                <pre className="mt-1 max-h-56 overflow-auto rounded bg-slate-100 p-3 text-xs text-slate-800">{detail.response_body || "(empty)"}</pre>
              </dd>
            </div>
          </dl>
        )}
      </Modal>
    </div>
  );
}

function pretty(body: string | null): string {
  if (!body) return "(empty)";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function PageArrow({ to, disabled, label, dir }: { to: string; disabled: boolean; label: string; dir: "left" | "right" }) {
  const icon = (
    <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4" aria-hidden="true">
      {dir === "left" ? (
        <path d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" />
      ) : (
        <path d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" />
      )}
    </svg>
  );
  if (disabled)
    return (
      <span aria-label={label} aria-disabled="true" className="rounded p-1 text-slate-300">
        {icon}
      </span>
    );
  return (
    <Link to={to} aria-label={label} preventScrollReset className="rounded p-1 text-slate-600 hover:bg-slate-100">
      {icon}
    </Link>
  );
}
