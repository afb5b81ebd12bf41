/**
 * A case always mirrors its intake job's failure (issue 8, defect 10): whoever records the failed
 * attempt, the worker whose handler threw or another worker's stale-job sweep after the running
 * worker went silent, the case ends `failed` with the error (and the Retry) or `queued` with
 * "Retrying", never "in progress" for ever. Runs on the embedded database and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { getJobStatus } from "~/queue/enqueue.server";
import { releaseStaleJobs } from "~/queue/worker.server";
import { createPriorAuthFromEpa } from "~/prior-auths/create-prior-auth.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let database: Database;
let orgId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  database = t.database;
  orgId = (await database.prisma.organization.create({ data: { name: "Failures org" } })).id;
});
afterAll(async () => {
  await t?.cleanup();
});

/** A case whose intake job is `running` on a worker that died `silentFor` seconds ago at `attempt`. */
async function caseRunningOnDeadWorker(attempt: number) {
  const pa = await createPriorAuthFromEpa(database, orgId, "Patient: Jane Doe\nDrug: adalimumab");
  const [job] = await database.query<{ id: string }>(
    `UPDATE jobs SET status = 'running', locked_by = 'dead-worker', locked_at = now() - interval '1 hour', attempts = $2
     WHERE key = $1 RETURNING id::text AS id`,
    [`intake:${pa.id}`, attempt],
  );
  await database.prisma.priorAuth.update({ where: { id: pa.id }, data: { intake_status: "running", intake_step: 1 } });
  return { priorAuthId: pa.id, jobId: job!.id };
}

describe("a dead worker's intake job", () => {
  it("with no attempt left: the sweep fails the job AND the case, with the error visible", async () => {
    const { priorAuthId, jobId } = await caseRunningOnDeadWorker(3); // prior_auth.intake has maxAttempts 3
    const released = await releaseStaleJobs(database, 5);
    expect(released.find((r) => r.id === jobId)?.status).toBe("failed");
    expect((await getJobStatus(database, jobId))!.status).toBe("failed");

    const detail = await getPriorAuthDetail(database, orgId, priorAuthId);
    expect(detail.prior_auth.intake_status).toBe("failed");
    expect(detail.prior_auth.intake_error).toMatch(/stopped responding during attempt 3/);
  });

  it("with attempts left: the case goes back to queued and says it is retrying", async () => {
    const { priorAuthId, jobId } = await caseRunningOnDeadWorker(1);
    await releaseStaleJobs(database, 5);
    expect((await getJobStatus(database, jobId))!.status).toBe("queued");
    const pa = await database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
    expect(pa.intake_status).toBe("queued");
    expect(pa.intake_error).toMatch(/^Attempt 1 failed: .*stopped responding.*Retrying\.$/);
  });
});
