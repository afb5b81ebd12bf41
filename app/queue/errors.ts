/**
 * Errors of the job queue. Each carries a stable `code` so routes can map it to an HTTP status
 * (JOB_PAYLOAD_INVALID -> 400/422, JOB_UNKNOWN -> 500, JOB_NOT_FOUND -> 404, JOB_NOT_RETRYABLE -> 409).
 */
import type { z } from "zod";

export class QueueError extends Error {
  constructor(
    readonly code: "JOB_PAYLOAD_INVALID" | "JOB_UNKNOWN" | "JOB_NOT_FOUND" | "JOB_NOT_RETRYABLE",
    message: string,
  ) {
    super(message);
    this.name = "QueueError";
  }
}

/** The payload does not match the job's zod schema (at enqueue, or at run time). */
export class JobPayloadError extends QueueError {
  constructor(
    readonly jobName: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const detail = issues.map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`).join("; ");
    super("JOB_PAYLOAD_INVALID", `Invalid payload for job ${jobName}: ${detail}`);
    this.name = "JobPayloadError";
  }
}

/** No job definition with this name is registered in this process (see app/jobs.server.ts). */
export class UnknownJobError extends QueueError {
  constructor(readonly jobName: string) {
    super("JOB_UNKNOWN", `Unknown job "${jobName}": list it in app/jobs.server.ts, whose registerAppJobs() the process entry calls`);
    this.name = "UnknownJobError";
  }
}

/**
 * Thrown by a handler when retrying cannot help (the case was deleted, the input is unusable):
 * the job is marked failed at once, whatever attempts remain.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}
