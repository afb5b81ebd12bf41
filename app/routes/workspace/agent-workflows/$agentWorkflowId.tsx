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
import { JsonView } from "~/components/code-view";
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
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Output</h2>
        {run.output === null ? <p className="text-sm text-slate-500">No output recorded.</p> : <JsonView value={run.output} className="max-h-[32rem]" />}
      </section>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Input</h2>
        {run.input === null ? <p className="text-sm text-slate-500">No input recorded.</p> : <JsonView value={run.input} className="max-h-96" />}
      </section>
    </div>
  );
}
