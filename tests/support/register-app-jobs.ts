/**
 * Vitest setup file: registers the app's jobs with the queue before each test file's tests, as the
 * process entries (server.ts, workers/main.ts) do at start. The queue itself knows no domain job
 * (app/jobs.server.ts, docs/decisions/0014-typed-jobs.md).
 *
 * Imported in a beforeAll hook, not at the top: job modules read settings from the environment when
 * they load (webhook.deliver: WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS), and a test file sets those
 * in vi.hoisted, which runs after the setup file's own imports but before this hook.
 */
import { beforeAll } from "vitest";

beforeAll(async () => {
  const { registerAppJobs } = await import("~/jobs.server");
  registerAppJobs();
});
