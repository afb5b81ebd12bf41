/**
 * The job worker: claims rows of `jobs` with FOR UPDATE SKIP LOCKED and runs their handlers.
 * Same code on PostgreSQL (any number of worker processes) and on the embedded PGlite (one worker
 * inside the web process). Modelled on graphile-worker; see docs/decisions/0001-postgres-job-queue.md.
 *
 * Life of a job row:
 *   queued --claim (attempts+1)--> running --ok--> succeeded (result, finished_at, key released)
 *                                          --error, attempts left--> queued, run_at = now + backoff
 *                                          --error, none left / bad payload / PermanentJobError--> failed
 *   running, worker silent > staleSeconds --> queued again (the lost attempt counts) or failed
 *   running, worker stopping gracefully past its grace period --> queued (attempt not counted)
 *
 * Liveness: each worker upserts its `worker_processes` row every heartbeatMs (on PostgreSQL from a
 * dedicated thread with its own connection, heartbeat-thread.mjs, so a busy JavaScript thread is
 * not taken for a dead worker; it stops beating if this thread stays silent past maxBlockedMs);
 * every worker also releases `running` jobs whose worker row is stale or gone. A SIGKILLed worker's
 * job is thus picked up by another worker after staleSeconds. Each attempt has a time limit
 * (JobDefinition.timeoutMs), and writes of an attempt that lost its job are refused (fence.server.ts).
 *
 * Nothing a handler does may bring the process down: handler errors (thrown synchronously or
 * asynchronously) become job failures, rejections a handler leaves unawaited are logged, and a
 * database error in the loop is logged and retried on the next poll.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Database } from "~/lib/db.server";
import { backoffDelayMs, type AnyJobDefinition, type JobContext, type JobFailureInfo, type JobTransaction } from "~/queue/define-job";
import { enqueue, JOBS_NOTIFY_CHANNEL } from "~/queue/enqueue.server";
import { JobPayloadError, PermanentJobError } from "~/queue/errors";
import { StaleAttemptError } from "~/queue/fence.server";
import { publish, pruneLiveEvents } from "~/queue/live-events.server";
import { getJob, periodicJobNames, registeredJobNames } from "~/queue/registry.server";

export interface WorkerOptions {
  database: Database;
  /** Handlers run at the same time in this worker (>= 1). */
  concurrency: number;
  /** Stored in jobs.locked_by and worker_processes.id; default `<hostname>:<pid>:<random>`. */
  id?: string;
  /** Poll interval in ms, the fallback when a NOTIFY is missed (default 1000). */
  pollMs?: number;
  /** Seconds without heartbeat before a worker's running jobs are re-queued (default 30). */
  staleSeconds?: number;
  /** Heartbeat and stale-lock sweep interval in ms (default min(5000, staleSeconds*1000/3)). */
  heartbeatMs?: number;
  /** How long stop() waits for running handlers before aborting and releasing them (ms, default 10000). */
  shutdownTimeoutMs?: number;
  /** Interval between live_events pruning runs in ms (default 10 min; 0 disables). */
  pruneEveryMs?: number;
  /** Log one line per finished job too (default false: only retries, failures and incidents). */
  verbose?: boolean;
  /** Where log lines go (default console.log / console.error). */
  log?: (level: "info" | "warn" | "error", line: string) => void;
  /**
   * Send heartbeats from a dedicated thread with its own connection, so a busy JavaScript thread is
   * not mistaken for a dead worker (default: true on PostgreSQL; the embedded database serves one
   * process, where no other worker can declare this one dead).
   */
  heartbeatThread?: boolean;
  /**
   * With heartbeatThread: stop beating once this thread has not answered for this long (ms), so a
   * worker stuck for good is still declared dead and its jobs recovered (default 10 × staleSeconds).
   */
  maxBlockedMs?: number;
  /**
   * Install a process-wide 'unhandledRejection' listener that logs instead of crashing, so a promise
   * a handler forgot to await cannot kill the worker (default true).
   */
  catchUnhandledRejections?: boolean;
}

