/**
 * Settings → Database: what this instance runs on (embedded PGlite or PostgreSQL, server version,
 * pgvector version, database size), the job queue's depth by status, and this organization's failed
 * jobs with a retry.
 *
 * The queue is shared by every organization of the instance: its counts are instance-wide (numbers
 * only), while the failed-job list and retry are limited to jobs whose payload names a prior auth,
 * coverage policy or webhook endpoint of the organization (a job of another organization is "not found").
 */
import type { Database } from "~/lib/db.server";
import { notFound } from "~/lib/errors";
import { retryJob } from "~/queue/enqueue.server";

export interface DatabaseDescription {
  kind: "embedded" | "postgres";
  engine: string;
  server_version: string;
  pgvector_version: string | null;
  size_bytes: number;
  queue: Record<"queued" | "running" | "succeeded" | "failed", number>;
  workers: number;
}

/** The instance's database and queue figures. */
export async function describeDatabase(database: Database): Promise<DatabaseDescription> {
  const [version] = await database.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  const [vector] = await database.query<{ v: string }>("SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'");
  const [size] = await database.query<{ n: string }>("SELECT pg_database_size(current_database())::text AS n");
  const counts = await database.query<{ status: string; n: number }>("SELECT status, count(*)::int AS n FROM jobs GROUP BY status");
  const [workers] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM worker_processes WHERE heartbeat_at > now() - interval '1 minute'");
  const queue = { queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const c of counts) if (c.status in queue) queue[c.status as keyof typeof queue] = c.n;
  return {
    kind: database.kind,
    engine: database.kind === "embedded" ? "Embedded PostgreSQL (PGlite, in this process)" : "PostgreSQL server",
    server_version: version?.v ?? "unknown",
    pgvector_version: vector?.v ?? null,
    size_bytes: Number(size?.n ?? 0),
    queue,
    workers: workers?.n ?? 0,
  };
}

const OWNED = `(
  (j.payload->>'prior_auth_id') IN (SELECT id FROM prior_auths WHERE organization_id = $1)
  OR (j.payload->>'coverage_policy_id') IN (SELECT id FROM coverage_policies WHERE organization_id = $1)
  OR (j.payload->>'endpoint_id') IN (SELECT id FROM webhook_endpoints WHERE organization_id = $1)
)`;

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  finished_at: string | null;
}

/** The organization's failed jobs, newest first (at most 50). */
export async function listFailedJobs(database: Database, organizationId: string): Promise<FailedJob[]> {
  const rows = await database.query<{
    id: string;
    name: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    finished_at: Date | string | null;
  }>(
    `SELECT j.id::text AS id, j.name, j.attempts, j.max_attempts, j.last_error, j.finished_at::timestamptz AS finished_at
     FROM jobs j WHERE j.status = 'failed' AND ${OWNED} ORDER BY j.id DESC LIMIT 50`,
    [organizationId],
  );
  return rows.map((r) => ({
    ...r,
    last_error: r.last_error?.split("\n")[0]?.slice(0, 300) ?? null,
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  }));
}

/** Retries a failed job of the organization. @throws AppError not_found (unknown, or another organization's) */
export async function retryOrganizationJob(database: Database, organizationId: string, jobId: string): Promise<void> {
  if (!/^\d{1,19}$/.test(jobId)) throw notFound();
  const owned = await database.query(`SELECT 1 FROM jobs j WHERE j.id = $2::bigint AND ${OWNED}`, [organizationId, jobId]);
  if (!owned.length) throw notFound();
  await retryJob(database, jobId);
}
