/**
 * The job payload map is typed (tsc checks this file; `npm run typecheck` and the test command run
 * it): the composition root's job list fills `JobPayloads`, so `enqueue` rejects an unknown job name
 * or a payload of the wrong shape at compile time. The `@ts-expect-error` lines fail the typecheck
 * if such a call ever compiles again. The runtime half checks the list and its registration.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { appJobs, periodicJobs, registerAppJobs } from "~/jobs.server";
import type { JobName, JobPayloads } from "~/queue/define-job";
import type { enqueue } from "~/queue/enqueue.server";
import { getJob, periodicJobNames, registeredJobNames } from "~/queue/registry.server";

type Enqueue = typeof enqueue;
type Db = Parameters<Enqueue>[0];

// Never called: only compiled.
function compileOnly(enqueueJob: Enqueue, database: Db) {
  void enqueueJob(database, "claim.intake", { claim_id: "c-1" });
  void enqueueJob(database, "prior_auth.intake", { prior_auth_id: "pa-1" }, { key: "intake:pa-1" });
  void enqueueJob(database, "system.echo", { note: "hello", sleepMs: 5 });
  // @ts-expect-error a payload with the wrong field does not compile
  void enqueueJob(database, "claim.intake", { prior_auth_id: "pa-1" });
  // @ts-expect-error a payload field of the wrong type does not compile
  void enqueueJob(database, "claim.intake", { claim_id: 42 });
  // @ts-expect-error a missing payload field does not compile
  void enqueueJob(database, "webhook.deliver", { endpoint_id: "e", message_id: "m", event_type: "t" });
  // @ts-expect-error an unknown job name does not compile
  void enqueueJob(database, "claim.intak", { claim_id: "c-1" });
}
void compileOnly;

describe("job payload map (app/jobs.server.ts)", () => {
  it("maps each job name to its payload schema's input type", () => {
    expectTypeOf<JobPayloads["claim.intake"]>().toEqualTypeOf<{ claim_id: string }>();
    expectTypeOf<JobPayloads["coverage_policy.decision_tree"]>().toEqualTypeOf<{ coverage_policy_id: string }>();
    expectTypeOf<JobName>().toEqualTypeOf<
      | "system.echo"
      | "prior_auth.intake"
      | "coverage_policy.decision_tree"
      | "claim.intake"
      | "webhook.deliver"
      | "plan.policy_extraction"
      | "fhir.subscription.notify"
      | "api_logs.prune"
    >();
    expectTypeOf<JobPayloads["plan.policy_extraction"]>().toEqualTypeOf<{ organization_id: string; plan_id: string; extraction_id: string }>();
  });

  it("registers every listed job with the queue, the periodic ones as periodic", () => {
    registerAppJobs();
    for (const job of [...appJobs, ...periodicJobs]) expect(getJob(job.name)).toBe(job);
    expect(registeredJobNames()).toEqual(expect.arrayContaining(["prior_auth.intake", "claim.intake", "webhook.deliver", "api_logs.prune"]));
    expect(periodicJobNames()).toEqual(["api_logs.prune"]);
  });
});
