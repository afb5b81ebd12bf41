/**
 * A medical claim whose fax runs out of reading time (issue 23, item 6) is retried with the job's
 * backoff, says so on the claim meanwhile, and fails with its error visible after the last attempt,
 * as a prior auth does (busy-worker.test.ts). Before, running out of time failed the claim at once.
 * Runs on whichever database createTestDatabase picks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import type { Database } from "~/lib/db.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createClaim } from "~/claims/create-claim.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { contentStreamBomb } from "../support/pdf-bomb";

let t: TestDatabase;
let database: Database;
let worker: WorkerHandle | undefined;

beforeAll(async () => {
  process.env.DOCUMENT_PARSE_TIMEOUT_SECONDS = "5"; // read when the reading pool starts
  resetEnvForTests();
  t = await createTestDatabase();
  database = t.database;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.cleanup();
});

describe("a claim fax that runs out of reading time", () => {
  it("is retried with backoff, then the claim fails with the error", async () => {
    const org = await database.prisma.organization.create({ data: { name: "Claims under load" } });
    const claim = await createClaim(database, org.id, { submission_type: "fax", file: { bytes: contentStreamBomb(7, 10), filename: "bomb.pdf" } });
    // Two attempts show the retry (the job allows three; each restarts the reader's thread).
    await database.query(`UPDATE jobs SET max_attempts = 2 WHERE payload->>'claim_id' = $1`, [claim.id]);
    worker = await startWorker({ database, concurrency: 1, pollMs: 100, log: () => {} });
    const seen = new Set<string>();
    const end = Date.now() + 200_000;
    let row = await database.prisma.claim.findUniqueOrThrow({ where: { id: claim.id } });
    while (row.intake_status !== "failed" && row.intake_status !== "succeeded" && Date.now() < end) {
      if (row.intake_error) seen.add(row.intake_error);
      await new Promise((r) => setTimeout(r, 100));
      row = await database.prisma.claim.findUniqueOrThrow({ where: { id: claim.id } });
    }
    expect(row.intake_status).toBe("failed");
    expect(row.intake_error).toMatch(/too complex to read: it needed more than 5 s of computing/);
    expect(
      [...seen].some((e) => /^Attempt 1 failed: .*too complex.*Retrying\.$/.test(e)),
      [...seen].join(" | "),
    ).toBe(true);
    const [job] = await database.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs WHERE payload->>'claim_id' = $1`, [claim.id]);
    expect(job).toMatchObject({ status: "failed", attempts: 2 });
  }, 260_000);
});
