/**
 * Every job of the app, registered in one place. The worker process imports this module before it
 * starts claiming; `enqueue` imports it on first use of an unknown name.
 *
 * To add a job: declare it with `defineJob` next to its domain code (e.g.
 * app/prior-auths/run-intake.server.ts exports `priorAuthIntake`), import it here and add it to the
 * `registerJobs(...)` call.
 */
import { registerJobs, registerPeriodicJobs, systemEcho } from "~/queue/registry.server";
import { claimIntakeJob, coveragePolicyTreeJob, priorAuthIntakeJob } from "~/intake/jobs.server";
import { webhookDeliverJob } from "~/webhooks/deliver-webhook.server";
import { pruneApiLogsJob } from "~/api-logs/api-logs.server";

registerJobs(systemEcho, priorAuthIntakeJob, coveragePolicyTreeJob, webhookDeliverJob, claimIntakeJob);
registerPeriodicJobs(pruneApiLogsJob);