export interface WorkerHandle {
  /** This worker's id (worker_processes.id / jobs.locked_by). */
  readonly id: string;
  /** Number of handlers running right now. */
  running(): number;
  /**
   * Graceful shutdown: stops claiming, waits up to shutdownTimeoutMs for running handlers, then
   * aborts the rest (ctx.signal) and puts their jobs back to queued (that attempt is not counted),
   * and deletes this worker's heartbeat row. Idempotent; never throws.
   */
  stop(): Promise<void>;
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

interface RunningJob {
  job: ClaimedJob;
  controller: AbortController;
  /** set when stop() released the job: the handler's outcome must not be written any more */
  abandoned: boolean;
  done: Promise<void>;
}

/**
 * Starts a worker on `database`. Resolves once its heartbeat row exists and it is listening;
 * claiming starts immediately. Only jobs registered in this process are claimed: the process entry
 * registers the composition root's jobs first (app/jobs.server.ts `registerAppJobs`), plus whatever
 * else a test registered; the queue itself knows only its built-in `system.echo`.
 *
 * @throws if the heartbeat row cannot be written (database unreachable) or options are invalid
 */
export async function startWorker(opts: WorkerOptions): Promise<WorkerHandle> {
  const { database } = opts;
  const concurrency = opts.concurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("startWorker: concurrency must be an integer >= 1");
  const id = opts.id ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const pollMs = opts.pollMs ?? 1_000;
  const staleSeconds = opts.staleSeconds ?? 30;
  const heartbeatMs = opts.heartbeatMs ?? Math.max(100, Math.min(5_000, (staleSeconds * 1000) / 3));
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? 10_000;
  const pruneEveryMs = opts.pruneEveryMs ?? 10 * 60_000;
  const prefix = `[worker ${id}]`;
  const log = (level: "info" | "warn" | "error", msg: string) =>
    opts.log ? opts.log(level, `${prefix} ${msg}`) : (level === "info" ? console.log : console.error)(`${prefix} ${msg}`);

  const running = new Map<string, RunningJob>();
  let stopping = false;
  let stopPromise: Promise<void> | null = null;
  let filling = false;
  let fillAgain = false;
  let fillDone: Promise<void> = Promise.resolve();
  let claimFailing = false;
  let lastPrune = 0;
  let lastPeriodic = Date.now();
  let maintaining = false;

  await heartbeat();
  const beater =
    (opts.heartbeatThread ?? database.kind === "postgres") && database.url
      ? startHeartbeatThread({ url: database.url, id, intervalMs: heartbeatMs, maxSilenceMs: opts.maxBlockedMs ?? staleSeconds * 10_000, log })
      : null;
  const unlisten = await database
    // After the LISTEN connection comes back (db.server.ts reconnects it), claim at once: jobs
    // enqueued while it was down sent notifications nobody heard.
    .listen(JOBS_NOTIFY_CHANNEL, () => wake(), {
      onReconnect: () => {
        log("info", `LISTEN ${JOBS_NOTIFY_CHANNEL} restored`);
        wake();
      },
    })
    .catch((err) => {
      log("warn", `LISTEN ${JOBS_NOTIFY_CHANNEL} failed, polling every ${pollMs} ms: ${(err as Error).message}`);
      return null;
    });
  const pollTimer = setInterval(wake, pollMs);
  const maintenanceTimer = setInterval(() => void maintenance(), heartbeatMs);
  // Proof of life for the heartbeat thread: runs only when this thread is free.
  const tickTimer = beater ? setInterval(() => beater.tick(), Math.min(1_000, heartbeatMs)) : undefined;
  const releaseRejectionGuard = opts.catchUnhandledRejections === false ? () => {} : installRejectionGuard(log);
  const wakeTimers = new Set<NodeJS.Timeout>();
  void maintenance();
  wake();

  // ───── claiming ─────

  /** Fills free slots with claimed jobs; concurrent calls coalesce into one more round. */
  function wake() {
    if (stopping) return;
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = true;
    fillDone = (async () => {
      try {
        do {
          fillAgain = false;
          while (!stopping && running.size < concurrency) {
            const job = await claim();
            if (!job) break;
            if (stopping) {
              await releaseJobs([job.id], false);
              break;
            }
            startJob(job);
          }
        } while (fillAgain && !stopping);
        if (claimFailing) log("info", "database reachable again");
        claimFailing = false;
      } catch (err) {
        // A database blip: say it once per outage, try again on the next poll.
        if (!claimFailing) log("error", `claim failed, retrying every ${pollMs} ms: ${(err as Error).message}`);
        claimFailing = true;
      } finally {
        filling = false;
      }
    })();
  }

  async function claim(): Promise<ClaimedJob | null> {
    const names = registeredJobNames();
    if (names.length === 0) return null;
    // graphile-worker's claim: the inner SELECT locks one due row and skips rows other workers are
    // claiming right now, so N workers never take the same job and never wait on each other.
    // Fair lanes (issue 23, item 6): among due jobs of the same priority, the one whose lane (its
    // organization) has the fewest jobs running goes first, then the oldest. An organization that
    // floods the queue holds at most its share of the slots whenever another organization has work
    // waiting: each freed slot goes to the least busy lane. Running counts are read per claim (a
    // GROUP BY over the running rows, at most workers × concurrency of them).
    const rows = await database.query<ClaimedJob>(
      `WITH busy AS (
         SELECT coalesce(lane, '') AS lane, count(*) AS n FROM jobs WHERE status = 'running' GROUP BY 1
       )
       UPDATE jobs
       SET status = 'running', locked_at = now(), locked_by = $1, attempts = attempts + 1, rerun_requested = false, updated_at = now()
       WHERE id = (
         SELECT j.id FROM jobs j
         LEFT JOIN busy b ON b.lane = coalesce(j.lane, '')
         WHERE j.status = 'queued' AND j.run_at <= now() AND j.name = ANY($2::text[])
         ORDER BY j.priority DESC, coalesce(b.n, 0), j.run_at, j.id
         FOR UPDATE OF j SKIP LOCKED
         LIMIT 1
       )
       RETURNING id::text AS id, name, payload, attempts, max_attempts`,
      [id, names],
    );
    return rows[0] ?? null;
  }

  // ───── running ─────

  function startJob(job: ClaimedJob) {
    const entry: RunningJob = { job, controller: new AbortController(), abandoned: false, done: Promise.resolve() };
    running.set(job.id, entry);
    entry.done = runJob(entry)
      .catch((err) => log("error", `job ${job.id} (${job.name}): internal error: ${(err as Error).stack ?? err}`))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
  }

  async function runJob(entry: RunningJob) {
    const { job } = entry;
    const def = getJob(job.name);
    if (!def) {
      await finish(entry, { kind: "failed", error: `Unknown job "${job.name}": not registered in worker ${id}` });
      return;
    }
    const parsed = def.payload.safeParse(job.payload);
    if (!parsed.success) {
      // Retrying cannot fix a payload the schema rejects: fail now, keep the reason.
      const err = new JobPayloadError(job.name, parsed.error.issues);
      log("error", `job ${job.id} (${job.name}) failed permanently: ${err.message}`);
      await finish(entry, { kind: "failed", error: err.message });
      return;
    }
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      workerId: id,
      database,
      signal: entry.controller.signal,
      progress: async (channel, event, data) => {
        await publish(database, channel, event, data);
      },
      fence: { jobId: job.id, attempt: job.attempts, workerId: id },
    };
    const started = Date.now();
    let result: unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      // `.then` also turns a synchronous throw into a rejection.
      const handled = Promise.resolve().then(() => def.handler(parsed.data, ctx));
      // The attempt's time limit: past it the attempt is recorded as failed and the handler, told
      // through ctx.signal, can no longer write (its fenced writes find the job gone).
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new JobTimeoutError(def.timeoutMs)), def.timeoutMs);
      });
      handled.catch(() => {}); // a handler that fails after its timeout was already recorded
      result = await Promise.race([handled, timedOut]);
    } catch (err) {
      if (err instanceof JobTimeoutError) entry.controller.abort(err);
      await onHandlerError(entry, def, err);
      return;
    } finally {
      clearTimeout(timer);
    }
    await finish(entry, { kind: "succeeded", result });
    if (opts.verbose) log("info", `job ${job.id} (${job.name}) succeeded in ${Date.now() - started} ms (attempt ${job.attempts})`);
  }

  async function onHandlerError(entry: RunningJob, def: AnyJobDefinition, err: unknown) {
    const { job } = entry;
    const error = formatError(err);
    const firstLine = error.split("\n")[0];
    const message = err instanceof Error && err.message ? err.message.slice(0, 2000) : undefined;
    if (entry.abandoned) return;
    if (err instanceof StaleAttemptError) {
      // Another attempt holds the job now (this worker was declared dead or timed out): it owns the
      // outcome; nothing of this attempt was written.
      log("warn", `job ${job.id} (${job.name}) attempt ${job.attempts} was superseded; its results were discarded`);
      return;
    }
    if (err instanceof PermanentJobError || job.attempts >= job.max_attempts) {
      log("error", `job ${job.id} (${job.name}) failed for good after attempt ${job.attempts}/${job.max_attempts}: ${firstLine}`);
      await finish(entry, { kind: "failed", error, message });
      return;
    }
    const delayMs = backoffDelayMs(def.backoff, job.attempts);
    log("warn", `job ${job.id} (${job.name}) attempt ${job.attempts}/${job.max_attempts} failed, retry in ${delayMs} ms: ${firstLine}`);
    await finish(entry, { kind: "retry", error, message, delayMs });
    if (delayMs < pollMs && !stopping) {
      const t = setTimeout(() => {
        wakeTimers.delete(t);
        wake();
      }, delayMs + 5);
      wakeTimers.add(t);
    }
  }

  type Outcome =
    | { kind: "succeeded"; result: unknown }
    | { kind: "failed"; error: string; message?: string }
    | { kind: "retry"; error: string; message?: string; delayMs: number };

  /**
   * Writes the outcome, guarded by locked_by and attempts: if this worker lost the job meanwhile
   * (it was re-queued as stale, or stop() released it), the write matches nothing. A failure is
   * written in one transaction with the job's onFailure hook, so the job's owner (a case) always
   * learns of it. Retried a few times on database errors, so a blip does not leave the job 'running'.
   */
  async function finish(entry: RunningJob, outcome: Outcome) {
    const { job } = entry;
    const guard = [job.id, id, job.attempts];
    let sql: string;
    let params: unknown[];
    if (outcome.kind === "succeeded") {
      // A re-run requested during this attempt puts the job back to the queue with fresh attempts.
      sql = `UPDATE jobs SET result = $4::jsonb, last_error = NULL, locked_at = NULL, updated_at = now(), ${RERUN_OR("succeeded")}
             WHERE id = $1::bigint AND locked_by = $2 AND attempts = $3 AND status = 'running'`;
      params = [...guard, toJson(outcome.result, job, log)];
    } else if (outcome.kind === "failed") {
      sql = `UPDATE jobs SET last_error = $4, locked_at = NULL, updated_at = now(), ${RERUN_OR("failed")}
             WHERE id = $1::bigint AND locked_by = $2 AND attempts = $3 AND status = 'running'`;
      params = [...guard, outcome.error];
    } else {
      sql = `UPDATE jobs SET status = 'queued', last_error = $4, locked_at = NULL, locked_by = NULL,
               attempts = CASE WHEN rerun_requested THEN 0 ELSE attempts END,
               run_at = CASE WHEN rerun_requested THEN now() ELSE now() + make_interval(secs => $5::double precision) END,
               rerun_requested = false, updated_at = now()
             WHERE id = $1::bigint AND locked_by = $2 AND attempts = $3 AND status = 'running'`;
      params = [...guard, outcome.error, outcome.delayMs / 1000];
    }
    const failure =
      outcome.kind === "succeeded"
        ? null
        : {
            jobId: job.id,
            attempt: job.attempts,
            maxAttempts: job.max_attempts,
            final: outcome.kind === "failed",
            message: outcome.message || firstLineOf(outcome.error),
          };
    const delays = [200, 1_000, 3_000, 10_000];
    for (let i = 0; ; i++) {
      if (entry.abandoned) return;
      try {
        if (failure) await recordFailure(database, job, `${sql} RETURNING status`, params, failure, i < delays.length);
        // (a job re-queued for a re-run is claimed on the wake() that follows every finished job)
        else await database.query(sql, params);
        return;
      } catch (err) {
        if (i >= delays.length || stopping) {
          log("error", `job ${job.id}: could not record ${outcome.kind}: ${(err as Error).message}`);
          return;
        }
        log("warn", `job ${job.id}: recording ${outcome.kind} failed, retrying: ${(err as Error).message}`);
        await sleep(delays[i]!);
      }
    }
  }

  // ───── liveness ─────

  async function heartbeat() {
    await database.query(
      `INSERT INTO worker_processes (id, hostname, pid) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
      [id, os.hostname(), process.pid],
    );
  }

  async function maintenance() {
    if (stopping || maintaining) return;
    maintaining = true;
    try {
      if (!beater) await heartbeat();
      const released = await releaseStaleJobs(database, staleSeconds);
      for (const r of released) {
        log("warn", `job ${r.id} (${r.name}): worker ${r.locked_by} went silent; ${r.status === "failed" ? "no attempts left, failed" : "re-queued"}`);
      }
      if (released.length) wake();
      // Periodic jobs (e.g. api_logs.prune), first one pruneEveryMs after start: one queued row each
      // at most (the name is the de-duplication key), whichever worker adds it.
      if (pruneEveryMs > 0 && Date.now() - lastPeriodic > pruneEveryMs) {
        lastPeriodic = Date.now();
        for (const name of periodicJobNames()) {
          const def = getJob(name);
          if (def) await enqueue(database, def, {}, { key: name });
        }
      }
      if (pruneEveryMs > 0 && Date.now() - lastPrune > pruneEveryMs) {
        lastPrune = Date.now();
        const n = await pruneLiveEvents(database);
        if (n && opts.verbose) log("info", `pruned ${n} old live events`);
      }
    } catch (err) {
      if (!stopping) log("error", `heartbeat/maintenance failed (will retry): ${(err as Error).message}`);
    } finally {
      maintaining = false;
    }
  }

  /** Puts jobs this worker holds back to queued; `countAttempt: false` undoes the claim's attempts+1. */
  async function releaseJobs(ids: string[], countAttempt: boolean) {
    if (ids.length === 0) return;
    await database.query(
      `UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, run_at = now(), updated_at = now(), rerun_requested = false,
         attempts = CASE WHEN $3 THEN attempts ELSE greatest(attempts - 1, 0) END
       WHERE id = ANY($1::bigint[]) AND locked_by = $2 AND status = 'running'`,
      [ids, id, countAttempt],
    );
    await database.notify(JOBS_NOTIFY_CHANNEL, "released").catch(() => {});
  }

  // ───── shutdown ─────

  async function stop() {
    stopping = true;
    clearInterval(pollTimer);
    clearInterval(maintenanceTimer);
    clearInterval(tickTimer);
    for (const t of wakeTimers) clearTimeout(t);
    wakeTimers.clear();
    await unlisten?.().catch(() => {});
    await fillDone.catch(() => {});
    const inFlight = [...running.values()];
    if (inFlight.length) {
      log("info", `stopping: waiting up to ${shutdownTimeoutMs} ms for ${inFlight.length} running job(s)`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(inFlight.map((r) => r.done)), new Promise<void>((resolve) => (timer = setTimeout(resolve, shutdownTimeoutMs)))]);
      clearTimeout(timer);
    }
    const unfinished = [...running.values()];
    if (unfinished.length) {
      for (const r of unfinished) r.abandoned = true;
      try {
        await releaseJobs(
          unfinished.map((r) => r.job.id),
          false,
        );
        log("warn", `released ${unfinished.length} unfinished job(s) back to the queue: ${unfinished.map((r) => r.job.id).join(", ")}`);
      } catch (err) {
        log("error", `could not release jobs ${unfinished.map((r) => r.job.id).join(", ")} (they will be recovered as stale): ${(err as Error).message}`);
      }
      for (const r of unfinished) r.controller.abort(new Error("worker stopping"));
    }
    await beater?.stop();
    await database.query(`DELETE FROM worker_processes WHERE id = $1`, [id]).catch((err) => {
      log("warn", `could not delete heartbeat row: ${(err as Error).message}`);
    });
    releaseRejectionGuard();
    log("info", "stopped");
  }

  log("info", `started (concurrency ${concurrency}, jobs: ${registeredJobNames().join(", ")})`);
  return {
    id,
    running: () => running.size,
    stop() {
      stopPromise ??= stop().catch((err) => log("error", `stop failed: ${(err as Error).message}`));
      return stopPromise;
    },
  };
}

/**
 * Re-queues `running` jobs whose worker has not sent a heartbeat for `staleSeconds` (or whose
 * worker row is gone) and that were locked at least that long ago; the lost attempt counts, and a
 * job with no attempts left is marked failed. Each job is released in its own transaction together
 * with its definition's onFailure hook, so the job's owner (a case) is never left "in progress" by
 * a dead worker. Then deletes the stale worker rows.
 * Any worker calls this every heartbeat; safe to run concurrently (SKIP LOCKED).
 *
 * @returns the jobs released: id, name, new status and the silent worker's id
 */
export async function releaseStaleJobs(
  database: Database,
  staleSeconds: number,
): Promise<Array<{ id: string; name: string; status: "queued" | "failed"; locked_by: string | null }>> {
  const candidates = await database.query<{ id: string }>(
    `SELECT j.id::text AS id FROM jobs j
     LEFT JOIN worker_processes w ON w.id = j.locked_by
     WHERE j.status = 'running'
       AND j.locked_at < now() - make_interval(secs => $1::double precision)
       AND (w.id IS NULL OR w.heartbeat_at < now() - make_interval(secs => $1::double precision))
     ORDER BY j.id LIMIT 100`,
    [staleSeconds],
  );
  const released: Array<{ id: string; name: string; status: "queued" | "failed"; locked_by: string | null }> = [];
  for (const { id } of candidates) {
    const row = await releaseOneStaleJob(database, id, staleSeconds);
    if (row) released.push(row);
  }
  await database.query(`DELETE FROM worker_processes WHERE heartbeat_at < now() - make_interval(secs => $1::double precision)`, [staleSeconds]);
  if (released.some((r) => r.status === "queued")) await database.notify(JOBS_NOTIFY_CHANNEL, "stale").catch(() => {});
  return released;
}

/** Releases one stale job (re-checked under its row lock) and runs its onFailure hook, in one transaction. */
async function releaseOneStaleJob(database: Database, jobId: string, staleSeconds: number) {
  type Row = {
    id: string;
    name: string;
    status: "queued" | "failed";
    locked_by: string | null;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    last_error: string;
  };
  let after: unknown;
  const row = await database.prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRawUnsafe<Row[]>(
        `WITH stale AS (
           SELECT j.id, j.locked_by AS old_locked_by, j.attempts AS old_attempts FROM jobs j
           LEFT JOIN worker_processes w ON w.id = j.locked_by
           WHERE j.id = $1::bigint AND j.status = 'running'
             AND j.locked_at < now() - make_interval(secs => $2::double precision)
             AND (w.id IS NULL OR w.heartbeat_at < now() - make_interval(secs => $2::double precision))
           FOR UPDATE OF j SKIP LOCKED
         )
         UPDATE jobs j SET
           status = CASE WHEN j.attempts >= j.max_attempts AND NOT j.rerun_requested THEN 'failed' ELSE 'queued' END,
           finished_at = CASE WHEN j.attempts >= j.max_attempts AND NOT j.rerun_requested THEN now() END,
           key = CASE WHEN j.attempts >= j.max_attempts AND NOT j.rerun_requested THEN NULL ELSE j.key END,
           locked_by = CASE WHEN j.attempts >= j.max_attempts AND NOT j.rerun_requested THEN j.locked_by END,
           attempts = CASE WHEN j.rerun_requested THEN 0 ELSE j.attempts END,
           rerun_requested = false,
           last_error = 'Worker ' || coalesce(j.locked_by, '?') || ' stopped responding during attempt ' || stale.old_attempts
                        || ' (no heartbeat for ' || $3::text || ' s)',
           locked_at = NULL, run_at = now(), updated_at = now()
         FROM stale WHERE j.id = stale.id
         RETURNING j.id::text AS id, j.name, j.status, stale.old_locked_by AS locked_by, j.payload, stale.old_attempts AS attempts, j.max_attempts, j.last_error`,
        jobId,
        staleSeconds,
        String(staleSeconds),
      );
      const r = rows[0];
      if (!r) return null;
      after = await runFailureHook(
        r,
        {
          jobId: r.id,
          attempt: r.attempts,
          maxAttempts: r.max_attempts,
          final: r.status === "failed",
          message: r.last_error,
        },
        tx,
      );
      return r;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (row && typeof after === "function")
    await (after as () => Promise<void>)().catch((err) => console.error(`[queue] job ${row.id}: after-failure step failed: ${(err as Error).message}`));
  return row ? { id: row.id, name: row.name, status: row.status, locked_by: row.locked_by } : null;
}

/**
 * Writes a failed attempt (`sql` must be the guarded UPDATE ... RETURNING id) and, when it matched,
 * runs the job's onFailure hook, in one transaction. With `withHook: false` (the last try after the
 * hook kept failing) only the job row is written, so the job cannot stay 'running' for ever.
 */
async function recordFailure(database: Database, job: ClaimedJob, sql: string, params: unknown[], info: JobFailureInfo, withHook: boolean) {
  const after = await database.prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRawUnsafe<{ status: string }[]>(sql, ...params);
      if (!rows[0] || !withHook) return undefined;
      // A re-run requested meanwhile re-queues even a job out of attempts.
      return runFailureHook({ name: job.name, payload: job.payload }, { ...info, final: rows[0].status === "failed" }, tx);
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (typeof after === "function") await after().catch((err) => console.error(`[queue] job ${job.id}: after-failure step failed: ${(err as Error).message}`));
}

/** Calls the registered definition's onFailure with the parsed payload (skipped when there is none). */
async function runFailureHook(job: { name: string; payload: unknown }, info: JobFailureInfo, tx: JobTransaction) {
  const def = getJob(job.name);
  if (!def?.onFailure) return undefined;
  const parsed = def.payload.safeParse(job.payload);
  if (!parsed.success) return undefined;
  return def.onFailure(parsed.data, info, tx);
}

function firstLineOf(error: string): string {
  const line = error.split("\n")[0] ?? error;
  // "Error: message" -> "message"; keep other error names (they say what kind of failure it was)
  return line.replace(/^Error: /, "");
}

/** heartbeat-thread.mjs next to this module (source layout), else under the working directory. */
function heartbeatThreadFile(): string {
  const here = new URL("./heartbeat-thread.mjs", import.meta.url);
  if (here.protocol === "file:" && fs.existsSync(fileURLToPath(here))) return fileURLToPath(here);
  return path.resolve(process.cwd(), "app/queue/heartbeat-thread.mjs");
}

/**
 * Starts heartbeat-thread.mjs: heartbeats every intervalMs on its own thread and connection while
 * this thread keeps sending ticks (at least every maxSilenceMs). `tick()` is called on a timer of
 * this thread (it only runs when this thread is free); `stop()` ends the thread (before the
 * heartbeat row is deleted).
 */
function startHeartbeatThread(o: { url: string; id: string; intervalMs: number; maxSilenceMs: number; log: (level: "warn", line: string) => void }) {
  const thread = new Worker(heartbeatThreadFile(), {
    workerData: { url: o.url, id: o.id, pid: process.pid, intervalMs: o.intervalMs, maxSilenceMs: o.maxSilenceMs },
  });
  thread.unref();
  thread.on("message", (m: { log?: string }) => {
    if (m.log) o.log("warn", m.log);
  });
  thread.on("error", (err) => o.log("warn", `heartbeat thread failed: ${err.message}`));
  return {
    tick() {
      thread.postMessage("tick");
    },
    async stop() {
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage("stop");
      await Promise.race([exited, sleep(2_000)]);
      await thread.terminate().catch(() => {});
    },
  };
}

/** An attempt ran past its job's timeoutMs. */
export class JobTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The job took longer than ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} and was stopped`);
    this.name = "JobTimeoutError";
  }
}

