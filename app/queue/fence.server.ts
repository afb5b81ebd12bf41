/**
 * Fencing a job attempt's writes (issue 8, defect 9). When a worker is declared dead (no heartbeat)
 * its job is re-queued and run again elsewhere, but the "dead" attempt may still be running. Every
 * write an attempt makes to the job's owner (a case's steps, results, agent runs, documents) goes
 * through `fenced`, which first locks the attempt's job row and checks that this attempt still holds
 * it (`attempts = n AND locked_by = worker AND status = 'running'`); a stale attempt gets
 * StaleAttemptError and writes nothing. The row lock (FOR SHARE) also keeps the stale-job sweep and
 * the worker recording the outcome (FOR UPDATE / UPDATE) out until the write commits.
 */
import type { Database } from "~/lib/db.server";
import type { JobTransaction } from "~/queue/define-job";

/** Identifies one attempt of one job (JobContext.fence). */
export interface AttemptFence {
  jobId: string;
  /** jobs.attempts when this attempt was claimed */
  attempt: number;
  /** jobs.locked_by of this attempt */
  workerId: string;
}

/** This attempt no longer holds its job (it was declared dead, timed out or released): discard its work. */
export class StaleAttemptError extends Error {
  constructor(fence: AttemptFence) {
    super(`Attempt ${fence.attempt} of job ${fence.jobId} no longer holds the job; its results were discarded`);
    this.name = "StaleAttemptError";
  }
}

/**
 * Inside a transaction: locks the job row FOR SHARE and throws StaleAttemptError unless `fence`'s
 * attempt still holds it.
 */
export async function assertAttemptCurrent(tx: JobTransaction, fence: AttemptFence): Promise<void> {
  const rows = await tx.$queryRawUnsafe<{ ok: number }[]>(
    `SELECT 1 AS ok FROM jobs WHERE id = $1::bigint AND attempts = $2 AND locked_by = $3 AND status = 'running' FOR SHARE`,
    fence.jobId,
    fence.attempt,
    fence.workerId,
  );
  if (!rows.length) throw new StaleAttemptError(fence);
}

/**
 * Runs `fn` in a transaction that first asserts the attempt is current (see module comment); with
 * no fence (a direct call outside the queue) it just runs `fn` in a transaction.
 * @throws StaleAttemptError when the attempt was superseded (nothing is written)
 */
export function fenced<T>(
  database: Database,
  fence: AttemptFence | undefined,
  fn: (tx: JobTransaction) => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  return database.prisma.$transaction(
    async (tx) => {
      if (fence) await assertAttemptCurrent(tx, fence);
      return fn(tx);
    },
    { timeout: opts.timeoutMs ?? 60_000, maxWait: 10_000 },
  );
}
