/**
 * The worker process: `npm run worker` (tsx workers/main.ts).
 *
 * Needs PostgreSQL (DATABASE_URL). With the embedded database the worker runs inside the web
 * process instead (server.ts), because one PGlite serves one process.
 *
 * Environment: DATABASE_URL, WORKER_CONCURRENCY (handlers at once, default 2),
 * WORKER_STALE_SECONDS (heartbeat silence before a worker's jobs are re-queued, default 30).
 * SIGTERM / SIGINT: stop claiming, let running jobs finish (up to 25 s), release the rest, exit 0.
 */
import crypto from "node:crypto";
import os from "node:os";
import { getEnv } from "~/env.server";
import { getDatabase } from "~/lib/db.server";
import { registerAppJobs } from "~/jobs.server";
import { startWorker } from "~/queue/worker.server";

const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
const prefix = `[worker ${id}]`;

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
} catch (err) {
  console.error(`${prefix} ${(err as Error).message}`);
  process.exit(1);
}
if (!env.DATABASE_URL) {
  console.error(
    `${prefix} DATABASE_URL is not set. A separate worker process needs PostgreSQL; with the embedded ` +
      `database the worker runs inside the web process (npm start).`,
  );
  process.exit(1);
}

const database = await getDatabase().catch((err: Error) => {
  console.error(`${prefix} cannot open the database: ${err.message}`);
  process.exit(1);
});

// The app's jobs (composition root): only registered jobs are claimed.
registerAppJobs();
const worker = await startWorker({
  database,
  id,
  concurrency: env.WORKER_CONCURRENCY,
  staleSeconds: env.WORKER_STALE_SECONDS,
  shutdownTimeoutMs: 25_000,
  verbose: env.LOG_LEVEL === "debug",
  log: (level, line) => {
    if (env.LOG_LEVEL === "silent" || (env.LOG_LEVEL === "error" && level !== "error") || (env.LOG_LEVEL === "warn" && level === "info")) return;
    (level === "info" ? console.log : console.error)(line);
  },
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${prefix} ${signal}: shutting down`);
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
