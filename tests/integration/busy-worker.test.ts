/**
 * A busy worker is not declared dead and a job never lands twice (issue 8, defect 9):
 *  - document parsing runs on an isolated thread with a time limit: a content-stream bomb runs into
 *    the limit while the worker's event loop and heartbeat keep going, and an innocent fax on the
 *    same worker succeeds on its first attempt. Running out of time is retried with backoff (it may
 *    have been load: issue 23, item 6), the case saying so meanwhile, and after the last attempt
 *    the case fails as "too complex" with the error visible;
 *  - results are fenced with the attempt: an attempt that lost its job (declared dead) and then
 *    fails cannot overwrite the case its replacement already decided;
 *  - every attempt has a time limit: a handler that hangs is failed after it and its slot reused.
 * Runs on the embedded database and on PostgreSQL (whichever createTestDatabase picks).
 */
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import type { Database } from "~/lib/db.server";
import { defineJob } from "~/queue/define-job";
import { enqueue, getJobStatus } from "~/queue/enqueue.server";
import { getJob, registerJobs } from "~/queue/registry.server";
import { releaseStaleJobs, startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPriorAuthFromEpa, createPriorAuthFromFax } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { builtinIntakeAgents } from "~/intake/agents.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";
import { renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { contentStreamBomb } from "../support/pdf-bomb";

let t: TestDatabase;
let database: Database;
let orgId: string;
const workers: WorkerHandle[] = [];
const quiet = () => {};

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const intakeJob = async (priorAuthId: string) =>
  (
    await database.query<{ id: string; status: string; attempts: number }>(
      `SELECT id::text AS id, status, attempts FROM jobs WHERE payload->>'prior_auth_id' = $1 ORDER BY id`,
      [priorAuthId],
    )
  )[0];

beforeAll(async () => {
  // A short document time limit, read when the parsing pool starts (first document of this file).
  process.env.DOCUMENT_PARSE_TIMEOUT_SECONDS = "5";
  resetEnvForTests();
  t = await createTestDatabase();
  database = t.database;
  orgId = (await database.prisma.organization.create({ data: { name: "busy worker" } })).id;
}, 120_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t?.cleanup();
});

