/**
 * The policy extraction job (listed in the composition root app/jobs.server.ts; ADR 0014): runs one
 * extraction started by startCoveragePolicyExtraction (extract-coverage-policies.server.ts) on any
 * worker. Three attempts, 2 s doubling backoff (at most 30 s), 2 minutes per attempt (the
 * extraction thread itself stops at 20 s; the rest is reading policies and writing the result, and
 * the end-to-end tests' POLICY_EXTRACTION_HOLD_MS of up to 60 s). Idempotent: an attempt writes the
 * plan only while the plan still names this extraction and has no result, so a retry or a second
 * run after a dead worker never overwrites a newer extraction.
 */
import { z } from "zod";
import { defineJob } from "~/queue/define-job";
import { markExtractionFailed, POLICY_EXTRACTION_JOB, runPolicyExtractionJob } from "./extract-coverage-policies.server";

export const policyExtractionJob = defineJob({
  name: POLICY_EXTRACTION_JOB,
  payload: z.object({ organization_id: z.string().min(1), plan_id: z.string().min(1), extraction_id: z.string().min(1) }),
  maxAttempts: 3,
  backoff: { baseMs: 2_000, maxMs: 30_000 },
  timeoutMs: 2 * 60_000,
  handler: (payload, ctx) => runPolicyExtractionJob(ctx.database, payload),
  onFailure: (payload, info, tx) => markExtractionFailed(tx, payload, info),
});