/**
 * SET clause ending an attempt as `status`, unless a re-run was requested during it: then the job
 * goes back to the queue at once with fresh attempts, keeping its key.
 */
function RERUN_OR(status: "succeeded" | "failed"): string {
  return `status = CASE WHEN rerun_requested THEN 'queued' ELSE '${status}' END,
          key = CASE WHEN rerun_requested THEN key END,
          finished_at = CASE WHEN rerun_requested THEN NULL ELSE now() END,
          locked_by = CASE WHEN rerun_requested THEN NULL ELSE locked_by END,
          run_at = CASE WHEN rerun_requested THEN now() ELSE run_at END,
          attempts = CASE WHEN rerun_requested THEN 0 ELSE attempts END,
          rerun_requested = false`;
}

/** `Name: message` plus the first stack frames (and the cause's message), at most 4000 characters. */
export function formatError(err: unknown): string {
  let text: string;
  if (err instanceof Error) {
    const frames = (err.stack ?? "")
      .split("\n")
      .filter((l) => l.trim().startsWith("at "))
      .slice(0, 5)
      .map((l) => `  ${l.trim()}`);
    text = `${err.name}: ${err.message}`;
    if (frames.length) text += `\n${frames.join("\n")}`;
    if (err.cause !== undefined) text += `\nCaused by: ${err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : String(err.cause)}`;
  } else {
    let shown: string;
    try {
      shown = typeof err === "string" ? err : JSON.stringify(err);
    } catch {
      shown = String(err);
    }
    text = `Non-Error thrown: ${shown}`;
  }
  return text.length > 4000 ? `${text.slice(0, 3997)}...` : text;
}

