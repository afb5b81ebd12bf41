/**
 * `system.echo`: the queue's built-in diagnostic job. Each attempt publishes one live event on
 * `system:echo` (event "attempt", data { jobId, attempt, workerId, pid, note }) before doing anything
 * else, so tests can count how often every job ran (exactly-once, retries, recovery after a killed
 * worker). Then it sleeps `sleepMs` (honouring the abort signal), spins `spinMs` (blocking its thread)
 * and fails while attempt <= failTimes.
 */
import { z } from "zod";
import { defineJob } from "~/queue/define-job";
import { publish } from "~/queue/live-events.server";

export const SystemEchoPayloadSchema = z.object({
  note: z.string().max(1000),
  /** Milliseconds to sleep after publishing, 0-10 min. */
  sleepMs: z.number().int().min(0).max(600_000).optional(),
  /**
   * Milliseconds to keep the worker's JavaScript thread busy (a synchronous loop, no awaiting), 0-60 s:
   * stands in for CPU-bound work that does not yield, to prove such work does not stop the heartbeat.
   */
  spinMs: z.number().int().min(0).max(60_000).optional(),
  /** Attempts 1..failTimes throw; attempt failTimes+1 succeeds. */
  failTimes: z.number().int().min(0).max(100).optional(),
});

export const SYSTEM_ECHO_CHANNEL = "system:echo";

export const systemEcho = defineJob({
  name: "system.echo",
  payload: SystemEchoPayloadSchema,
  // Diagnostic job: retries come quickly so tests and smoke checks do not wait.
  backoff: { baseMs: 250, maxMs: 5_000 },
  async handler(payload, ctx) {
    await publish(ctx.database, SYSTEM_ECHO_CHANNEL, "attempt", {
      jobId: ctx.jobId,
      attempt: ctx.attempt,
      workerId: ctx.workerId,
      pid: process.pid,
      note: payload.note,
    });
    if (payload.sleepMs) await sleep(payload.sleepMs, ctx.signal);
    if (payload.spinMs) {
      const end = Date.now() + payload.spinMs;
      while (Date.now() < end) {
        // busy on purpose
      }
    }
    if (payload.failTimes && ctx.attempt <= payload.failTimes) {
      throw new Error(`system.echo: planned failure ${ctx.attempt} of ${payload.failTimes}`);
    }
    return { note: payload.note, attempt: ctx.attempt, workerId: ctx.workerId };
  },
});

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error("system.echo: aborted"));
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(t);
      reject(new Error("system.echo: aborted"));
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
