/**
 * Real worker processes (workers/main.ts) sharing one PostgreSQL database:
 *  - 200 jobs across two workers run exactly once each, and both workers take part;
 *  - a worker busy (synchronously) for longer than the stale limit keeps its job: it runs once;
 *  - a worker SIGKILLed mid-job loses it to the other worker, which completes it (attempt 2);
 *  - SIGTERM shuts a worker down cleanly (exit 0, heartbeat row removed).
 * Needs PostgreSQL (PGlite serves one process only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { enqueue, getJobStatus } from "~/queue/enqueue.server";
import { workerProcesses, type WorkerChild } from "../support/worker-processes";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/test-db";

const pgAvailable = await hasPostgres();
if (!pgAvailable) console.log("SKIPPED: queue-multiprocess.test.ts needs PostgreSQL on 127.0.0.1:5432 (CI always has it)");

const { children, spawnWorker: spawnWith, killAll } = workerProcesses();
const spawnWorker = (url: string) => spawnWith(url, { WORKER_CONCURRENCY: "4", WORKER_STALE_SECONDS: "5", LOG_LEVEL: "info" });

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, what: string, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) {
      const logs = children.map((c) => `--- worker pid ${c.pid}:\n${c.output.join("")}`).join("\n");
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.skipIf(!pgAvailable)("job queue with two worker processes on PostgreSQL", () => {
  let tdb: TestDatabase;
  let database: Database;
  let a: WorkerChild;
  let b: WorkerChild;

  beforeAll(async () => {
    tdb = await createTestDatabase({ kind: "postgres" });
    database = tdb.database;
    a = spawnWorker(tdb.url!);
    b = spawnWorker(tdb.url!);
    await waitFor(
      async () => {
        const rows = await database.query<{ pid: number }>(`SELECT pid FROM worker_processes`);
        const pids = new Set(rows.map((r) => r.pid));
        return pids.has(a.pid) && pids.has(b.pid);
      },
      "both workers to register",
      30_000,
    );
  });

  afterAll(async () => {
    killAll();
    await Promise.all(children.map((c) => c.exited));
    await tdb?.cleanup();
  });

  it("runs 200 jobs exactly once each, spread over both workers", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push((await enqueue(database, "system.echo", { note: `job ${i}`, sleepMs: 10 })).id);

    await waitFor(
      async () => {
        const [r] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'succeeded' AND id = ANY($1::bigint[])`, [ids]);
        return r!.n === ids.length;
      },
      "200 jobs to succeed",
      30_000,
    );

    const jobs = await database.query<{ id: string; attempts: number }>(`SELECT id::text AS id, attempts FROM jobs WHERE id = ANY($1::bigint[])`, [ids]);
    expect(jobs.filter((j) => j.attempts !== 1)).toEqual([]);
    // Each handler start publishes one system:echo event: exactly one per job, none missing.
    const events = await database.query<{ job: string; n: number }>(
      `SELECT data->>'jobId' AS job, count(*)::int AS n FROM live_events WHERE channel = 'system:echo' GROUP BY 1`,
    );
    expect(events.map((e) => e.job).sort()).toEqual([...ids].sort());
    expect(events.filter((e) => e.n !== 1)).toEqual([]);
    const perPid = await database.query<{ pid: number; n: number }>(
      `SELECT (data->>'pid')::int AS pid, count(*)::int AS n FROM live_events WHERE channel = 'system:echo' GROUP BY 1`,
    );
    expect(perPid.map((p) => p.pid).sort()).toEqual([a.pid, b.pid].sort());
    expect(Math.min(...perPid.map((p) => p.n))).toBeGreaterThan(0);
  });

  it("a worker whose thread is busy longer than the stale limit keeps its job: it runs once (heartbeat on its own thread)", async () => {
    // WORKER_STALE_SECONDS is 5: a 7 s synchronous stretch used to stop the heartbeat, so the other
    // worker declared this one dead and ran the job a second time.
    const { id } = await enqueue(database, "system.echo", { note: "busy", spinMs: 7_000 });
    const done = await waitFor(
      async () => {
        const s = await getJobStatus(database, id);
        return (s?.status === "succeeded" || s?.status === "failed") && s;
      },
      "the busy job to finish",
      40_000,
      100,
    );
    expect(done).toMatchObject({ status: "succeeded", attempts: 1 });
    const runs = await database.query(`SELECT 1 FROM live_events WHERE channel = 'system:echo' AND data->>'jobId' = $1`, [id]);
    expect(runs).toHaveLength(1);
  });

  it("recovers the job of a SIGKILLed worker: the other worker completes it on attempt 2", async () => {
    const { id } = await enqueue(database, "system.echo", { note: "kill me", sleepMs: 3_000 });
    const first = await waitFor(
      async () => {
        const rows = await database.query<{ pid: number }>(
          `SELECT (data->>'pid')::int AS pid FROM live_events WHERE channel = 'system:echo' AND data->>'jobId' = $1 AND (data->>'attempt')::int = 1`,
          [id],
        );
        return rows[0];
      },
      "attempt 1 to start",
      10_000,
      20,
    );
    const victim = [a, b].find((c) => c.pid === first.pid)!;
    const survivor = victim === a ? b : a;
    expect(victim).toBeDefined();
    expect((await getJobStatus(database, id))!.status).toBe("running");
    victim.proc.kill("SIGKILL");
    await victim.exited;

    const done = await waitFor(
      async () => {
        const s = await getJobStatus(database, id);
        return s?.status === "succeeded" && s;
      },
      "the killed worker's job to be completed elsewhere",
      30_000,
      100,
    );
    expect(done.attempts).toBe(2);
    expect(done.result).toMatchObject({ note: "kill me", attempt: 2 });
    const attempts = await database.query<{ attempt: number; pid: number }>(
      `SELECT (data->>'attempt')::int AS attempt, (data->>'pid')::int AS pid FROM live_events
       WHERE channel = 'system:echo' AND data->>'jobId' = $1 ORDER BY id`,
      [id],
    );
    expect(attempts).toEqual([
      { attempt: 1, pid: victim.pid },
      { attempt: 2, pid: survivor.pid },
    ]);
    // The dead worker's heartbeat row was swept.
    expect(await database.query(`SELECT 1 FROM worker_processes WHERE pid = $1`, [victim.pid])).toHaveLength(0);
  });

  it("shuts down on SIGTERM with exit code 0 and removes its heartbeat row", async () => {
    const alive = [a, b].find((c) => c.proc.exitCode === null && c.proc.signalCode === null)!;
    alive.proc.kill("SIGTERM");
    const code = await alive.exited;
    expect(code).toBe(0);
    expect(await database.query(`SELECT 1 FROM worker_processes WHERE pid = $1`, [alive.pid])).toHaveLength(0);
  });
});
