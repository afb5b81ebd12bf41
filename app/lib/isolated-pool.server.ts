/**
 * Runs CPU-heavy or untrusted-input work (PDF parsing and OCR, policy extraction over a custom
 * schema) on worker threads, so the thread that serves requests, sends heartbeats and records job
 * outcomes is never blocked by it, and each task has a time and a memory limit:
 *  - time: a task that has used `timeoutMs` of CPU time on its thread has the thread terminated (the
 *    thread is replaced for the next task) and fails with IsolatedTaskError code "timeout". CPU time,
 *    not elapsed time (issue 23, item 6): on a loaded 2-core machine another tenant's heavy documents
 *    stretch the wall-clock time of an innocent one, which must not make it fail. The thread's CPU
 *    time is read from Linux's /proc/self/task/<tid>/stat; where that is not available (another OS)
 *    the limit falls back to elapsed time. A task that waits without using CPU (a stuck helper
 *    thread) is still stopped after `timeoutMs × wallFactor` of elapsed time;
 *  - memory: each thread's V8 heap is capped (`resourceLimits.maxOldGenerationSizeMb`); a task that
 *    needs more kills only its thread and fails with code "out_of_memory".
 * Threads are started lazily and kept warm between tasks (the OCR engine stays loaded), one task
 * per thread at a time; extra tasks wait in a FIFO queue.
 *
 * The target module is TypeScript loaded by tsx inside the thread (isolated-thread.mjs), so it must
 * be importable on its own: plain functions, arguments and results that survive structured clone.
 * An error thrown there arrives as an Error with the same name, message and `code`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type MessagePort } from "node:worker_threads";

/** Why an isolated task failed without an answer from its function. */
export class IsolatedTaskError extends Error {
  constructor(
    readonly code: "timeout" | "out_of_memory" | "crashed" | "closed",
    message: string,
  ) {
    super(message);
    this.name = "IsolatedTaskError";
  }
}

export interface IsolatedPoolOptions {
  /** The module to run, relative to the project root, e.g. "app/documents/parse-isolated.ts". */
  module: string;
  /** Threads at most (>= 1). */
  size: number;
  /** Default time limit of one task: CPU time of its thread, in ms (elapsed time where unmeasurable). */
  timeoutMs: number;
  /**
   * Elapsed-time ceiling of one task as a multiple of its CPU time limit (default 4): the backstop for
   * a task that waits instead of computing, or that a machine under heavy load starves of CPU.
   */
  wallFactor?: number;
  /** V8 old-generation heap limit of each thread, in MB. */
  maxMemoryMb: number;
  /** Name used in error messages, e.g. "document parser". */
  label: string;
}

export interface IsolatedPool {
  /**
   * Runs export `fn` of the pool's module with `args` on a pool thread.
   * @throws whatever the function threw (same name/message/code), or IsolatedTaskError
   *   ("timeout" past `timeoutMs`, "out_of_memory", "crashed", "closed")
   */
  run<T>(fn: string, args: unknown[], opts?: { timeoutMs?: number; transfer?: (ArrayBuffer | MessagePort)[] }): Promise<T>;
  /** Terminates every thread; queued and running tasks fail with code "closed". */
  close(): Promise<void>;
}

interface Task {
  fn: string;
  args: unknown[];
  transfer: (ArrayBuffer | MessagePort)[];
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Task | null;
  /** the thread's kernel thread id (Linux), for its CPU time; null where unknown */
  tid: number | null;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node runs on

/**
 * CPU time (user + system) a thread of this process has used, in ms, from /proc/self/task/<tid>/stat
 * (fields 14 and 15, in clock ticks of 10 ms). Null when the file cannot be read (not Linux, or the
 * thread is gone).
 */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    // "tid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** The project root: the folder holding app/ and tsconfig.json (source layout or production cwd). */
function projectRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, "../.."), process.cwd()]) {
    if (fs.existsSync(path.join(candidate, "app/lib/isolated-thread.mjs"))) return candidate;
  }
  throw new Error("isolated pool: cannot find app/lib/isolated-thread.mjs");
}