describe("document parsing off the worker's thread", () => {
  it("a content-stream bomb is retried with backoff, then fails as too complex; the heartbeat keeps going and the fax beside it succeeds once", async () => {
    workers.push(await startWorker({ database, concurrency: 2, pollMs: 100, staleSeconds: 5, log: quiet }));
    let last = Date.now();
    let worstGap = 0;
    const longGaps: number[] = [];
    const ticker = setInterval(() => {
      const now = Date.now();
      worstGap = Math.max(worstGap, now - last);
      if (now - last >= 4_500) longGaps.push(now - last);
      last = now;
    }, 20);
    let worstHeartbeatAge = 0;
    // runs of samples in which the heartbeat was older than the 5 s after which a worker counts as dead
    let staleRuns = 0;
    let stale = false;
    const watch = setInterval(async () => {
      const [row] = await database
        .query<{ age: number }>(`SELECT extract(epoch FROM now() - max(heartbeat_at))::float8 AS age FROM worker_processes`)
        .catch(() => []);
      if (row) {
        worstHeartbeatAge = Math.max(worstHeartbeatAge, row.age);
        if (row.age >= 5 && !stale) staleRuns++;
        stale = row.age >= 5;
      }
    }, 250);
    try {
      const c = DEMO_CASES.find((x) => !x.scanned)!;
      const bomb = await createPriorAuthFromFax(database, orgId, { bytes: contentStreamBomb(7, 10), filename: "bomb.pdf" });
      const fax = await createPriorAuthFromFax(database, orgId, { bytes: await renderPriorAuthFax(c, { layout: c.layout }), filename: "innocent.pdf" });
      // Two attempts are enough to see the retry (the job allows three): each restarts the reader's
      // thread, slow on a loaded machine.
      await database.query(`UPDATE jobs SET max_attempts = 2 WHERE payload->>'prior_auth_id' = $1`, [bomb.id]);
      const bombErrors = new Set<string>();
      const settled = async (id: string) => {
        const pa = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id } });
        if (id === bomb.id && pa.intake_error) bombErrors.add(pa.intake_error);
        return pa.intake_status === "succeeded" || pa.intake_status === "failed" ? pa : null;
      };
      const [b, f] = await Promise.all([
        until(() => settled(bomb.id), "the bomb case to settle", 200_000),
        until(() => settled(fax.id), "the fax to settle", 150_000),
      ]);
      expect(b.intake_status).toBe("failed");
      expect(b.intake_error).toMatch(/too complex to read: it needed more than 5 s of computing/);
      // Between attempts the case said it was retrying.
      expect(
        [...bombErrors].some((e) => /^Attempt 1 failed: .*too complex.*Retrying\.$/.test(e)),
        [...bombErrors].join(" | "),
      ).toBe(true);
      expect(f.intake_status, f.intake_error ?? "").toBe("succeeded");
      // Each job ran exactly once: nobody declared the worker dead. The case settles inside the
      // handler, the job row only after the handler returns, so wait for the job to finish too.
      const finished = (id: string) =>
        until(async () => {
          const job = await intakeJob(id);
          return job && job.status !== "running" && job.status !== "queued" ? job : null;
        }, "the intake job to finish");
      expect(await finished(bomb.id)).toMatchObject({ status: "failed", attempts: 2 });
      expect(await finished(fax.id)).toMatchObject({ status: "succeeded", attempts: 1 });
      expect(await database.prisma.aiDecision.count({ where: { prior_auth_id: fax.id } })).toBe(1);
    } finally {
      clearInterval(ticker);
      clearInterval(watch);
    }
    // The bomb runs into the 5 s parse limit on each of its two attempts: had it been parsed on this
    // thread, the event loop would have stalled at least that long TWICE (a synchronous parse cannot be
    // interrupted). A loaded machine stalls the loop too (gaps of 1.0 s and 2.6 s were seen on a loaded
    // 2-core machine, and once 5.2 s with the embedded database's queries on this thread and the
    // machine at three times its cores), so one long gap proves nothing; two do.
    // On the embedded database (PGlite) every SQL statement runs on this thread too: beside Playwright on two
    // cores its own queries stalled the loop twice (4.9 s and 6.9 s at stop 45, 5.2 s and 7.1 s at stop 44)
    // whatever the reader did, so the loop's gaps prove where the parse ran only on PostgreSQL, whose
    // queries run in the server — this file runs there too (the PostgreSQL step of scripts/test-all.sh).
    // On both, the retries, the heartbeat below and the exactly-once outcome are asserted.
    if (t.url !== null) expect(longGaps.length, `event-loop gaps of 4.5 s or more: ${longGaps.join(", ")} ms (worst ${worstGap} ms)`).toBeLessThan(2);
    // Likewise the heartbeat: parsed here, it would go stale during each of the two attempts. On the
    // embedded database the heartbeat's UPDATE runs on this thread and queues behind every other query:
    // beside Playwright on two loaded cores it went stale once (6.7 s) and, at stop 50 with the machine at
    // six times its cores, twice (worst 8.8 s) with no parse on the thread. So, as for the loop's gaps, the
    // staleness proves where the parse ran only on PostgreSQL; on both, "each job ran exactly once"
    // (nobody declared the worker dead) is asserted above.
    if (t.url !== null) expect(staleRuns, `heartbeat stale (>= 5 s) in ${staleRuns} spells, worst ${worstHeartbeatAge.toFixed(1)} s`).toBeLessThan(2);
  }, 300_000);
});

