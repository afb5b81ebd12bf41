/**
 * Jobs declared as data: a name, a zod payload schema and a handler (STYLE.md "Worker and jobs").
 *
 * The payload is validated twice: by `enqueue` (a bad payload never reaches the table) and again by
 * the worker just before the handler runs (the schema may have changed since the row was written; a
 * payload that no longer parses fails the job permanently, because retrying cannot fix it).
 */
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import type { Database } from "~/lib/db.server";
import type { AttemptFence } from "~/queue/fence.server";

/** A Prisma client bound to one open transaction (what job hooks write with). */
export type JobTransaction = Prisma.TransactionClient;

/** What `onFailure` learns about a failed attempt. */
export interface JobFailureInfo {
  jobId: string;
  /** the attempt that failed (1-based) */
  attempt: number;
  maxAttempts: number;
  /** true: the job is now failed for good; false: it was re-queued for another attempt */
  final: boolean;
  /** one line a user can read (the error's message, or why the worker was declared dead) */
  message: string;
}

/** Exponential backoff between attempts: delay = min(maxMs, baseMs * 2^(attempt-1)), jittered. */
export interface Backoff {
  /** Delay after the first failed attempt, in milliseconds. */
  baseMs: number;
  /** Upper bound of any delay, in milliseconds. */
  maxMs: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** Default time limit of one attempt (15 min). */
export const DEFAULT_JOB_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_BACKOFF: Readonly<Backoff> = Object.freeze({ baseMs: 2_000, maxMs: 10 * 60_000 });

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The job row id (bigint as a decimal string). */
  jobId: string;
  /** 1 for the first run, 2 for the first retry, ... (a run cut short by a dead worker counts). */
  attempt: number;
  /** Maximum number of attempts for this job row. */
  maxAttempts: number;
  /** Id of the worker running this attempt (matches jobs.locked_by and worker_processes.id). */
  workerId: string;
  database: Database;
  /**
   * Aborted when the worker shuts down and this handler did not finish within the grace period.
   * Long handlers should pass it to fetch/model calls or check it between steps; the job is released
   * back to the queue either way.
   */
  signal: AbortSignal;
  /** Publishes a live event (see live-events.server.ts), e.g. `progress("prior_auth:42", "step", { step: 2 })`. */
  progress(channel: string, event: string, data: unknown): Promise<void>;
  /**
   * This attempt's identity, for fenced writes (fence.server.ts `fenced`): once the attempt no longer
   * holds the job (declared dead, timed out), its writes fail with StaleAttemptError instead of
   * overwriting the results of the attempt that replaced it.
   */
  fence: AttemptFence;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown, N extends string = string> {
  /** Unique dotted name, e.g. "prior_auth.intake". Stored in jobs.name. */
  readonly name: N;
  readonly payload: S;
  /** Must be idempotent: a retry, or a second run after a worker died, must not duplicate rows. */
  readonly handler: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  /** Total attempts (first run included) before the job is marked failed. Default 5. */
  readonly maxAttempts: number;
  readonly backoff: Readonly<Backoff>;
  /**
   * Time limit of one attempt in ms. Past it the attempt counts as failed (retry with backoff, or
   * failed for good), ctx.signal is aborted, and whatever the handler still writes is fenced off.
   */
  readonly timeoutMs: number;
  /**
   * Runs inside the transaction that records a failed attempt, whoever records it: the worker whose
   * handler threw, or any worker's stale-job sweep after the running worker went silent. So the
   * job's owner (a case) can never miss its job's failure. It may return a function to run after
   * the commit (publishing live events, which must not run inside a transaction).
   * If it throws, the attempt's outcome is not recorded and the write is retried.
   */
  readonly onFailure?: (payload: z.output<S>, info: JobFailureInfo, tx: JobTransaction) => Promise<void | (() => Promise<void>)>;
}

/** Any registered job, whatever its payload and result types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any, any>;

/**
 * The job payload map: job name -> the payload `enqueue` accepts for it (the schema's input type).
 * Empty here, because the queue knows no domain: the composition root (app/jobs.server.ts) fills it
 * by declaration merging from its job list, the way graphile-worker's `GraphileWorker.Tasks` is
 * augmented. `enqueue(database, "claim.intake", { claim_id })` is then checked at compile time: an
 * unknown name or a payload of the wrong shape does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

/** Names of the jobs in the payload map. */
export type JobName = keyof JobPayloads & string;

/** The payload map of a list of job definitions: `{ [name]: z.input<payload schema> }`. */
export type JobPayloadMap<T extends readonly AnyJobDefinition[]> = {
  [D in T[number] as D["name"]]: z.input<D["payload"]>;
};

/**
 * Declares a job. List it in the composition root (app/jobs.server.ts): that registers it with the
 * queue in the web and worker processes, so the worker and `enqueue` find it by name, and puts its
 * payload type in `JobPayloads`.
 *
 * @param def.name unique job name (letters, digits, `.`, `_`, `-`, `:`)
 * @param def.payload zod schema; the stored payload is the caller's input, the handler gets the parsed output
 * @param def.maxAttempts total attempts, >= 1 (default 5)
 * @param def.backoff retry delays in ms (default 2 s doubling up to 10 min)
 * @param def.timeoutMs time limit of one attempt in ms (default 15 min)
 * @param def.onFailure called in the transaction recording each failed attempt (see JobDefinition)
 * @throws Error on an invalid name, maxAttempts or backoff
 */
export function defineJob<S extends z.ZodType, R = unknown, const N extends string = string>(def: {
  name: N;
  payload: S;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<R>;
  maxAttempts?: number;
  backoff?: Backoff;
  timeoutMs?: number;
  onFailure?: JobDefinition<S, R>["onFailure"];
}): JobDefinition<S, R, N> {
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(def.name)) throw new Error(`defineJob: invalid job name ${JSON.stringify(def.name)}`);
  const maxAttempts = def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`defineJob(${def.name}): maxAttempts must be an integer >= 1`);
  const backoff = def.backoff ?? DEFAULT_BACKOFF;
  if (!(backoff.baseMs >= 0 && backoff.maxMs >= backoff.baseMs)) {
    throw new Error(`defineJob(${def.name}): backoff needs 0 <= baseMs <= maxMs`);
  }
  const timeoutMs = def.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new Error(`defineJob(${def.name}): timeoutMs must be > 0`);
  return Object.freeze({
    name: def.name,
    timeoutMs,
    payload: def.payload,
    handler: def.handler,
    maxAttempts,
    backoff: Object.freeze({ ...backoff }),
    onFailure: def.onFailure,
  });
}

/**
 * Delay before the next attempt after `attempt` (1-based) failed, in milliseconds:
 * min(maxMs, baseMs * 2^(attempt-1)), with "equal jitter" (uniform in [d/2, d]) so that jobs that
 * failed together (a model server outage) do not all come back in the same instant.
 */
export function backoffDelayMs(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}
