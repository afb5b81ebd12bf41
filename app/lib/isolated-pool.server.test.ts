/**
 * The isolated pool's time limit counts the CPU time of the task's thread, not the time it waits
 * (issue 23, item 6): a document that waits for a core on a machine busy with another tenant's
 * heavy PDFs is not failed as "too complex", while a task that computes past the limit still is.
 */
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { createIsolatedPool, IsolatedTaskError, threadCpuMs, type IsolatedPool } from "~/lib/isolated-pool.server";

const pools: IsolatedPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
const pool = (timeoutMs: number, wallFactor?: number) => {
  const p = createIsolatedPool({ module: "tests/support/isolated-tasks.ts", size: 1, timeoutMs, maxMemoryMb: 256, label: "test task", wallFactor });
  pools.push(p);
  return p;
};
const linux = os.platform() === "linux";

describe("isolated pool time limit", () => {
  it("reads a thread's CPU time from /proc (Linux)", () => {
    if (!linux) return;
    expect(threadCpuMs(process.pid)).toEqual(expect.any(Number));
    expect(threadCpuMs(2 ** 30)).toBeNull();
  });

  it.runIf(linux)(
    "a task that waits longer than the limit without computing is not stopped",
    async () => {
      const p = pool(600);
      // Warm the thread first (its start-up compiles TypeScript, which is CPU of its own).
      await p.run("block", [1]);
      const started = Date.now();
      await expect(p.run<number>("block", [1_500])).resolves.toBe(1_500);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    },
    30_000,
  );

  it("a task that computes past the limit is stopped as a timeout, soon after the limit", async () => {
    const p = pool(600);
    await p.run("block", [1]);
    const started = Date.now();
    const err = await p.run("spin", [20_000]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IsolatedTaskError);
    expect((err as IsolatedTaskError).code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(10_000);
    // The thread was replaced: the pool still answers.
    await expect(p.run<number>("block", [1])).resolves.toBe(1);
  }, 30_000);

  it.runIf(linux)(
    "a task that waits past the elapsed ceiling (limit × wallFactor) is stopped",
    async () => {
      const p = pool(300, 2);
      await p.run("block", [1]);
      const err = await p.run("block", [5_000]).catch((e: unknown) => e);
      expect((err as IsolatedTaskError).code).toBe("timeout");
    },
    30_000,
  );
});
