/**
 * Agent workflows (/o/{org}/agent-workflows?status=&agent=&engine=&page=): the organization's agent
 * runs, newest first: status, agent and task message, time ago, model or built-in engine, duration.
 */
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { AGENT_ENGINES, AGENT_RUN_STATUSES, ListAgentWorkflowsQuerySchema } from "~/agent-workflows/list-agent-workflows-input";
import { listAgentWorkflows } from "~/agent-workflows/agent-workflows.server";
import { RunStatusBadge, formatDuration, agentLabel } from "~/agent-workflows/ui/run-badges";
import { Pagination } from "~/prior-auths/ui/prior-auth-table";
import { inputClass, secondaryButton } from "~/ui/styles";
import { Table, TableEmpty } from "~/ui/table";
import { formatDateTime } from "~/prior-auths/ui/decision";

export const meta: Route.MetaFunction = () => [{ title: "Agent Workflows · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const query = ListAgentWorkflowsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { orgId: organization.id, query, list: await listAgentWorkflows(await getDatabase(), organization.id, query) };
}

export default function AgentWorkflows({ loaderData }: Route.ComponentProps) {
  const { list, query, orgId } = loaderData;
  const [searchParams] = useSearchParams();
  const { codeView } = useCodeView();
  const search = searchParams.toString();
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader
        title="Agent Workflows"
        description="Every agent run in this workspace: intake steps, chat replies, prompt re-runs and decision trees."
        actions={
          list.failed_total > 0 && query.status !== "failed" ? (
            <Link to={`/o/${orgId}/agent-workflows?status=failed`} className="text-sm font-medium text-red-700 hover:text-red-900" data-testid="failed-link">
              {list.failed_total} failed run{list.failed_total === 1 ? "" : "s"}
            </Link>
          ) : undefined
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter agent runs">
        <label className="text-xs font-medium text-slate-600">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={`${inputClass} mt-1 w-36`}>
            <option value="">Any</option>
            {AGENT_RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Agent
          <select name="agent" defaultValue={query.agent ?? ""} className={`${inputClass} mt-1 w-44`}>
            <option value="">Any</option>
            {list.agents.map((a) => (
              <option key={a} value={a}>
                {agentLabel(a)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Engine
          <select name="engine" defaultValue={query.engine ?? ""} className={`${inputClass} mt-1 w-36`}>
            <option value="">Any</option>
            {AGENT_ENGINES.map((e) => (
              <option key={e} value={e}>
                {e === "builtin" ? "Built-in" : "Model"}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
        {search && (
          <Link to={`/o/${orgId}/agent-workflows`} className="py-2 text-sm text-slate-500 hover:text-slate-800">
            Clear filters
          </Link>
        )}
      </Form>
      {codeView ? (
        <JsonView value={list} />
      ) : (
        <Table
          testId="runs-table"
          rows={list.runs}
          rowKey={(r) => r.token}
          rowProps={() => ({ "data-testid": "run-row", className: "align-top" })}
          empty={
            <TableEmpty title="No agent runs" testId="runs-empty">
              {search ? "No run matches these filters." : "Runs appear here once a prior auth goes through intake."}
            </TableEmpty>
          }
          columns={[
            { key: "status", header: "Status", cell: (r) => <RunStatusBadge status={r.status} /> },
            {
              key: "agent",
              header: "Agent and task",
              cellClassName: "max-w-sm",
              cell: (r) => (
                <>
                  <Link to={`/o/${orgId}/agent-workflows/${r.token}`} className="font-medium text-slate-900 hover:text-indigo-700">
                    {agentLabel(r.agent)}
                  </Link>
                  <p className="mt-0.5 truncate text-xs text-slate-500" title={r.task_message ?? undefined}>
                    {r.task_message ?? "—"}
                  </p>
                  {r.error && (
                    <p className="mt-0.5 truncate text-xs text-red-700" title={r.error}>
                      {r.error}
                    </p>
                  )}
                </>
              ),
            },
            {
              key: "case",
              header: "Case",
              cellClassName: "text-slate-600",
              cell: (r) =>
                r.subject?.kind === "prior_auth" ? (
                  <Link to={`/o/${orgId}/prior-auths/${r.subject.id}`} className="hover:text-indigo-700">
                    {r.subject.label}
                  </Link>
                ) : (
                  (r.subject?.label ?? "—")
                ),
            },
            { key: "engine", header: "Engine", cellClassName: "whitespace-nowrap text-slate-600", cell: (r) => r.model_label },
            {
              key: "duration",
              header: "Duration",
              align: "right",
              cellClassName: "whitespace-nowrap tabular-nums text-slate-600",
              cell: (r) => formatDuration(r.duration_ms),
            },
            {
              key: "started",
              header: "Started",
              cellClassName: "whitespace-nowrap text-slate-600",
              cellProps: (r) => ({ title: formatDateTime(r.started_at) }),
              cell: (r) => `${r.time_ago_in_words} ago`,
            },
          ]}
        />
      )}
      {!codeView && <Pagination total={list.total} page={list.page} perPage={list.per_page} search={search} />}
    </div>
  );
}
