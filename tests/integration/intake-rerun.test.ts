/**
 * A re-run asked for while a keyed job is running is never dropped (issue 8, defect 11): the running
 * job is marked to run again and goes back to the queue when its attempt ends, so run_ai during an
 * intake always leads to a second intake after the first, never two at once, never a case that
 * says "queued" with no job. Runs on the embedded database and on PostgreSQL.
 */
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { defineJob } from "~/queue/define-job";
import { enqueue, getJobStatus } from "~/queue/enqueue.server";
import { getJob, registerJobs } from "~/queue/registry.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPriorAuthFromEpa, queueIntake } from "~/prior-auths/create-prior-auth.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** A gate the test opens: handlers wait on it, so "running" lasts exactly as long as the test wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

let t: TestDatabase;
let database: Database;
let worker: WorkerHandle | undefined;
let held = gate();
const runs: Array<{ job: string; attempt: number }> = [];

/** Test-only jobs are not in the app's payload map (app/jobs.server.ts): enqueue them by definition. */
const testJob = (name: string) => getJob(name)!;

registerJobs(
  defineJob({
    name: "test.gated",
    payload: z.object({ n: z.number() }),
    async handler(_payload, ctx) {
      runs.push({ job: ctx.jobId, attempt: ctx.attempt });
      await held.opened;
      return { ok: true };
    },
  }),
);

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  database = t.database;
});
afterEach(async () => {
  held.open();
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await t?.cleanup();
});

describe("enqueue with a key while the keyed job runs", () => {
  it("runs the job once more after the running attempt, never dropping the request", async () => {
    held = gate();
    runs.length = 0;
    worker = await startWorker({ database, concurrency: 2, pollMs: 50, log: () => {} });
    const first = await enqueue(database, testJob("test.gated"), { n: 1 }, { key: "gated:1" });
    await until(async () => runs.length === 1, "the first run to start");
    const again = await enqueue(database, testJob("test.gated"), { n: 1 }, { key: "gated:1" });
    expect(again).toEqual({ id: first.id, existing: true });
    expect((await getJobStatus(database, first.id))!.rerunRequested).toBe(true);
    // Never two at once: with the first run held, the re-run does not start.
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toHaveLength(1);
    held.open();
    const done = await until(async () => {
      const s = await getJobStatus(database, first.id);
      return s?.status === "succeeded" && s;
    }, "the re-run to finish");
    expect(runs).toEqual([
      { job: first.id, attempt: 1 },
      { job: first.id, attempt: 1 }, // fresh attempts for the re-run
    ]);
    expect(done.key).toBeNull();
    expect(done.rerunRequested).toBe(false);
  });
});

describe("run_ai during a running intake", () => {
  it("queues a second intake that runs after the first; the case ends succeeded with a job behind every 'queued'", async () => {
    held = gate();
    const real = getJob("prior_auth.intake")!;
    let intakeRuns = 0;
    // The real intake, held at its start until the test opens the gate.
    registerJobs({ ...real, handler: async (payload, ctx) => (intakeRuns++, await held.opened, real.handler(payload, ctx)) });
    try {
      const org = await database.prisma.organization.create({ data: { name: "rerun" } });
      const pa = await createPriorAuthFromEpa(database, org.id, priorAuthDocumentText(DEMO_CASES[0]));
      worker = await startWorker({ database, concurrency: 2, pollMs: 50, log: () => {} });
      const job = await until(async () => {
        const [j] = await database.query<{ id: string; status: string }>(`SELECT id::text AS id, status FROM jobs WHERE key = $1`, [`intake:${pa.id}`]);
        return j?.status === "running" && j;
      }, "the intake to be running");

      await queueIntake(database, org.id, pa.id); // what POST .../run_ai does
      const queued = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id: pa.id } });
      expect(queued.intake_status).toBe("queued");
      // The case says queued and there is a job that will run it.
      const holder = await getJobStatus(database, job.id);
      expect(holder).toMatchObject({ status: "running", rerunRequested: true });

      held.open();
      await until(async () => intakeRuns === 2 && (await getJobStatus(database, job.id))?.status === "succeeded", "the second intake to finish");
      const done = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id: pa.id } });
      expect(done.intake_status).toBe("succeeded");
      expect(await database.query(`SELECT 1 FROM jobs WHERE status IN ('queued', 'running')`)).toHaveLength(0);
    } finally {
      registerJobs(real);
    }
  });
});
