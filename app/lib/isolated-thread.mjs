// Entry of an isolated worker thread (isolated-pool.server.ts). Plain JavaScript on purpose: a
// worker thread does not inherit the parent's TypeScript loader, so this file registers tsx (with
// the project's tsconfig, for the `~/` paths) and then imports the TypeScript module named by the
// pool. Each message runs one exported function and answers with its result or its error.
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
const mod = await import(workerData.module);

parentPort.on("message", async ({ id, fn, args }) => {
  try {
    if (typeof mod[fn] !== "function") throw new Error(`isolated thread: ${workerData.module} has no export ${fn}`);
    const result = await mod[fn](...args);
    parentPort.postMessage({ id, ok: true, result });
  } catch (err) {
    const e = err ?? {};
    parentPort.postMessage({ id, ok: false, error: { name: e.name ?? "Error", message: e.message ?? String(err), code: e.code } });
  }
});
// This thread's kernel thread id (Linux: /proc/thread-self -> "<pid>/task/<tid>"), so the pool can
// limit a task by the CPU time this thread spends rather than by the time it waits for a core.
let tid = null;
try {
  tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop()) || null;
} catch {
  tid = null;
}
parentPort.postMessage({ ready: true, tid });
