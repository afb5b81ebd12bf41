/**
 * Tasks for the isolated pool's own tests (app/lib/isolated-pool.server.test.ts), loaded inside a
 * pool thread: one that computes and one that only waits.
 */

/** Keeps this thread's CPU busy for `ms` milliseconds of elapsed time; returns the loop count. */
export function spin(ms: number): number {
  const end = Date.now() + ms;
  let n = 0;
  while (Date.now() < end) n++;
  return n;
}

/** Blocks this thread for `ms` milliseconds without using CPU (Atomics.wait sleeps in the kernel). */
export function block(ms: number): number {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return ms;
}