/** Creates a pool (no thread starts until the first task). */
export function createIsolatedPool(opts: IsolatedPoolOptions): IsolatedPool {
  const wallFactor = opts.wallFactor ?? 4;
  if (!(wallFactor >= 1)) throw new Error("createIsolatedPool: wallFactor must be >= 1");
  const root = projectRoot();
  const entry = path.join(root, "app/lib/isolated-thread.mjs");
  const workerData = { module: pathToFileURL(path.join(root, opts.module)).href, tsconfig: path.join(root, "tsconfig.json") };
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let closed = false;
  let nextId = 0;

  function startSlot(): Slot {
    const worker = new Worker(entry, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: opts.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, opts.maxMemoryMb / 8)) },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise<void>((r) => (markReady = r)), busy: null, tid: null };
    worker.on("message", (m: { ready?: boolean; tid?: number | null }) => {
      if (m.ready) {
        slot.tid = typeof m.tid === "number" && m.tid > 0 ? m.tid : null;
        markReady();
      }
    });
    // A thread that dies (heap limit, native crash, terminate) fails its task and leaves the pool.
    const onGone = (err: Error | null) => {
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      const task = slot.busy;
      slot.busy = null;
      markReady();
      if (task) {
        const oom = err && /ERR_WORKER_OUT_OF_MEMORY/.test(`${(err as { code?: string }).code} ${err.message}`);
        task.reject(
          oom
            ? new IsolatedTaskError("out_of_memory", `The ${opts.label} ran out of memory (limit ${opts.maxMemoryMb} MB)`)
            : new IsolatedTaskError("crashed", `The ${opts.label} stopped unexpectedly${err ? `: ${err.message}` : ""}`),
        );
      }
      pump();
    };
    worker.once("error", (err) => onGone(err));
    worker.once("exit", () => onGone(null));
    slots.push(slot);
    return slot;
  }

  function pump() {
    while (!closed && queue.length) {
      let slot = slots.find((s) => !s.busy);
      if (!slot && slots.length < opts.size) slot = startSlot();
      if (!slot) return;
      const task = queue.shift()!;
      void runOn(slot, task);
    }
  }

  async function runOn(slot: Slot, task: Task) {
    slot.busy = task;
    const id = ++nextId;
    let timer: NodeJS.Timeout | undefined;
    const onMessage = (m: { id?: number; ok?: boolean; result?: unknown; error?: { name: string; message: string; code?: unknown } }) => {
      if (m.id !== id) return;
      clearTimeout(timer);
      slot.worker.off("message", onMessage);
      slot.busy = null;
      if (m.ok) task.resolve(m.result);
      else {
        const err = new Error(m.error!.message);
        err.name = m.error!.name;
        if (m.error!.code !== undefined) (err as Error & { code?: unknown }).code = m.error!.code;
        task.reject(err);
      }
      pump();
    };
    slot.worker.on("message", onMessage);
    await slot.ready;
    if (slot.busy !== task) return; // the thread died while starting; onGone failed the task
    const stopTask = () => {
      clearTimeout(timer);
      slot.worker.off("message", onMessage);
      slot.busy = null;
      task.reject(new IsolatedTaskError("timeout", `The ${opts.label} took longer than ${Math.round(task.timeoutMs / 1000)} s and was stopped`));
      // The thread may be stuck in a loop: replace it.
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      void slot.worker.terminate();
      pump();
    };
    const cpuAtStart = slot.tid === null ? null : threadCpuMs(slot.tid);
    if (cpuAtStart === null) {
      timer = setTimeout(stopTask, task.timeoutMs);
    } else {
      // Check the thread's CPU time a few times per limit (at least every second), and the elapsed
      // ceiling. Reading the stat file takes microseconds.
      const wallLimit = task.timeoutMs * wallFactor;
      const started = Date.now();
      const everyMs = Math.max(20, Math.min(1_000, task.timeoutMs / 10));
      const check = () => {
        if (slot.busy !== task) return;
        const cpu = threadCpuMs(slot.tid!);
        if ((cpu !== null && cpu - cpuAtStart >= task.timeoutMs) || Date.now() - started >= wallLimit) return stopTask();
        timer = setTimeout(check, everyMs);
      };
      timer = setTimeout(check, everyMs);
    }
    slot.worker.postMessage({ id, fn: task.fn, args: task.args }, task.transfer);
  }

  return {
    run<T>(fn: string, args: unknown[], runOpts: { timeoutMs?: number; transfer?: (ArrayBuffer | MessagePort)[] } = {}): Promise<T> {
      if (closed) return Promise.reject(new IsolatedTaskError("closed", `The ${opts.label} is shut down`));
      return new Promise<T>((resolve, reject) => {
        queue.push({
          fn,
          args,
          transfer: runOpts.transfer ?? [],
          timeoutMs: runOpts.timeoutMs ?? opts.timeoutMs,
          resolve: resolve as (v: unknown) => void,
          reject,
        });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new IsolatedTaskError("closed", `The ${opts.label} is shut down`));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
