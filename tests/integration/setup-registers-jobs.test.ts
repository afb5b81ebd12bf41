/**
 * The test setup (tests/support/register-app-jobs.ts) registers the app's jobs in a file that loads
 * the queue, as the process entries do, without the file calling registerAppJobs itself; a file that
 * never loads the queue skips the import of the composition root.
 */
import { describe, expect, it } from "vitest";
import { appJobs, periodicJobs } from "~/jobs.server";
import { getJob, periodicJobNames } from "~/queue/registry.server";

describe("test setup: app jobs", () => {
  it("every app job is registered before the first test of a file that imports the queue", () => {
    for (const job of [...appJobs, ...periodicJobs]) expect(getJob(job.name), job.name).toBe(job);
    expect(periodicJobNames()).toEqual(["api_logs.prune"]);
  });
});
