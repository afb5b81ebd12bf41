/**
 * The job queue and live events on a real database: the embedded PGlite always, and PostgreSQL too
 * when it is reachable (same code, same assertions). Multi-process behaviour is in
 * queue-multiprocess.test.ts.
 */
import pg from "pg";
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { defineJob } from "~/queue/define-job";
import { enqueue, getJobStatus, retryJob } from "~/queue/enqueue.server";
import { JobPayloadError, PermanentJobError, QueueError, UnknownJobError } from "~/queue/errors";
import { liveEventStream } from "~/queue/event-stream.server";
import { liveEventStats, publish, subscribe, type LiveEvent } from "~/queue/live-events.server";
import { getJob, registerJobs } from "~/queue/registry.server";
import { releaseStaleJobs, startWorker, type WorkerHandle, type WorkerOptions } from "~/queue/worker.server";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/test-db";

const pgAvailable = await hasPostgres();
if (!pgAvailable) console.log("SKIPPED (PostgreSQL half of queue.test.ts): needs PostgreSQL on 127.0.0.1:5432; running on PGlite only");
const kinds = pgAvailable ? (["embedded", "postgres"] as const) : (["embedded"] as const);

// ───── test jobs ─────

const attemptsSeen = new Map<string, number[]>(); // jobId -> Date.now() of each attempt
const abortedSeen = new Set<string>();

/** Test-only jobs are not in the app's payload map (app/jobs.server.ts): enqueue them by definition. */
const testJob = (name: string) => getJob(name)!;

registerJobs(
  defineJob({
    name: "test.always_fails",
    payload: z.object({ label: z.string() }),
    maxAttempts: 3,
    backoff: { baseMs: 120, maxMs: 1_000 },
    async handler(payload, ctx) {
      const k = `${ctx.database.kind}:${ctx.jobId}`;
      attemptsSeen.set(k, [...(attemptsSeen.get(k) ?? []), Date.now()]);
      throw new Error(`boom ${payload.label} on attempt ${ctx.attempt}`);
    },
  }),
  defineJob({
    name: "test.sync_throw",
    payload: z.object({}),
    maxAttempts: 1,
    // Not async on purpose: a synchronous throw must become a job failure, not a crash.
    handler: (() => {
      throw new Error("thrown synchronously");
    }) as unknown as () => Promise<void>,
  }),
  defineJob({
    name: "test.permanent",
    payload: z.object({}),
    maxAttempts: 5,
    async handler() {
      throw new PermanentJobError("case was withdrawn");
    },
  }),
  defineJob({
    name: "test.sleep",
    payload: z.object({ ms: z.number().int() }),
    async handler(payload, ctx) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, payload.ms);
        ctx.signal.addEventListener("abort", () => {
          clearTimeout(t);
          abortedSeen.add(`${ctx.database.kind}:${ctx.jobId}`);
          resolve();
        });
      });
      if (ctx.signal.aborted) throw new Error("aborted");
      return { slept: payload.ms };
    },
  }),
  defineJob({
    name: "test.progress",
    payload: z.object({ caseId: z.string() }),
    async handler(payload, ctx) {
      for (let step = 1; step <= 3; step++) await ctx.progress(`prior_auth:${payload.caseId}`, "step", { step });
      return { steps: 3 };
    },
  }),
);

// ───── helpers ─────

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function echoEvents(database: Database, jobId: string) {
  return database.query<{ attempt: number; workerId: string }>(
    `SELECT (data->>'attempt')::int AS attempt, data->>'workerId' AS "workerId" FROM live_events
     WHERE channel = 'system:echo' AND data->>'jobId' = $1 ORDER BY id`,
    [jobId],
  );
}