describe("results fenced with the attempt", () => {
  it("an attempt declared dead that fails afterwards cannot overwrite the case its replacement decided", async () => {
    const real = getJob("prior_auth.intake")!;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let firstDone!: (e: unknown) => void;
    const firstFinished = new Promise<unknown>((r) => (firstDone = r));
    registerJobs({
      ...real,
      handler: async (payload, ctx) => {
        if (ctx.attempt > 1) return real.handler(payload, ctx);
        // Attempt 1 stalls (as if parsing a bomb on the worker's thread), then fails.
        await released;
        const failing = {
          ...builtinIntakeAgents,
          agents: {
            ...builtinIntakeAgents.agents,
            extract: async () => {
              throw new Error("stale attempt blew up");
            },
          },
        };
        try {
          return await runIntake(ctx.database, payload.prior_auth_id, {
            attempt: ctx.attempt,
            maxAttempts: ctx.maxAttempts,
            fence: ctx.fence,
            agents: failing as never,
          });
        } finally {
          firstDone(null);
        }
      },
    });
    try {
      const pa = await createPriorAuthFromEpa(database, orgId, priorAuthDocumentText(DEMO_CASES[0]));
      workers.push(await startWorker({ database, concurrency: 2, pollMs: 100, staleSeconds: 60, log: quiet }));
      const job = await until(async () => {
        const j = await intakeJob(pa.id);
        return j?.status === "running" && j;
      }, "attempt 1 to run");
      // The worker looks dead (as after a 54 s stall): the sweep hands the job to attempt 2.
      await database.query(`UPDATE worker_processes SET heartbeat_at = now() - interval '1 hour'`);
      await database.query(`UPDATE jobs SET locked_at = now() - interval '1 hour' WHERE id = $1::bigint`, [job.id]);
      await releaseStaleJobs(database, 60);
      const done = await until(async () => {
        const s = await getJobStatus(database, job.id);
        return s?.status === "succeeded" && s;
      }, "attempt 2 to decide the case");
      expect(done.attempts).toBe(2);
      const decided = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id: pa.id } });
      expect(decided.intake_status).toBe("succeeded");
      const runsBefore = await database.prisma.aiAgentRun.count({ where: { prior_auth_id: pa.id } });

      release(); // the stale attempt wakes up and fails
      await firstFinished;
      await new Promise((r) => setTimeout(r, 300));
      const after = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id: pa.id } });
      expect(after).toMatchObject({ intake_status: "succeeded", intake_error: null, final_decision: decided.final_decision, intake_step: decided.intake_step });
      expect(await database.prisma.aiDecision.count({ where: { prior_auth_id: pa.id } })).toBe(1);
      expect(await database.prisma.aiAgentRun.count({ where: { prior_auth_id: pa.id } })).toBe(runsBefore);
      expect(await getJobStatus(database, job.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    } finally {
      registerJobs(real);
    }
  }, 120_000);
});

describe("job time limit", () => {
  registerJobs(
    defineJob({
      name: "test.hangs",
      payload: z.object({}),
      maxAttempts: 1,
      timeoutMs: 300,
      handler: () => new Promise<void>(() => {}), // never settles, ignores ctx.signal
    }),
  );

  it("fails an attempt that runs past its timeoutMs and frees its slot", async () => {
    workers.push(await startWorker({ database, concurrency: 1, pollMs: 50, log: quiet }));
    const hung = await enqueue(database, getJob("test.hangs")!, {});
    const after = await enqueue(database, "system.echo", { note: "next" });
    const failed = await until(
      async () => {
        const s = await getJobStatus(database, hung.id);
        return s?.status === "failed" && s;
      },
      "the hung job to fail",
      10_000,
    );
    expect(failed.lastError).toMatch(/^JobTimeoutError: The job took longer than 300 ms/);
    await until(async () => (await getJobStatus(database, after.id))?.status === "succeeded", "the next job to run in the freed slot", 10_000);
  });
});
