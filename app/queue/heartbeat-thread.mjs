// The worker's heartbeat, on its own thread with its own connection (worker.server.ts starts it on
// PostgreSQL). Plain JavaScript: a worker thread does not inherit the parent's TypeScript loader.
//
// It upserts worker_processes.heartbeat_at every intervalMs, so a worker whose JavaScript thread is
// busy (a long synchronous step) is not declared dead and its job is not run a second time. It
// keeps beating only while the worker's thread has shown life (a "tick" message) within
// maxSilenceMs: a thread stuck for good must still be declared dead so its jobs are recovered.
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";

const { url, id, pid, intervalMs, maxSilenceMs } = workerData;
let lastTick = Date.now();
let client = null;
let stopping = false;
let warnedSilent = false;

async function connection() {
  if (client) return client;
  const c = new pg.Client({ connectionString: url, application_name: "priorauth:heartbeat", keepAlive: true });
  c.on("error", () => {
    if (client === c) client = null;
  });
  await c.connect();
  client = c;
  return c;
}

async function beat() {
  if (stopping) return;
  const silentFor = Date.now() - lastTick;
  if (silentFor > maxSilenceMs) {
    if (!warnedSilent)
      parentPort.postMessage({ log: `worker thread silent for ${Math.round(silentFor / 1000)} s: heartbeat stopped so its jobs can be recovered` });
    warnedSilent = true;
    return;
  }
  warnedSilent = false;
  try {
    const c = await connection();
    await c.query(
      `INSERT INTO worker_processes (id, hostname, pid) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
      [id, os.hostname(), pid],
    );
  } catch (err) {
    const c = client;
    client = null;
    await c?.end().catch(() => {});
    parentPort.postMessage({ log: `heartbeat failed (will retry): ${err.message}` });
  }
}

const timer = setInterval(() => void beat(), intervalMs);
parentPort.on("message", async (m) => {
  if (m === "tick") lastTick = Date.now();
  if (m === "stop") {
    stopping = true;
    clearInterval(timer);
    await client?.end().catch(() => {});
    parentPort.postMessage({ stopped: true });
    parentPort.close();
  }
});
void beat();