describe.each(kinds)("job queue on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  const workers: WorkerHandle[] = [];
  const quiet: WorkerOptions["log"] = () => {};

  async function worker(opts: Partial<WorkerOptions> = {}) {
    // No rejection guard here: an unhandled rejection must fail the test run, not be logged away.
    const w = await startWorker({ database, concurrency: 2, pollMs: 50, log: quiet, catchUnhandledRejections: false, ...opts });
    workers.push(w);
    return w;
  }
  async function stopAll() {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  }

  beforeAll(async () => {
    tdb = await createTestDatabase({ kind });
    database = tdb.database;
  });
  afterEach(stopAll);
  afterAll(async () => {
    await stopAll();
    await tdb?.cleanup();
  });

  it("rejects an invalid payload or an unknown job at enqueue, writing nothing", async () => {
    // Also a compile error: the payload map types system.echo's note as a string.
    // @ts-expect-error a wrong payload shape does not compile
    const err = await enqueue(database, "system.echo", { note: 42 }).catch((e) => e);
    expect(err).toBeInstanceOf(JobPayloadError);
    expect(err.code).toBe("JOB_PAYLOAD_INVALID");
    expect(err.message).toMatch(/Invalid payload for job system\.echo: note: /);
    // @ts-expect-error an unknown job name does not compile either
    await expect(enqueue(database, "no.such_job", {})).rejects.toBeInstanceOf(UnknownJobError);
    const rows = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs`);
    expect(rows[0]!.n).toBe(0);
  });

  it("runs a job once and stores its result; progress events go out in order", async () => {
    const events: LiveEvent[] = [];
    const unsub = await subscribe(database, "prior_auth:pa-1", (e) => events.push(e));
    await worker();
    const { id } = await enqueue(database, testJob("test.progress"), { caseId: "pa-1" });
    const done = await waitFor(async () => {
      const s = await getJobStatus(database, id);
      return s?.status === "succeeded" && s;
    }, "test.progress to succeed");
    expect(done).toMatchObject({ attempts: 1, result: { steps: 3 }, lastError: null, key: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    await waitFor(async () => events.length >= 3, "3 progress events");
    expect(events.map((e) => (e.data as { step: number }).step)).toEqual([1, 2, 3]);
    expect(events.every((e) => e.event === "step" && e.channel === "prior_auth:pa-1")).toBe(true);
    unsub();
    await stopAll();
  });

  it("wakes on NOTIFY: a job enqueued while the worker idles starts long before the next poll", async () => {
    await worker({ pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 100)); // let the first (empty) claim round finish
    const t0 = Date.now();
    const { id } = await enqueue(database, "system.echo", { note: "notify" });
    await waitFor(async () => (await getJobStatus(database, id))?.status === "succeeded", "echo after NOTIFY", 5_000);
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it("retries with exponential backoff, then fails keeping the last error; retryJob re-queues it", async () => {
    await worker();
    const { id } = await enqueue(database, testJob("test.always_fails"), { label: "X" });
    const failed = await waitFor(async () => {
      const s = await getJobStatus(database, id);
      return s?.status === "failed" && s;
    }, "test.always_fails to fail");
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/^Error: boom X on attempt 3\n\s+at /);
    expect(failed.finishedAt).toBeInstanceOf(Date);
    const times = attemptsSeen.get(`${kind}:${id}`)!;
    expect(times).toHaveLength(3);
    // base 120 ms, equal jitter: >= 60 ms before attempt 2, >= 120 ms before attempt 3
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(55);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(115);

    await expect(retryJob(database, "999999")).rejects.toMatchObject({ code: "JOB_NOT_FOUND" });
    const again = await retryJob(database, id);
    expect(again.status === "queued" || again.status === "running").toBe(true);
    await waitFor(async () => (attemptsSeen.get(`${kind}:${id}`)?.length ?? 0) >= 4, "the retried job to run again");
    await waitFor(async () => (await getJobStatus(database, id))?.status === "failed", "failed again");
    await expect(
      retryJob(database, (await enqueue(database, "system.echo", { note: "x" }, { runAt: new Date(Date.now() + 60_000) })).id),
    ).rejects.toBeInstanceOf(QueueError);
    await stopAll();
  });

  it("succeeds after planned failures (system.echo failTimes) with one event per attempt", async () => {
    await worker();
    const { id } = await enqueue(database, "system.echo", { note: "flaky", failTimes: 2 });
    await waitFor(async () => (await getJobStatus(database, id))?.status === "succeeded", "echo to succeed");
    const s = (await getJobStatus(database, id))!;
    expect(s.attempts).toBe(3);
    expect(s.result).toMatchObject({ note: "flaky", attempt: 3 });
    expect((await echoEvents(database, id)).map((e) => e.attempt)).toEqual([1, 2, 3]);
    await stopAll();
  });

  it("fails without retry on a synchronous throw, a PermanentJobError, or a payload invalid at run time", async () => {
    await worker();
    const sync = await enqueue(database, testJob("test.sync_throw"), {});
    const perm = await enqueue(database, testJob("test.permanent"), {});
    // Written straight to the table, as an older deploy with another schema could have done.
    const [bad] = await database.query<{ id: string }>(`INSERT INTO jobs (name, payload) VALUES ('system.echo', '{"note": 1}') RETURNING id::text AS id`);
    await database.notify("jobs", "system.echo");
    for (const id of [sync.id, perm.id, bad!.id]) {
      await waitFor(async () => (await getJobStatus(database, id))?.status === "failed", `job ${id} to fail`);
    }
    expect(await getJobStatus(database, sync.id)).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^Error: thrown synchronously/) });
    expect(await getJobStatus(database, perm.id)).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^PermanentJobError: case was withdrawn/) });
    expect(await getJobStatus(database, bad!.id)).toMatchObject({
      attempts: 1,
      lastError: expect.stringMatching(/^Invalid payload for job system\.echo: note: /),
    });
    expect(await echoEvents(database, bad!.id)).toHaveLength(0);
    await stopAll();
  });

  it("de-duplicates by key while queued or running, and frees the key once the job finished", async () => {
    const later = new Date(Date.now() + 60_000);
    const a = await enqueue(database, "system.echo", { note: "a" }, { key: "dedup:1", runAt: later });
    const b = await enqueue(database, "system.echo", { note: "b" }, { key: "dedup:1", runAt: later });
    const c = await enqueue(database, "system.echo", { note: "c" }, { key: "dedup:2", runAt: later });
    expect(b).toEqual({ id: a.id, existing: true });
    expect(a.existing).toBe(false);
    expect(c.id).not.toBe(a.id);
    expect((await getJobStatus(database, a.id))!.payload).toEqual({ note: "a" });
    const runAt = (await getJobStatus(database, a.id))!.runAt.getTime();
    expect(Math.abs(runAt - later.getTime())).toBeLessThan(2_000);

    await worker();
    const first = await enqueue(database, "system.echo", { note: "now" }, { key: "dedup:3" });
    await waitFor(async () => (await getJobStatus(database, first.id))?.status === "succeeded", "keyed job to succeed");
    expect((await getJobStatus(database, first.id))!.key).toBeNull();
    await stopAll();
    const second = await enqueue(database, "system.echo", { note: "again" }, { key: "dedup:3", runAt: later });
    expect(second.existing).toBe(false);
    expect(second.id).not.toBe(first.id);
    await stopAll();
  });

  it("runs jobs by priority, then run_at", async () => {
    const order: string[] = [];
    const unsub = await subscribe(database, "system:echo", (e) => order.push((e.data as { note: string }).note));
    await enqueue(database, "system.echo", { note: "low" }, { priority: 0 });
    await enqueue(database, "system.echo", { note: "high" }, { priority: 10 });
    await enqueue(database, "system.echo", { note: "mid" }, { priority: 5 });
    await worker({ concurrency: 1 });
    await waitFor(async () => order.length >= 3, "3 echo jobs");
    expect(order).toEqual(["high", "mid", "low"]);
    unsub();
    await stopAll();
  });

  it("releases stale locks: silent or vanished worker -> re-queued (attempt counts); live worker's job untouched", async () => {
    const mk = async (lockedBy: string, attempts: number, maxAttempts = 5) => {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO jobs (name, payload, status, attempts, max_attempts, locked_by, locked_at)
         VALUES ('system.echo', '{"note":"stale"}', 'running', $1, $2, $3, now() - interval '1 minute') RETURNING id::text AS id`,
        [attempts, maxAttempts, lockedBy],
      );
      return row!.id;
    };
    await database.query(`INSERT INTO worker_processes (id, hostname, pid, heartbeat_at) VALUES ('silent', 'h', 1, now() - interval '1 minute')`);
    await database.query(`INSERT INTO worker_processes (id, hostname, pid, heartbeat_at) VALUES ('alive', 'h', 2, now())`);
    const silentJob = await mk("silent", 1);
    const vanishedJob = await mk("vanished", 1);
    const aliveJob = await mk("alive", 1);
    const exhaustedJob = await mk("silent", 2, 2);

    const released = await releaseStaleJobs(database, 30);
    expect(released.map((r) => r.id).sort()).toEqual([silentJob, vanishedJob, exhaustedJob].sort());
    expect(await getJobStatus(database, aliveJob)).toMatchObject({ status: "running", lockedBy: "alive" });
    expect(await getJobStatus(database, silentJob)).toMatchObject({
      status: "queued",
      attempts: 1,
      lockedBy: null,
      lastError: expect.stringMatching(/Worker silent stopped responding/),
    });
    expect(await getJobStatus(database, exhaustedJob)).toMatchObject({ status: "failed", attempts: 2 });
    const workerRows = await database.query<{ id: string }>(`SELECT id FROM worker_processes WHERE id IN ('silent', 'alive') ORDER BY id`);
    expect(workerRows.map((r) => r.id)).toEqual(["alive"]);

    // A real worker with a 1 s threshold sweeps the now-silent "alive" worker's job and runs them all.
    await database.query(`UPDATE worker_processes SET heartbeat_at = now() - interval '1 minute' WHERE id = 'alive'`);
    await worker({ staleSeconds: 1, heartbeatMs: 100 });
    for (const id of [silentJob, vanishedJob, aliveJob]) {
      await waitFor(async () => (await getJobStatus(database, id))?.status === "succeeded", `job ${id} to be recovered`);
      expect((await getJobStatus(database, id))!.attempts).toBe(2);
    }
    await stopAll();
  });

  it("stop() lets short jobs finish, then aborts and releases the rest, and removes its heartbeat row", async () => {
    const w = await worker({ concurrency: 2, shutdownTimeoutMs: 1_500 });
    const quick = await enqueue(database, testJob("test.sleep"), { ms: 200 });
    const slow = await enqueue(database, testJob("test.sleep"), { ms: 30_000 });
    await waitFor(async () => w.running() === 2 || null, "both jobs running");
    const t0 = Date.now();
    await w.stop();
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(await getJobStatus(database, quick.id)).toMatchObject({ status: "succeeded", attempts: 1 });
    // The slow one is back in the queue and its interrupted attempt is not counted.
    expect(await getJobStatus(database, slow.id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    expect(abortedSeen.has(`${kind}:${slow.id}`)).toBe(true);
    expect(await database.query(`SELECT id FROM worker_processes WHERE id = $1`, [w.id])).toHaveLength(0);
    // ...and another worker picks it up.
    await database.query(`UPDATE jobs SET payload = '{"ms": 10}' WHERE id = $1::bigint`, [slow.id]);
    await worker();
    await waitFor(async () => (await getJobStatus(database, slow.id))?.status === "succeeded", "released job to run elsewhere");
    await stopAll();
  });

  it("two workers on one database run every job exactly once", async () => {
    await database.query(`DELETE FROM live_events WHERE channel = 'system:echo'`);
    const a = await worker({ concurrency: 4 });
    const b = await worker({ concurrency: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await enqueue(database, "system.echo", { note: `n${i}`, sleepMs: 5 })).id);
    await waitFor(async () => {
      const [r] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1::bigint[]) AND status = 'succeeded'`, [ids]);
      return r!.n === ids.length;
    }, "60 echo jobs");
    const counts = await database.query<{ job: string; n: number }>(
      `SELECT data->>'jobId' AS job, count(*)::int AS n FROM live_events WHERE channel = 'system:echo' GROUP BY 1`,
    );
    expect(counts).toHaveLength(ids.length);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const by = await database.query<{ w: string }>(`SELECT DISTINCT data->>'workerId' AS w FROM live_events WHERE channel = 'system:echo'`);
    expect(by.map((r) => r.w).sort()).toEqual([a.id, b.id].sort());
    await stopAll();
  });

  // ───── live events ─────

  it("delivers events of the subscribed channel in id order, and replays after afterId without duplicates", async () => {
    const base = liveEventStats(database).subscribers;
    const got: LiveEvent[] = [];
    const unsub = await subscribe(database, "claim:1", (e) => got.push(e));
    const a1 = await publish(database, "claim:1", "status", { n: 1 });
    await publish(database, "claim:2", "status", { n: 99 });
    const a2 = await publish(database, "claim:1", "status", { n: 2 });
    const a3 = await publish(database, "claim:1", "status", { n: 3 });
    await waitFor(async () => got.length >= 3, "3 events");
    expect(got.map((e) => e.id)).toEqual([a1.id, a2.id, a3.id]);
    expect(got.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);

    // Replay from a1 (a reconnecting browser), then live.
    const replayed: LiveEvent[] = [];
    const unsub2 = await subscribe(database, "claim:1", (e) => replayed.push(e), { afterId: a1.id });
    expect(liveEventStats(database).subscribers).toBe(base + 2);
    expect(replayed.map((e) => e.id)).toEqual([a2.id, a3.id]);
    const a4 = await publish(database, "claim:1", "status", { n: 4 });
    await waitFor(async () => replayed.length >= 3 && got.length >= 4, "live event after replay");
    await new Promise((r) => setTimeout(r, 150)); // no late duplicates either
    expect(replayed.map((e) => e.id)).toEqual([a2.id, a3.id, a4.id]);
    expect(got.map((e) => e.id)).toEqual([a1.id, a2.id, a3.id, a4.id]);

    unsub();
    unsub2();
    expect(liveEventStats(database).subscribers).toBe(base);
    await publish(database, "claim:1", "status", { n: 5 });
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toHaveLength(4);
  });

  it("serves an SSE stream: ready, id/event/data frames, Last-Event-ID replay, ping, and cleanup on abort", async () => {
    const base = liveEventStats(database).subscribers;
    const first = await publish(database, "org:7", "refresh", { list: "prior_auths", n: 1 });
    const second = await publish(database, "org:7", "refresh", { list: "prior_auths", n: 2 });
    const ac = new AbortController();
    const request = new Request("http://localhost/api/events", { signal: ac.signal, headers: { "Last-Event-ID": first.id } });
    const response = liveEventStream(request, database, ["org:7"], { heartbeatMs: 100 });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");

    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (pattern: RegExp) => {
      await waitFor(
        async () => {
          if (pattern.test(text)) return true;
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${pattern}; got:\n${text}`);
          text += decoder.decode(value, { stream: true });
          return pattern.test(text);
        },
        `SSE text matching ${pattern}`,
        5_000,
        0,
      );
    };
    // replayed: only the event after Last-Event-ID (before or just after `ready`)
    await readUntil(/event: ready\n/);
    await readUntil(new RegExp(`id: ${second.id}\\nevent: refresh\\ndata: \\{"n":2,"list":"prior_auths"\\}\\n\\n`)); // jsonb orders keys
    expect(text).not.toContain(`id: ${first.id}\n`);
    const third = await publish(database, "org:7", "refresh", { n: 3 });
    await readUntil(new RegExp(`id: ${third.id}\\nevent: refresh\\ndata: \\{"n":3\\}\\n\\n`));
    await readUntil(/event: ping\ndata: \d{4}-/);
    expect(liveEventStats(database).subscribers).toBe(base + 1);

    ac.abort();
    await waitFor(async () => (await reader.read()).done, "stream to end after abort", 2_000, 0);
    expect(liveEventStats(database).subscribers).toBe(base);

    // A consumer that cancels the body (client gone) must also end the subscription, and later
    // events must not throw "Controller is already closed".
    const ac2 = new AbortController();
    const res2 = liveEventStream(new Request("http://localhost/x", { signal: ac2.signal }), database, ["org:7"], { heartbeatMs: 20 });
    const r2 = res2.body!.getReader();
    await r2.read();
    await waitFor(async () => liveEventStats(database).subscribers === base + 1, "second stream subscribed");
    await r2.cancel();
    // the unsubscribe after a cancel may finish a tick later (it releases a LISTEN); it must finish
    await waitFor(async () => liveEventStats(database).subscribers === base, "second stream unsubscribed after cancel");
    expect(liveEventStats(database).subscribers).toBe(base);
    await publish(database, "org:7", "refresh", { n: 4 });
    ac2.abort();
    await new Promise((r) => setTimeout(r, 100));
  });

  it.skipIf(kind !== "postgres")("holds back a later event until an earlier id that commits late arrives (out-of-order commits)", async () => {
    const got: string[] = [];
    const unsub = await subscribe(database, "prior_auth:ooo", (e) => got.push((e.data as { tag: string }).tag));
    const client = new pg.Client({ connectionString: tdb.url! });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query(`INSERT INTO live_events (channel, event, data) VALUES ('prior_auth:ooo', 'step', '{"tag":"early-id"}')`);
      await publish(database, "prior_auth:ooo", "step", { tag: "late-id" }); // higher id, committed first
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([]);
      await client.query("COMMIT");
      await client.query(`SELECT pg_notify('live_events', '{}')`);
      await waitFor(async () => got.length >= 2, "both events");
      expect(got).toEqual(["early-id", "late-id"]);
    } finally {
      await client.end();
      unsub();
    }
  });
});
