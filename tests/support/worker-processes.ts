/**
 * Real worker processes (`workers/main.ts`) for the multi-process tests: spawned against one
 * PostgreSQL database, their output kept for failure messages, and SIGKILLed when the test process
 * exits so no orphan worker outlives a crashed run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface WorkerChild {
  proc: ChildProcess;
  pid: number;
  /** stdout and stderr chunks, in order */
  output: string[];
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
}

/** A set of worker processes: `spawnWorker(url, env)` starts one with extra environment variables. */
export function workerProcesses() {
  const root = path.resolve(import.meta.dirname, "../..");
  const children: WorkerChild[] = [];
  const killAll = () => {
    for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const spawnWorker = (url: string, env: Record<string, string>): WorkerChild => {
    const proc = spawn(process.execPath, ["--import", "tsx", "workers/main.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    proc.stdout!.on("data", (d) => output.push(String(d)));
    proc.stderr!.on("data", (d) => output.push(String(d)));
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    const child = { proc, pid: proc.pid!, output, exited };
    children.push(child);
    return child;
  };
  return { children, spawnWorker, killAll };
}
