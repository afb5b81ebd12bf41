/** The application's AI jobs (listed in the composition root app/jobs.server.ts). */
import { z } from "zod";
import { defineJob } from "~/queue/define-job";
import { markIntakeFailed, runIntake } from "./run-intake.server";
import { markClaimIntakeFailed, runClaimIntake } from "~/claims/run-claim-intake.server";
import { generatePolicyDecisionTree, markTreeFailed } from "~/coverage-policies/generate-decision-tree.server";

/**
 * Steps 1–5 for one prior auth. Three attempts, 5 s doubling backoff, 10 min per attempt. Every
 * write to the case is fenced with the attempt (ctx.fence), so an attempt that lost the job writes
 * nothing.
 */
export const priorAuthIntakeJob = defineJob({
  name: "prior_auth.intake",
  payload: z.object({ prior_auth_id: z.string().min(1) }),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  timeoutMs: 10 * 60_000,
  handler: (payload, ctx) => runIntake(ctx.database, payload.prior_auth_id, { attempt: ctx.attempt, maxAttempts: ctx.maxAttempts, fence: ctx.fence }),
  // Every failed attempt (thrown error, or a worker that went silent) is mirrored on the case.
  onFailure: (payload, info, tx) => markIntakeFailed(tx, payload.prior_auth_id, info),
});

/** Coverage policy → decision tree. */
export const coveragePolicyTreeJob = defineJob({
  name: "coverage_policy.decision_tree",
  payload: z.object({ coverage_policy_id: z.string().min(1) }),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  handler: (payload, ctx) => generatePolicyDecisionTree(ctx.database, payload.coverage_policy_id, { attempt: ctx.attempt, maxAttempts: ctx.maxAttempts }),
  onFailure: (payload, info, tx) => markTreeFailed(tx, payload.coverage_policy_id, info),
});

/** Steps 1–5 for one medical claim (the same stages, one decision per service line). */
export const claimIntakeJob = defineJob({
  name: "claim.intake",
  payload: z.object({ claim_id: z.string().min(1) }),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
  timeoutMs: 10 * 60_000,
  handler: (payload, ctx) => runClaimIntake(ctx.database, payload.claim_id, { fence: ctx.fence, attempt: ctx.attempt, maxAttempts: ctx.maxAttempts }),
  onFailure: (payload, info, tx) => markClaimIntakeFailed(tx, payload.claim_id, info),
});

export const appJobs = [priorAuthIntakeJob, coveragePolicyTreeJob, claimIntakeJob];
