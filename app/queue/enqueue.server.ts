/**
 * Putting jobs on the queue, reading their state and retrying failed ones.
 * The table is `jobs` (prisma model Job); the worker claims rows with FOR UPDATE SKIP LOCKED
 * (worker.server.ts, docs/decisions/0001-postgres-job-queue.md).
 */
import type { z } from "zod";
import type { Database } from "~/lib/db.server";
import type { AnyJobDefinition, JobDefinition, JobName, JobPayloads, JobTransaction } from "~/queue/define-job";
import { JobPayloadError, QueueError, UnknownJobError } from "~/queue/errors";
import { getJob } from "~/queue/registry.server";

/** NOTIFY channel the workers LISTEN on; the payload is the job name. */
export const JOBS_NOTIFY_CHANNEL = "jobs";

export interface EnqueueOptions {
  /**
   * De-duplication key: while a job with this key is queued, enqueueing again returns that job
   * instead of adding one (it has not started, so it will see the latest state). While it is
   * running, enqueueing again returns it too but marks it `rerun_requested`: when the running
   * attempt ends (success, failure or a dead worker) the job goes back to the queue with fresh
   * attempts, so a re-run asked for during a run is never dropped and the two never run at once.
   * The key is released when the job succeeds or fails for good, so it can be reused afterwards.
   * Example: `intake:${priorAuthId}`.
   */
  key?: string;
  /**
   * Enqueue inside this open transaction (transactional outbox): the job exists, and the workers
   * are woken, only if the caller's transaction commits together with its own writes.
   */
  tx?: JobTransaction;
  /** Earliest time to run (default now). */
  runAt?: Date;
  /** Higher runs first (default 0). */
  priority?: number;
  /** Overrides the definition's maxAttempts for this job (>= 1). */
  maxAttempts?: number;
  /**
   * The tenant this job works for, e.g. `org:${organizationId}` (1-200 characters). Workers share
   * their slots fairly between lanes: the claim prefers the due job whose lane has the fewest jobs
   * running, so one organization's flood cannot keep another's jobs waiting (see worker.server.ts).
   * Jobs without a lane count as a lane of their own.
   */
  lane?: string;
}

/** The lane of an organization's jobs (EnqueueOptions.lane). */
export function organizationLane(organizationId: string): string {
  return `org:${organizationId}`;
}

export type JobState = "queued" | "running" | "succeeded" | "failed";

