/**
 * One agent run (/o/{org}/agent-workflows/{agent_workflow_id}): status, task, engine, timing, error,
 * the stored input and output; POST intent=retry re-queues the intake of a failed intake run.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/$agentWorkflowId";
import { notFoundResponse, requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { plainLabel, plainText } from "~/lib/plain-language";
import { getAgentWorkflow, retryAgentWorkflow } from "~/agent-workflows/agent-workflows.server";
import { RetryAgentWorkflowSchema } from "~/agent-workflows/list-agent-workflows-input";
import { RunStatusBadge, agentLabel, formatDuration } from "~/agent-workflows/ui/run-badges";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { primaryButton } from "~/ui/styles";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? agentLabel(data.run.agent) : "Agent run"} · Agent Workflows · PA Review` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  try {
    return { orgId: organization.id, run: await getAgentWorkflow(await getDatabase(), organization.id, params.agentWorkflowId) };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw notFoundResponse();
    throw err;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "policies.edit");
  const form = await readPageForm(request);
  if (!RetryAgentWorkflowSchema.safeParse(Object.fromEntries(form)).success) throw new Response("Bad Request", { status: 400 });
  const here = `/o/${organization.id}/agent-workflows/${params.agentWorkflowId}`;
  try {
    const { prior_auth_id } = await retryAgentWorkflow(await getDatabase(), organization.id, params.agentWorkflowId);
    return redirectWithToast(`/o/${organization.id}/prior-auths/${prior_auth_id}`, { type: "success", message: "Intake queued again" });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw notFoundResponse();
    if (isAppError(err)) return redirectWithToast(here, { type: "error", message: err.message });
    throw err;
  }
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function AgentWorkflow({ loaderData }: Route.ComponentProps) {
  const { codeView } = useCodeView();
  const { run, orgId } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <Link to={`/o/${orgId}/agent-workflows`} className="text-sm text-slate-500 hover:text-slate-800">
        ← Agent Workflows
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-xl font-semibold text-slate-900">
            {agentLabel(run.agent)} <RunStatusBadge status={run.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-500">{run.task_message ?? "No task message"}</p>
        </div>
        {run.retryable && (
          <Form method="post">
            <button type="submit" name="intent" value="retry" className={primaryButton}>
              Retry intake
            </button>
          </Form>
        )}
      </div>
      {run.error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-semibold">This run failed</p>
          <p className="mt-1 break-words">{run.error}</p>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs md:grid-cols-4">
        <Field label="Engine">{run.model_label}</Field>
        <Field label="Duration">{formatDuration(run.duration_ms)}</Field>
        <Field label="Started">
          {formatDateTime(run.started_at)} <span className="text-slate-500">({run.time_ago_in_words} ago)</span>
        </Field>
        <Field label="Finished">{formatDateTime(run.finished_at)}</Field>
        <Field label="Case">
          {run.subject?.kind === "prior_auth" ? (
            <Link to={`/o/${orgId}/prior-auths/${run.subject.id}`} className="text-indigo-700 hover:text-indigo-900">
              {run.subject.label}
            </Link>
          ) : (
            (run.subject?.label ?? "—")
          )}
        </Field>
        <Field label="Step">{run.step ?? "—"}</Field>
      </dl>
      <RecordSection title="Output" value={run.output} empty="No output recorded." codeView={codeView} height="max-h-[32rem]" />
      <RecordSection title="Input" value={run.input} empty="No input recorded." codeView={codeView} height="max-h-96" />
    </div>
  );
}

/** A run's top-level values in words ("Final decision: Approved"); nested values stay in the JSON. */
function readableFields(value: unknown): [string, string][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    .map(([k, v]) => {
      // "ai_summary" → "AI summary", "ndc" → "NDC": initialisms stay capitals
      const label = k
        .split("_")
        .map((w) => (/^(?:ai|id|ndc|npi|pa|icd|url)$/.test(w) ? w.toUpperCase() : w))
        .join(" ")
        .replace(/^./, (c) => c.toUpperCase());
      const text =
        typeof v === "string" ? (/^[a-z]+(?:_[a-z]+)+$/.test(v) ? plainLabel(v) : plainText(v)) : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);
      return [label, text];
    });
}

/**
 * A run's input or output: with code view off, its top-level values in words and the JSON folded
 * away (issue 24 item 10: the detail showed raw JSON with code view off); with code view on, the JSON.
 */
function RecordSection({ title, value, empty, codeView, height }: { title: string; value: unknown; empty: string; codeView: boolean; height: string }) {
  const fields = readableFields(value);
  return (
    <section className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {value === null || value === undefined ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : codeView ? (
        <JsonView value={value} className={height} />
      ) : (
        <>
          {fields.length > 0 && (
            <dl
              className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xs sm:grid-cols-2"
              data-testid={`run-${title.toLowerCase()}-fields`}
            >
              {fields.map(([k, v]) => (
                <div key={k} className="min-w-0">
                  <dt className="text-xs font-medium text-slate-500">{k}</dt>
                  <dd className="break-words text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          )}
          <details className="rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm">
            <summary className="cursor-pointer text-slate-600">{title} as recorded (JSON)</summary>
            <JsonView value={value} className={`mt-2 ${height}`} />
          </details>
        </>
      )}
    </section>
  );
}
