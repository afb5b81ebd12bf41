/**
 * The LISTEN connection comes back after it is killed (issue 8, defect 17): db.server.ts reconnects
 * with backoff, LISTENs again, logs it, and a worker claims a job enqueued afterwards at once (not
 * on its poll, which is set to a minute here so polling cannot hide a dead listener).
 * PostgreSQL only (PGlite has no separate LISTEN connection).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/lib/db.server";
import { enqueue, getJobStatus } from "~/queue/enqueue.server";
import { startWorker } from "~/queue/worker.server";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/test-db";

const pgAvailable = await hasPostgres();

async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!pgAvailable)("LISTEN after its connection is killed", () => {
  let t: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    t = await createTestDatabase({ kind: "postgres" });
    database = t.database;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** pg_terminate_backend on this database's LISTEN connection(s); returns how many were killed. */
  async function killListener(): Promise<number> {
    const rows = await database.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    return rows[0]!.n;
  }

  it("reconnects with backoff, logs it, and delivers notifications again", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const received: string[] = [];
    const reconnected = vi.fn();
    const unlisten = await database.listen("t17", (p) => received.push(p), { onReconnect: reconnected });
    try {
      await database.notify("t17", "before");
      await until(async () => received.includes("before"), "the first notification");

      expect(await killListener()).toBe(1);
      await until(async () => reconnected.mock.calls.length > 0, "the listener to reconnect");
      let i = 0;
      await until(async () => {
        await database.notify("t17", `after ${++i}`);
        await new Promise((r) => setTimeout(r, 100));
        return received.some((p) => p.startsWith("after"));
      }, "a notification after the reconnect");
      const lines = errors.mock.calls.map((c) => String(c[0]));
      expect(lines.some((l) => /LISTEN connection lost/.test(l))).toBe(true);
      expect(lines.some((l) => /LISTEN connection re-established/.test(l))).toBe(true);
    } finally {
      await unlisten();
      errors.mockRestore();
    }
  });

  it("a worker polling once a minute still starts a new job within seconds after its listener was killed", async () => {
    const logs: string[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = await startWorker({
      database,
      concurrency: 1,
      pollMs: 60_000,
      log: (_l, line) => logs.push(line),
      catchUnhandledRejections: false,
    });
    try {
      // Let the first (startup) claim round finish, then kill the listener.
      await new Promise((r) => setTimeout(r, 300));
      expect(await killListener()).toBe(1);
      await new Promise((r) => setTimeout(r, 1_500)); // the first reconnect try comes after 250 ms
      const started = Date.now();
      const { id } = await enqueue(database, "system.echo", { note: "after the kill" });
      await until(async () => (await getJobStatus(database, id))?.status === "succeeded", "the job to run", 10_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(logs.some((l) => /LISTEN jobs restored/.test(l))).toBe(true);
    } finally {
      await worker.stop();
      errors.mockRestore();
    }
  });
});
