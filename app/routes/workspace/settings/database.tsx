/** Settings → Database: the instance's database and job queue; this organization's failed jobs with Retry. */
import { data, Form } from "react-router";
import type { Route } from "./+types/database";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { PageHeader } from "~/components/page";
import { redirectWithToast } from "~/lib/toast.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { describeDatabase, listFailedJobs, retryOrganizationJob } from "~/system/describe-database.server";
import { formatTimestamp } from "~/webhooks/ui/webhook-form";

export const meta: Route.MetaFunction = () => [{ title: "Database · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const database = await getDatabase();
  const [info, failed] = await Promise.all([describeDatabase(database), listFailedJobs(database, organization.id)]);
  return { info, failed };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "cases.write");
  const form = await readPageForm(request);
  const jobId = String(form.get("job_id") ?? "");
  if (!jobId) return data({ error: "Which job? (job_id is required)" }, { status: 400 });
  try {
    await retryOrganizationJob(await getDatabase(), organization.id, jobId);
    return redirectWithToast(`/o/${organization.id}/settings/database`, { type: "success", message: "Job queued again" });
  } catch (err) {
    if (isAppError(err)) return data({ error: err.message }, { status: err.status });
    if ((err as { code?: string }).code === "JOB_NOT_RETRYABLE") return data({ error: (err as Error).message }, { status: 409 });
    throw err;
  }
}

function bytes(n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(i ? 1 : 0)} ${units[i]}`;
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default function DatabasePage({ loaderData, actionData }: Route.ComponentProps) {
  const { info, failed } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="space-y-6">
      <PageHeader title="Database" description="What this instance runs on. Queue figures are for the whole instance; failed jobs are this organization's." />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Engine" value={<span className="text-base">{info.kind === "embedded" ? "Embedded (PGlite)" : "PostgreSQL"}</span>} testId="db-kind" />
        <Stat label="PostgreSQL version" value={info.server_version} testId="db-version" />
        <Stat label="pgvector" value={info.pgvector_version ?? "not installed"} testId="db-pgvector" />
        <Stat label="Database size" value={bytes(info.size_bytes)} testId="db-size" />
      </dl>
      <p className="text-sm text-slate-500">
        {info.engine}.{" "}
        {info.kind === "embedded"
          ? "Web and worker share this process; set DATABASE_URL to run on a PostgreSQL server with several processes."
          : `${info.workers} worker process${info.workers === 1 ? "" : "es"} with a heartbeat in the last minute.`}
      </p>
      <section>
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Job queue</h2>
        <dl className="grid gap-4 sm:grid-cols-4">
          <Stat label="Queued" value={info.queue.queued} testId="queue-queued" />
          <Stat label="Running" value={info.queue.running} />
          <Stat label="Succeeded" value={info.queue.succeeded} />
          <Stat label="Failed" value={<span className={info.queue.failed ? "text-red-700" : undefined}>{info.queue.failed}</span>} testId="queue-failed" />
        </dl>
      </section>
      <section className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">Failed jobs of this organization</h2>
        {error && (
          <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {failed.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">No failed jobs.</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="failed-jobs">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Job</th>
                <th className="px-4 py-2">Attempts</th>
                <th className="px-4 py-2">Last error</th>
                <th className="px-4 py-2">Failed</th>
                <th className="px-4 py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {failed.map((j) => (
                <tr key={j.id}>
                  <td className="px-4 py-2 font-mono text-xs text-slate-700">
                    #{j.id} {j.name}
                  </td>
                  <td className="px-4 py-2 text-slate-600">
                    {j.attempts}/{j.max_attempts}
                  </td>
                  <td className="max-w-md px-4 py-2 text-xs break-words text-red-700">{j.last_error ?? "—"}</td>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-500" suppressHydrationWarning>
                    {formatTimestamp(j.finished_at)}
                  </td>
                  <td className="px-4 py-2 text-right">
                    <Form method="post">
                      <input type="hidden" name="job_id" value={j.id} />
                      <button type="submit" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
                        Retry
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
