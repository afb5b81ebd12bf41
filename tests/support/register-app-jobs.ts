/**
 * Vitest setup file: registers the app's jobs with the queue before each test file's tests, as the
 * process entries (server.ts, workers/main.ts) do at start. The queue itself knows no domain job
 * (app/jobs.server.ts, docs/decisions/0014-typed-jobs.md).
 *
 * Imported in a beforeAll hook, not at the top: job modules read settings from the environment when
 * they load (webhook.deliver: WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS), and a test file sets those
 * in vi.hoisted, which runs after the setup file's own imports but before this hook.
 *
 * Only in files that load the queue: the composition root imports every job's domain (intake, PDF
 * parsing and OCR, webhooks, plans), several seconds of module loading per file, which a unit-test
 * file that never enqueues or runs a job would pay for nothing. A file has loaded the queue when the
 * job registry (app/queue/registry.server.ts, which every enqueue and worker path imports) has put its
 * map on globalThis; by the time this hook runs the test file's own imports have been evaluated. A
 * file that first loads the queue inside a hook or a test gets the jobs before its next test
 * (beforeEach); one that enqueues an app job in the same test that first loaded the queue fails loudly
 * (UnknownJobError, or the worker's "Unknown job" failure), never passes by accident.
 */
import { beforeAll, beforeEach } from "vitest";

/** the key app/queue/registry.server.ts keeps its registry under (globalThis, shared by every copy of the module) */
const REGISTRY_KEY = Symbol.for("priorauth.queue.registry");

let registered = false;

async function registerIfQueueLoaded(): Promise<void> {
  if (registered || !(REGISTRY_KEY in globalThis)) return;
  const { registerAppJobs } = await import("~/jobs.server");
  registerAppJobs();
  registered = true;
}

beforeAll(registerIfQueueLoaded);
beforeEach(registerIfQueueLoaded);
