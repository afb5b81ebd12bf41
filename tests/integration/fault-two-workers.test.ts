/**
 * Fault test (issue 8): two real worker processes on one PostgreSQL database get a content-stream
 * bomb and 20 ordinary faxes at once; mid-run one worker is SIGKILLed (a replacement starts) and
 * every database connection of the workers is terminated, while a reviewer decides one case and
 * asks for its AI re-run. In the end:
 *  - no case is left queued or running;
 *  - every case is decided exactly once (one current AI decision, its job succeeded) or failed with
 *    its error visible; the bomb fails as too complex;
 *  - the reviewer's decision survives and stays the case's final decision.
 * PostgreSQL only (PGlite serves one process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { createPriorAuthFromFax, queueIntake } from "~/prior-auths/create-prior-auth.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { DEMO_CASES } from "../../fixtures/demo/catalog";
import { renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";
import { workerProcesses } from "../support/worker-processes";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/test-db";
import { contentStreamBomb } from "../support/pdf-bomb";

const pgAvailable = await hasPostgres();

const { children, spawnWorker: spawnWith, killAll } = workerProcesses();
const spawnWorker = (url: string) =>
  spawnWith(url, { WORKER_CONCURRENCY: "2", WORKER_STALE_SECONDS: "5", DOCUMENT_PARSE_TIMEOUT_SECONDS: "15", LOG_LEVEL: "warn" });

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    // The test's own connections are killed too: a failed poll is just retried.
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) {
      const logs = children.map((c) => `--- worker ${c.pid}:\n${c.output.join("").slice(-3000)}`).join("\n");
      throw new Error(`timed out waiting for ${what}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!pgAvailable)("two workers, a bomb, 20 faxes, a SIGKILL and killed connections", () => {
  let t: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    t = await createTestDatabase({ kind: "postgres" });
    database = t.database;
  }, 120_000);
  afterAll(async () => {
    killAll();
    await Promise.all(children.map((c) => c.exited));
    await t?.cleanup();
  });

  it("leaves every case decided once or failed with its error, and keeps the reviewer's decision", async () => {
    const p = database.prisma;
    const org = await p.organization.create({ data: { name: "fault org" } });
    const typed = DEMO_CASES.filter((c) => !c.scanned);
    const faxes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => renderPriorAuthFax(typed[i % typed.length]!, { layout: typed[i % typed.length]!.layout })),
    );

    const a = spawnWorker(t.url!);
    spawnWorker(t.url!);
    await until(async () => (await database.query(`SELECT 1 FROM worker_processes`)).length === 2, "both workers to register", 60_000);

    const bomb = await createPriorAuthFromFax(database, org.id, { bytes: contentStreamBomb(7, 10), filename: "bomb.pdf" });
    const ids: string[] = [];
    for (const [i, bytes] of faxes.entries()) ids.push((await createPriorAuthFromFax(database, org.id, { bytes, filename: `fax-${i}.pdf` })).id);

    // A reviewer decides the first case the AI has decided, then asks for an AI re-run.
    const ai = await until(
      () => p.aiDecision.findFirst({ where: { prior_auth_id: { in: ids } }, orderBy: { created_at: "asc" } }),
      "a first AI decision",
      120_000,
    );
    const reviewed = ai.prior_auth_id;
    const human = ai.final_decision === "approved" ? "deny" : "approve";
    await recordHumanDecision(database, org.id, reviewed, ai.id, { decision_type: human, reason: "Reviewed the chart" }, null);
    await queueIntake(database, org.id, reviewed);

    // Mid-run: SIGKILL a worker that is running a job, start a replacement, and terminate every
    // worker connection.
    const busy = await until(
      async () => {
        const rows = await database.query<{ pid: number; id: string }>(
          `SELECT w.pid, j.id::text AS id FROM jobs j JOIN worker_processes w ON w.id = j.locked_by WHERE j.status = 'running' LIMIT 1`,
        );
        return rows[0];
      },
      "a job to be running",
      60_000,
    );
    const victim = children.find((c) => c.pid === busy.pid) ?? a;
    victim.proc.kill("SIGKILL");
    await victim.exited;
    spawnWorker(t.url!);
    await new Promise((r) => setTimeout(r, 1_500));
    await database
      .query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
      .catch(() => {});

    const all = [bomb.id, ...ids];
    await until(
      async () => {
        const open = await p.priorAuth.count({ where: { id: { in: all }, intake_status: { in: ["queued", "running", "pending"] } } });
        const jobs = await database.query(`SELECT 1 FROM jobs WHERE status IN ('queued', 'running')`);
        return open === 0 && jobs.length === 0;
      },
      "every case and job to settle",
      300_000,
    );

    const cases = await p.priorAuth.findMany({ where: { id: { in: all } }, include: { ai_decisions: true, human_decisions: true } });
    for (const c of cases) {
      const [job] = await database.query<{ status: string; last_error: string | null }>(
        `SELECT status, last_error FROM jobs WHERE payload->>'prior_auth_id' = $1 ORDER BY id DESC LIMIT 1`,
        [c.id],
      );
      if (c.intake_status === "failed") {
        expect(c.intake_error, c.id).toBeTruthy();
        expect(job?.status, c.id).toBe("failed");
      } else {
        expect(c.intake_status, `${c.id}: ${c.intake_error}`).toBe("succeeded");
        expect(job?.status, c.id).toBe("succeeded");
        // decided once: one current AI decision (plus the one the reviewer decided on)
        expect(c.ai_decisions.length, c.id).toBe(c.id === reviewed ? 2 : 1);
      }
    }
    const bombCase = cases.find((c) => c.id === bomb.id)!;
    expect(bombCase.intake_status).toBe("failed");
    expect(bombCase.intake_error).toMatch(/too complex to read/);

    const r = cases.find((c) => c.id === reviewed)!;
    expect(r.human_decisions).toHaveLength(1);
    expect(r.human_decisions[0]).toMatchObject({ decision_type: human, ai_decision_id: ai.id });
    expect(r.final_decision).toBe(human === "approve" ? "approved" : "denied");
    // The killed worker's job was recovered by another worker (a later attempt).
    const [killedJob] = await database.query<{ attempts: number; status: string }>(`SELECT attempts, status FROM jobs WHERE id = $1::bigint`, [busy.id]);
    expect(killedJob!.attempts).toBeGreaterThanOrEqual(2);
    // Most faxes get through despite the faults.
    expect(cases.filter((c) => c.intake_status === "succeeded").length).toBeGreaterThanOrEqual(15);
  }, 600_000);
});
