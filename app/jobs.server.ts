/**
 * The composition root of the job queue: every job of the app, listed once.
 *
 * The queue (app/queue) imports no domain. This module knows both sides: it lists the domain jobs,
 * hands them to the queue with `registerAppJobs()` (called by the web entry server.ts, the worker
 * entry workers/main.ts, scripts/eval.ts and the test setup, before anything is enqueued or
 * claimed), and derives the queue's payload map `JobPayloads` from the same list, so
 * `enqueue(database, "claim.intake", { claim_id })` is checked at compile time.
 *
 * To add a job: declare it with `defineJob` next to its domain code and add it to `appJobs` (or to
 * `periodicJobs` for one the worker enqueues every few minutes with an empty payload).
 * See docs/decisions/0014-typed-jobs.md.
 */
import { registerJobs, registerPeriodicJobs } from "~/queue/registry.server";
import type { JobPayloadMap } from "~/queue/define-job";
import { systemEcho } from "~/queue/system-echo.server";
import { claimIntakeJob, coveragePolicyTreeJob, priorAuthIntakeJob } from "~/intake/jobs.server";
import { webhookDeliverJob } from "~/webhooks/deliver-webhook.server";
import { subscriptionNotifyJob } from "~/fhir/pas-subscriptions.server";
import { pruneApiLogsJob } from "~/api-logs/api-logs.server";
import { policyExtractionJob } from "~/plans/extraction-job.server";

/** Jobs enqueued by the app (by name). */
export const appJobs = [
  systemEcho,
  priorAuthIntakeJob,
  coveragePolicyTreeJob,
  claimIntakeJob,
  webhookDeliverJob,
  policyExtractionJob,
  subscriptionNotifyJob,
] as const;

/** Jobs the worker's maintenance loop enqueues itself, one queued row each at most (see registerPeriodicJobs). */
export const periodicJobs = [pruneApiLogsJob] as const;

/**
 * Registers every app job with the queue of this process (idempotent: registering again replaces the
 * definitions by name). Call it once at process start, before enqueueing or starting a worker.
 */
export function registerAppJobs(): void {
  registerJobs(...appJobs);
  registerPeriodicJobs(...periodicJobs);
}

declare module "~/queue/define-job" {
  /** The app's job payload map (see JobPayloads in app/queue/define-job.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JobPayloads extends JobPayloadMap<[...typeof appJobs, ...typeof periodicJobs]> {}
}