function toJson(value: unknown, job: ClaimedJob, log: (level: "warn", msg: string) => void): string {
  try {
    return JSON.stringify(value ?? null) ?? "null";
  } catch (err) {
    log("warn", `job ${job.id} (${job.name}): result is not JSON-serialisable, stored null: ${(err as Error).message}`);
    return "null";
  }
}

function sleep(ms: number) {
  return new Promise<void>((r) => setTimeout(r, ms));
}

// One process-wide listener, shared by every worker in the process, removed with the last one.
const GUARD_KEY = Symbol.for("priorauth.queue.rejectionGuard");
type GlobalWithGuard = typeof globalThis & {
  [GUARD_KEY]?: { count: number; listener: (reason: unknown) => void };
};

function installRejectionGuard(log: (level: "error", msg: string) => void): () => void {
  const g = globalThis as GlobalWithGuard;
  if (!g[GUARD_KEY]) {
    const listener = (reason: unknown) => {
      log("error", `unhandled promise rejection (a job handler left a promise unawaited?), ignored: ${formatError(reason)}`);
    };
    process.on("unhandledRejection", listener);
    g[GUARD_KEY] = { count: 0, listener };
  }
  g[GUARD_KEY]!.count++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const guard = g[GUARD_KEY];
    if (guard && --guard.count === 0) {
      process.off("unhandledRejection", guard.listener);
      delete g[GUARD_KEY];
    }
  };
}