export interface JobStatus {
  id: string;
  name: string;
  status: JobState;
  payload: unknown;
  priority: number;
  /** attempts started so far (a claim increments it) */
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedAt: Date | null;
  /** worker id of the running (or last) attempt */
  lockedBy: string | null;
  /** message and first stack lines of the latest failure */
  lastError: string | null;
  /** null once the job has finished (keys are released on completion) */
  key: string | null;
  /** enqueued again while running: runs once more when the current attempt ends */
  rerunRequested: boolean;
  /** the handler's return value (JSON), once succeeded */
  result: unknown;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/**
 * Adds a job. The payload is validated against the job's zod schema first; the row stores the
 * caller's payload as given (JSON) and the worker parses it again before running.
 * Wakes the workers with `pg_notify('jobs', name)`.
 *
 * Typed by job name: `job` is a name of the payload map `JobPayloads` (filled by the composition
 * root, app/jobs.server.ts) and `payload` must have that job's payload type, so a wrong name or
 * payload shape is a compile error. A definition (`defineJob(...)`) may be passed instead of a name,
 * e.g. for a job registered only by a test.
 *
 * @param job a job name of `JobPayloads`, or a definition (typed by its schema)
 * @returns `{ id }` of the new job, or of the queued/running job holding `opts.key` (`existing: true`;
 *   a running one is then marked to run again, see EnqueueOptions.key)
 * @throws JobPayloadError (code JOB_PAYLOAD_INVALID) when the payload does not parse
 * @throws UnknownJobError (code JOB_UNKNOWN) when no job of that name is registered in this process
 *   (the process entry did not register the composition root's jobs)
 * @throws Error on invalid options or a database error
 */
export async function enqueue<N extends JobName>(
  database: Database,
  job: N,
  payload: JobPayloads[N],
  opts?: EnqueueOptions,
): Promise<{ id: string; existing: boolean }>;
export async function enqueue<S extends z.ZodType>(
  database: Database,
  job: JobDefinition<S, unknown>,
  payload: z.input<S>,
  opts?: EnqueueOptions,
): Promise<{ id: string; existing: boolean }>;
export async function enqueue(
  database: Database,
  job: AnyJobDefinition | string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<{ id: string; existing: boolean }> {
  const def = typeof job === "string" ? getJob(job) : job;
  if (!def) throw new UnknownJobError(String(job));
  const parsed = def.payload.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(def.name, parsed.error.issues);

  const maxAttempts = opts.maxAttempts ?? def.maxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error("enqueue: maxAttempts must be an integer >= 1");
  const priority = opts.priority ?? 0;
  if (!Number.isInteger(priority)) throw new Error("enqueue: priority must be an integer");
  if (opts.key !== undefined && (typeof opts.key !== "string" || opts.key.length < 1 || opts.key.length > 500)) {
    throw new Error("enqueue: key must be a string of 1-500 characters");
  }
  if (opts.lane !== undefined && (typeof opts.lane !== "string" || opts.lane.length < 1 || opts.lane.length > 200)) {
    throw new Error("enqueue: lane must be a string of 1-200 characters");
  }
  if (opts.runAt && Number.isNaN(opts.runAt.getTime())) throw new Error("enqueue: runAt is an invalid Date");
  // Relative to the database clock (now()), so app and database clocks need not agree.
  const delaySeconds = opts.runAt ? (opts.runAt.getTime() - Date.now()) / 1000 : 0;
  const json = JSON.stringify(payload ?? null);
  const query = queryRunner(database, opts.tx);

  for (let i = 0; i < 5; i++) {
    const rows = await query<{ id: string }>(
      `WITH ins AS (
         INSERT INTO jobs (name, payload, priority, max_attempts, run_at, key, lane)
         VALUES ($1, $2::jsonb, $3, $4, now() + make_interval(secs => $5::double precision), $6, $7)
         ON CONFLICT (key) DO NOTHING
         RETURNING id
       )
       SELECT id::text AS id, pg_notify('${JOBS_NOTIFY_CHANNEL}', $1)::text AS notified FROM ins`,
      [def.name, json, priority, maxAttempts, delaySeconds, opts.key ?? null, opts.lane ?? null],
    );
    if (rows[0]) return { id: rows[0].id, existing: false };
    // The key is held. A running holder is asked to run again when its attempt ends (the row lock
    // orders this against the worker recording that attempt: if the worker wins, the key is gone
    // and the loop inserts a new job).
    const existing = await query<{ id: string }>(
      `UPDATE jobs SET rerun_requested = rerun_requested OR status = 'running', updated_at = now()
       WHERE key = $1 RETURNING id::text AS id`,
      [opts.key],
    );
    if (existing[0]) return { id: existing[0].id, existing: true };
    // The holder finished (and released the key) between the two statements: insert again.
  }
  throw new Error(`enqueue: could not insert or find job with key ${JSON.stringify(opts.key)}`);
}

/**
 * The job's current row, or null when there is no job with that id (or the id is not a number).
 */
export async function getJobStatus(database: Database, id: string): Promise<JobStatus | null> {
  if (!/^\d{1,19}$/.test(id)) return null;
  const rows = await database.query<Record<string, unknown>>(
    `SELECT id::text AS id, name, status, payload, priority, attempts, max_attempts, key, last_error, result, locked_by, rerun_requested,
            run_at::timestamptz AS run_at, locked_at::timestamptz AS locked_at, created_at::timestamptz AS created_at,
            updated_at::timestamptz AS updated_at, finished_at::timestamptz AS finished_at
     FROM jobs WHERE id = $1::bigint`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id as string,
    name: r.name as string,
    status: r.status as JobState,
    payload: r.payload,
    priority: r.priority as number,
    attempts: r.attempts as number,
    maxAttempts: r.max_attempts as number,
    runAt: toDate(r.run_at)!,
    lockedAt: toDate(r.locked_at),
    lockedBy: (r.locked_by as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    key: (r.key as string | null) ?? null,
    rerunRequested: r.rerun_requested === true,
    result: r.result ?? null,
    createdAt: toDate(r.created_at)!,
    updatedAt: toDate(r.updated_at)!,
    finishedAt: toDate(r.finished_at),
  };
}

/**
 * Puts a failed job back on the queue to run now, with a fresh set of attempts (attempts = 0).
 * `last_error` is kept until the next attempt finishes.
 *
 * @throws QueueError JOB_NOT_FOUND (no such job) or JOB_NOT_RETRYABLE (not in status failed)
 */
export async function retryJob(database: Database, id: string): Promise<JobStatus> {
  const rows = /^\d{1,19}$/.test(id)
    ? await database.query<{ id: string }>(
        `WITH upd AS (
           UPDATE jobs SET status = 'queued', attempts = 0, run_at = now(), locked_at = NULL, finished_at = NULL, updated_at = now()
           WHERE id = $1::bigint AND status = 'failed'
           RETURNING id, name
         )
         SELECT id::text AS id, pg_notify('${JOBS_NOTIFY_CHANNEL}', name) AS notified FROM upd`,
        [id],
      )
    : [];
  if (!rows[0]) {
    const current = await getJobStatus(database, id);
    if (!current) throw new QueueError("JOB_NOT_FOUND", `Job ${id} not found`);
    throw new QueueError("JOB_NOT_RETRYABLE", `Job ${id} is ${current.status}; only failed jobs can be retried`);
  }
  return (await getJobStatus(database, id))!;
}

/** `database.query`, or the same statement inside the caller's Prisma transaction. */
function queryRunner(database: Database, tx?: JobTransaction) {
  return <T>(text: string, params: unknown[]): Promise<T[]> => (tx ? tx.$queryRawUnsafe<T[]>(text, ...params) : database.query<T>(text, params));
}

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}
