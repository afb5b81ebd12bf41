/**
 * Fair lanes (issue 23, item 6): one organization's flood of jobs cannot starve another's. Jobs
 * carry their organization's lane; a worker's freed slot goes to the due job whose lane has the
 * fewest jobs running, so organization B's two jobs, queued after organization A's ten, run among
 * A's first jobs instead of after all of them (plain oldest-first order would run them last).
 * Runs on the embedded database and on PostgreSQL when it is reachable.
 */
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { defineJob } from "~/queue/define-job";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { getJob, registerJobs } from "~/queue/registry.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createPriorAuthFromEpa } from "~/prior-auths/create-prior-auth.server";
import { priorAuthDocumentText } from "~/synthetic/generate-synthetic-pa";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/test-db";

const kinds = (await hasPostgres()) ? (["embedded", "postgres"] as const) : (["embedded"] as const);

/** Start order of the lane test's jobs, per database kind: "A1", "B1", ... */
const started = new Map<string, string[]>();
registerJobs(
  defineJob({
    name: "test.lane_work",
    payload: z.object({ label: z.string(), kind: z.string() }),
    async handler(payload) {
      started.set(payload.kind, [...(started.get(payload.kind) ?? []), payload.label]);
      await new Promise((r) => setTimeout(r, 150));
      return { label: payload.label };
    },
  }),
);
const laneJob = getJob("test.lane_work")!;

describe.each(kinds)("fair lanes on %s", (kind) => {
  let tdb: TestDatabase;
  let database: Database;
  const workers: WorkerHandle[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase({ kind });
    database = tdb.database;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
    await tdb?.cleanup();
  });

  it("an organization that floods the queue does not keep another organization's jobs waiting", async () => {
    const a = await database.prisma.organization.create({ data: { name: "Flooding org" } });
    const b = await database.prisma.organization.create({ data: { name: "Quiet org" } });
    // A's flood first (older run_at), then B's two jobs; nothing runs until the worker starts.
    for (let i = 1; i <= 10; i++) await enqueue(database, laneJob, { label: `A${i}`, kind }, { lane: organizationLane(a.id) });
    for (let i = 1; i <= 2; i++) await enqueue(database, laneJob, { label: `B${i}`, kind }, { lane: organizationLane(b.id) });

    workers.push(await startWorker({ database, concurrency: 2, pollMs: 50, log: () => {} }));
    const deadline = Date.now() + 30_000;
    while ((started.get(kind)?.length ?? 0) < 12 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const order = started.get(kind) ?? [];
    expect(order).toHaveLength(12);
    // Each freed slot goes to the lane with fewer running jobs: B's jobs start among the first four,
    // not at positions 11 and 12.
    expect(order.indexOf("B1"), order.join(" ")).toBeLessThan(2);
    expect(order.indexOf("B2"), order.join(" ")).toBeLessThan(4);
    // A's own jobs keep their order.
    expect(order.filter((l) => l.startsWith("A"))).toEqual(Array.from({ length: 10 }, (_, i) => `A${i + 1}`));
  }, 60_000);

  it("the app's intake jobs run in their organization's lane", async () => {
    const org = await database.prisma.organization.create({ data: { name: "Lane org" } });
    const pa = await createPriorAuthFromEpa(database, org.id, priorAuthDocumentText(DEMO_CASES[0]!));
    const [job] = await database.query<{ lane: string | null }>(`SELECT lane FROM jobs WHERE payload->>'prior_auth_id' = $1`, [pa.id]);
    expect(job?.lane).toBe(`org:${org.id}`);
  });

  it("rejects a lane that is empty or too long", async () => {
    await expect(enqueue(database, laneJob, { label: "x", kind }, { lane: "" })).rejects.toThrow(/lane must be/);
    await expect(enqueue(database, laneJob, { label: "x", kind }, { lane: "x".repeat(201) })).rejects.toThrow(/lane must be/);
  });
});
