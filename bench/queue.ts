/**
 * Queue throughput on PostgreSQL: jobs/second for 1 and 2 worker processes (workers/main.ts).
 * Not a test; prints figures only.
 *
 *   npx tsx bench/queue.ts [jobs=2000] [concurrency=4]
 *
 * Each run gets a fresh database (created and dropped on the server of TEST_DATABASE_URL /
 * DATABASE_URL / 127.0.0.1:5432). Jobs are `system.echo` with no sleep: claim + handler (one
 * live_events insert + NOTIFY) + completion, i.e. the queue's own overhead per job. They are inserted
 * in one statement after the workers are up; the clock runs from that insert to the last success.
 * The rates go to bench/run.ts as figures (bench/figures.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createTestDatabase, hasPostgres } from "../tests/support/test-db";
import { figureLine } from "./figures";

const jobs = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 4);
const root = path.resolve(import.meta.dirname, "..");

if (!(await hasPostgres())) {
  console.error("bench/queue.ts needs PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL).");
  process.exit(1);
}

async function run(workerCount: number): Promise<number> {
  const tdb = await createTestDatabase({ kind: "postgres" });
  const { database } = tdb;
  const procs: ChildProcess[] = [];
  try {
    for (let i = 0; i < workerCount; i++) {
      procs.push(
        spawn(process.execPath, ["--import", "tsx", "workers/main.ts"], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: tdb.url!, WORKER_CONCURRENCY: String(concurrency), LOG_LEVEL: "warn" },
          stdio: ["ignore", "ignore", "inherit"],
        }),
      );
    }
    for (;;) {
      const [r] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM worker_processes`);
      if (r!.n === workerCount) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const t0 = performance.now();
    await database.query(
      `INSERT INTO jobs (name, payload) SELECT 'system.echo', jsonb_build_object('note', 'bench ' || g) FROM generate_series(1, $1::int) g`,
      [jobs],
    );
    await database.notify("jobs", "system.echo");
    for (;;) {
      const [r] = await database.query<{ n: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS n, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM jobs`,
      );
      if (r!.failed) throw new Error(`${r!.failed} jobs failed`);
      if (r!.n === jobs) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    return jobs / ((performance.now() - t0) / 1000);
  } finally {
    for (const p of procs) p.kill("SIGTERM");
    await Promise.all(procs.map((p) => new Promise((res) => (p.exitCode !== null ? res(null) : p.once("exit", res)))));
    await tdb.cleanup();
  }
}

console.log(`queue throughput: ${jobs} system.echo jobs, WORKER_CONCURRENCY=${concurrency}, PostgreSQL`);
for (const n of [1, 2]) {
  const rate = await run(n);
  console.log(`  ${n} worker process${n > 1 ? "es" : ""}: ${rate.toFixed(0)} jobs/s`);
  console.log(figureLine(`queue jobs/s, ${n} worker process${n > 1 ? "es" : ""}, concurrency ${concurrency}`, rate, "higher"));
}
process.exit(0);
