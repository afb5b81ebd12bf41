/**
 * Policy extraction as a job the plan page polls (PRODUCT-SPEC §4: "a job present and not processed
 * means polling every 5 seconds until processed"), on a real database, the real app handler and a
 * queue worker (the job `plan.policy_extraction` of app/jobs.server.ts, claimed by whichever worker
 * runs; here one started by the test, as workers/main.ts would):
 *  - starting a job answers at once with status "processing" and a queued job row; the page's loader
 *    reports it (so the waiting screen polls) until the worker processed it, then the rows; a second
 *    start meanwhile is 409;
 *  - a job that throws is retried with backoff (the state says so while it waits) and ends failed
 *    with its error after the last attempt; a job too large fails at once (no retry); a job whose
 *    queue row is gone is failed; the page shows the message once; a refused start shows its message
 *    once (not twice);
 *  - the table mapping puts every value under its own field's column, custom and predefined, in any
 *    order, and a field id that is a key of Object.prototype or a row's own keys cannot misplace values;
 *  - the polling helper revalidates every 5 s while processing and stops otherwise.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { callRoute } from "./api-prior-auths.seed";
import { createPlan } from "~/plans/manage-plans.server";
import {
  EXTRACTION_LOST_MESSAGE,
  EXTRACTION_STALE_MS,
  extractionJobKey,
  getExtractedCoveragePolicies,
  startCoveragePolicyExtraction,
  waitForExtraction,
  type ExtractionState,
} from "~/plans/extract-coverage-policies.server";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { IsolatedTaskError } from "~/lib/isolated-pool.server";
import { isAppError } from "~/lib/errors";
import { extractionTable } from "~/plans/extraction-table";
import { pollWhileProcessing } from "~/plans/ui/use-extraction-polling";
import { EXTRACTION_POLL_MS } from "~/plans/extraction-schema";
import * as planPage from "~/routes/workspace/plans/$planId/index";
import * as extractRoute from "~/routes/api/plans/extract-coverage-policies";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let otherOrgId: string;
let planId: string;
let cookie: string;
let apiKey: string;
let worker: WorkerHandle;

const POLICY_TEXT = [
  "Adalimumab is covered for rheumatoid arthritis.",
  "The patient must be 18 years of age or older.",
  "The medication must be prescribed by a rheumatologist.",
  "Approval duration: authorization is approved for 12 months.",
  "Injection site training is provided by the nurse educator.",
].join("\n");

/** Times `text` appears in what the page shows (the markup without its scripts, which carry the hydration data). */
function shown(html: string, text: string): number {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").split(text).length - 1;
}

const POOL_KEY = Symbol.for("priorauth.extractionPool");
type G = typeof globalThis & { [POOL_KEY]?: unknown };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Extraction Job A" });
  const b = await createOrgWithUser(t.database, { orgName: "Extraction Job B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
  const plan = await createPlan(t.database, orgId, {
    title: "Job PPO",
    identification: "JOB-PPO",
    line_of_business: "Commercial",
    plan_type: "PPO",
    state: "CA",
    effective_date: "2026-01-01",
  });
  planId = plan.id;
  worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, log: () => {} });
  for (const drug of ["Adalimumab", "Etanercept"]) {
    await t.database.prisma.coveragePolicy.create({
      data: { organization_id: orgId, plan_id: planId, drug_name: drug, drugs_list: [drug], policy_text: POLICY_TEXT.replace("Adalimumab", drug) },
    });
  }
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await t?.cleanup();
});

afterEach(() => {
  delete process.env.POLICY_EXTRACTION_HOLD_MS;
});

async function loaderState(): Promise<ExtractionState> {
  const res = (await callRoute(planPage, "GET", `/o/${orgId}/plans/${planId}`, { orgId, planId }, { headers: { Cookie: cookie } })) as unknown;
  return (res as { extraction: ExtractionState }).extraction;
}

/** Runs `fn` with a stand-in for the extraction thread pool (restores the real one after). */
async function withPool<T>(run: (fn: string, args: unknown[]) => Promise<unknown>, fn: () => Promise<T>): Promise<T> {
  const g = globalThis as G;
  const saved = g[POOL_KEY];
  g[POOL_KEY] = { run, close: async () => {} };
  try {
    return await fn();
  } finally {
    g[POOL_KEY] = saved;
    if (saved === undefined) delete g[POOL_KEY];
  }
}

const SCHEMA = {
  title: "Mixed",
  description: "custom first, predefined after, out of the builder's order",
  properties: [
    { field_id: "injection_training", title: "Injection training", description: "nurse educator injection training", type: "string" },
    { field_id: "coverage_duration", title: "Coverage duration", description: "", type: "string" },
    { field_id: "drug_name", title: "Drug name", description: "", type: "string" },
    { field_id: "constructor", title: "Constructor", description: "a custom field named like an Object.prototype key", type: "string" },
    { field_id: "step_therapy_required", title: "Step therapy required", description: "", type: "boolean" },
    { field_id: "age_restriction", title: "Age restriction", description: "", type: "string" },
  ],
};

describe("extraction job state", () => {
  it("is processing right after the start (the page polls), 409 for a second start, then processed with the rows", async () => {
    process.env.POLICY_EXTRACTION_HOLD_MS = "1500";
    expect((await loaderState()).status).toBe("none");
    const { state } = await startCoveragePolicyExtraction(t.database, orgId, planId, SCHEMA);
    expect(state).toMatchObject({ status: "processing", processing: true, processed_at: null, extracted_policies: [], error: null });
    expect(state.job_id).toMatch(/^extract_/);
    // a queue job, not work in this process: any worker claims it
    const row = await t.database.prisma.job.findUnique({ where: { key: extractionJobKey(state.job_id!) } });
    expect(row).toMatchObject({ name: "plan.policy_extraction", max_attempts: 3 });
    expect(row!.payload).toEqual({ organization_id: orgId, plan_id: planId, extraction_id: state.job_id });
    expect(await loaderState()).toMatchObject({ status: "processing", job_id: state.job_id });

    // one job per plan: the API's start meets the running job
    const second = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${planId}/extract_coverage_policies`,
      { orgId, planId },
      {
        headers: { Authorization: `Bearer ${apiKey}` },
        body: {},
      },
    );
    expect(second.status).toBe(409);
    expect((await second.json()).errors).toEqual(["An extraction is already running for this plan; wait for it to finish."]);

    const final = await waitForExtraction(t.database, orgId, planId, { timeoutMs: 20_000 });
    expect(final.status).toBe("processed");
    const polled = await loaderState();
    expect(polled).toMatchObject({ status: "processed", processing: false, error: null, job_id: state.job_id });
    expect(polled.processed_at).not.toBeNull();
    expect(polled.extracted_policies).toHaveLength(2);
    // another organization never sees it
    const foreign = await getExtractedCoveragePolicies(t.database, otherOrgId, planId).catch((e) => e);
    expect(isAppError(foreign) && foreign.code).toBe("not_found");
  });

  it("puts every value under its own column: custom and predefined fields, in the schema's order", async () => {
    const polled = await loaderState();
    const policies = await t.database.prisma.coveragePolicy.findMany({ where: { plan_id: planId } });
    const { columns, rows } = extractionTable(
      polled,
      policies.map((p) => ({ token: p.id, drug_name: p.drug_name })),
    );
    expect(columns.map((c) => c.key)).toEqual(SCHEMA.properties.map((p) => p.field_id));
    expect(rows.map((r) => r.drug).sort()).toEqual(["Adalimumab", "Etanercept"]);
    const col = (key: string) => columns.findIndex((c) => c.key === key);
    for (const row of rows) {
      expect(row.cells[col("drug_name")]).toBe(row.drug);
      expect(row.cells[col("coverage_duration")]).toBe("12 months");
      expect(row.cells[col("injection_training")]).toMatch(/nurse educator/);
      expect(row.cells[col("age_restriction")]).toMatch(/18 years of age/);
      expect(row.cells[col("step_therapy_required")]).toBe("No");
      expect(row.cells[col("constructor")]).toBe("N/A");
    }
  });

  it("a job that throws is retried with backoff, then fails with its error; the page shows it once and stops polling", async () => {
    let calls = 0;
    const notes: (string | null)[] = [];
    const final = await withPool(
      async () => {
        calls++;
        throw new Error("worker exploded");
      },
      async () => {
        await startCoveragePolicyExtraction(t.database, orgId, planId, null);
        for (;;) {
          const s = await getExtractedCoveragePolicies(t.database, orgId, planId);
          if (s.status !== "processing") return s;
          notes.push(s.note);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
    );
    expect(calls).toBe(3);
    // while a retry waits, the state says so (and stays processing: the page keeps polling)
    expect(notes).toContain("Attempt 1 of 3 failed; retrying.");
    const message = "The extraction failed 3 times (worker exploded); start it again.";
    expect(final).toMatchObject({ status: "failed", processing: false, error: message });
    expect((await loaderState()).status).toBe("failed");
    const html = await (await app.fetch(`/o/${orgId}/plans/${planId}`, { headers: { Cookie: cookie } })).text();
    expect(shown(html, message)).toBe(1);
    expect(html).not.toContain('data-testid="extraction-waiting"');
  });

  it("a job over the time limit fails at once (no retry) with the 'too large' message; the API answers it as 422", async () => {
    let calls = 0;
    await withPool(
      async () => {
        calls++;
        throw new IsolatedTaskError("timeout", "policy extraction took longer than 20000 ms");
      },
      async () => {
        const res = await callRoute(
          extractRoute,
          "POST",
          `/api/o/${orgId}/plans/${planId}/extract_coverage_policies`,
          { orgId, planId },
          {
            headers: { Authorization: `Bearer ${apiKey}` },
            body: {},
          },
        );
        expect(res.status).toBe(422);
        expect((await res.json()).errors).toEqual(["The extraction is too large for this schema and these policies; use fewer or shorter fields"]);
      },
    );
    expect(calls).toBe(1);
    // the plan holds the message as soon as the attempt wrote it; the worker records the job right after
    const lastJob = () => t.database.prisma.job.findFirst({ where: { name: "plan.policy_extraction" }, orderBy: { id: "desc" } });
    await expect.poll(async () => (await lastJob())?.status, { timeout: 10_000, interval: 100 }).toBe("failed");
    expect(await lastJob()).toMatchObject({ status: "failed", attempts: 1 });
    expect((await loaderState()).status).toBe("failed");
  });

  it("a job whose queue row ended without writing the plan is failed at once; one from before the queue by its age; both can be started again", async () => {
    // the queue row ran and is gone from the key (finished) but the plan still says processing
    await t.database.prisma.plan.update({
      where: { id: planId },
      data: { reducto_job_id: "extract_vanished", processed_at: null, extraction_error: null, extraction_started_at: new Date() },
    });
    await t.database.prisma.job.create({
      data: { name: "plan.policy_extraction", status: "failed", payload: { organization_id: orgId, plan_id: planId, extraction_id: "extract_vanished" } },
    });
    expect(await loaderState()).toMatchObject({ status: "failed", error: EXTRACTION_LOST_MESSAGE });
    // an extraction started in a web process before the queue (no job row ever): judged by its age
    await t.database.prisma.plan.update({
      where: { id: planId },
      data: { reducto_job_id: "extract_lost", processed_at: null, extraction_error: null, extraction_started_at: new Date(Date.now() - 60_000) },
    });
    expect((await loaderState()).status).toBe("processing");
    await t.database.prisma.plan.update({ where: { id: planId }, data: { extraction_started_at: new Date(Date.now() - EXTRACTION_STALE_MS - 1000) } });
    expect(await loaderState()).toMatchObject({ status: "failed", error: EXTRACTION_LOST_MESSAGE });
    await startCoveragePolicyExtraction(t.database, orgId, planId, null);
    expect((await waitForExtraction(t.database, orgId, planId, { timeoutMs: 20_000 })).status).toBe("processed");
  });

  it("the page action starts the job and redirects at once; the waiting screen is rendered while it processes", async () => {
    process.env.POLICY_EXTRACTION_HOLD_MS = "3000";
    const res = await app.fetch(`/o/${orgId}/plans/${planId}`, formPost({ intent: "extract", json_schema: "" }, cookie));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/o/${orgId}/plans/${planId}?extracted=1`);
    const html = await (await app.fetch(`/o/${orgId}/plans/${planId}?extracted=1`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('data-testid="extraction-waiting"');
    expect(html).toContain("Extraction may take 15–20 minutes");
    expect(html).toContain("Get Extracted Policies");
    // wait for the job, then the page shows the table instead
    await expect.poll(async () => (await loaderState()).status, { timeout: 20_000, interval: 250 }).toBe("processed");
    const after = await (await app.fetch(`/o/${orgId}/plans/${planId}?extracted=1`, { headers: { Cookie: cookie } })).text();
    expect(after).not.toContain('data-testid="extraction-waiting"');
    expect(after).toContain('data-testid="extracted-policies"');
  });

  it("a refused start shows its message once (not above the page and in the form)", async () => {
    const res = await app.fetch(`/o/${orgId}/plans/${planId}`, formPost({ intent: "extract", json_schema: "{not json" }, cookie));
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(shown(html, "json_schema is not valid JSON")).toBe(1);
    const reserved = await app.fetch(
      `/o/${orgId}/plans/${planId}`,
      formPost({ intent: "extract", json_schema: JSON.stringify({ properties: [{ field_id: "citations", title: "C", type: "string" }] }) }, cookie),
    );
    expect(reserved.status).toBe(422);
    expect(shown(await reserved.text(), "coverage_policy_id, citations and drug_directory are reserved field ids")).toBe(1);
  });
});

describe("extraction job and its workers", () => {
  it("with no worker alive the API answers the processing state at once; a worker started later runs the job", async () => {
    await worker.stop();
    const started = Date.now();
    const res = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${planId}/extract_coverage_policies`,
      { orgId, planId },
      { headers: { Authorization: `Bearer ${apiKey}` }, body: {} },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, status: "processing", processing: true });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await loaderState()).status).toBe("processing");
    worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, log: () => {} });
    expect((await waitForExtraction(t.database, orgId, planId, { timeoutMs: 20_000 })).status).toBe("processed");
  });

  it("a job whose worker died mid-run is re-queued by another worker's sweep and finished there", async () => {
    await worker.stop();
    const { state } = await startCoveragePolicyExtraction(t.database, orgId, planId, null);
    // a worker claimed it and then went silent (no heartbeat row any more)
    await t.database.prisma.job.update({
      where: { key: extractionJobKey(state.job_id!) },
      data: { status: "running", locked_by: "gone-host:4242:dead", locked_at: new Date(Date.now() - 60_000), attempts: 1 },
    });
    expect((await loaderState()).status).toBe("processing");
    worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, staleSeconds: 1, log: () => {} });
    const final = await waitForExtraction(t.database, orgId, planId, { timeoutMs: 30_000 });
    expect(final).toMatchObject({ status: "processed", job_id: state.job_id });
    const job = await t.database.prisma.job.findFirst({ where: { payload: { path: ["extraction_id"], equals: state.job_id! } } });
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});

describe("extraction table mapping", () => {
  it("reads cells by field id whatever the row's key order; unknown ids and missing values are N/A; shared titles get their id", () => {
    const { columns, rows } = extractionTable(
      {
        json_schema: {
          properties: [
            { field_id: "b_field", title: "Same" },
            { field_id: "a_field", title: "Same" },
            { field_id: "toString", title: "" },
            { field_id: "drugs", title: "Drugs" },
          ],
        },
        extracted_policies: [{ drugs: ["Humira", "Amjevita"], a_field: true, coverage_policy_id: "p1", b_field: 3, citations: {} }],
      },
      [{ token: "p1", drug_name: "Adalimumab" }],
    );
    expect(columns).toEqual([
      { key: "b_field", title: "Same (b_field)" },
      { key: "a_field", title: "Same (a_field)" },
      { key: "toString", title: "toString" },
      { key: "drugs", title: "Drugs" },
    ]);
    expect(rows).toEqual([{ policy_id: "p1", drug: "Adalimumab", cells: ["3", "Yes", "N/A", "Humira, Amjevita"], directory: [] }]);
  });
});

describe("polling helper", () => {
  it("revalidates every 5 s while processing and never otherwise; stopping clears the timer", () => {
    vi.useFakeTimers();
    try {
      expect(EXTRACTION_POLL_MS).toBe(5000);
      const revalidate = vi.fn();
      const stop = pollWhileProcessing("processing", revalidate);
      vi.advanceTimersByTime(4999);
      expect(revalidate).toHaveBeenCalledTimes(0);
      vi.advanceTimersByTime(1);
      expect(revalidate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10_000);
      expect(revalidate).toHaveBeenCalledTimes(3);
      stop();
      vi.advanceTimersByTime(20_000);
      expect(revalidate).toHaveBeenCalledTimes(3);
      for (const status of ["processed", "failed", "none"]) {
        const other = vi.fn();
        pollWhileProcessing(status, other);
        vi.advanceTimersByTime(20_000);
        expect(other).not.toHaveBeenCalled();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
