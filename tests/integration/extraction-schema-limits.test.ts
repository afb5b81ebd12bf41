/**
 * One request cannot freeze the web process (issue 8, defect 13): a custom extraction schema is
 * bounded in size, field count and depth (422 otherwise, nothing stored), and the extraction runs
 * on an isolated thread, so the process keeps serving (its event loop stays responsive) while a
 * large but allowed extraction runs.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { seedReviewedCase } from "./api-prior-auths.seed";

let t: TestDatabase;
let worker: WorkerHandle;
let app: AppHandler;
let url: string;
let planId: string;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Extraction" });
  auth = { Authorization: `Bearer ${(await createApiKey(t.database, a.organization.id)).token}`, "Content-Type": "application/json" };
  const seeded = await seedReviewedCase(t.database, a.organization.id);
  const policy = await t.database.prisma.coveragePolicy.findUniqueOrThrow({ where: { id: seeded.coveragePolicyId! } });
  planId = policy.plan_id;
  // Three long policies of ~6 000 sentences each (well under the 1 MB policy text limit).
  const sentence = (i: number) =>
    `Criterion ${i}: the member has tried and failed methotrexate and leflunomide for at least ${i % 24} weeks under supervision.`;
  const text = Array.from({ length: 6000 }, (_, i) => sentence(i)).join(" ");
  await t.database.prisma.coveragePolicy.update({ where: { id: policy.id }, data: { policy_text: text } });
  for (const drug of ["etanercept", "infliximab"]) {
    await t.database.prisma.coveragePolicy.create({
      data: { organization_id: a.organization.id, plan_id: planId, drug_name: drug, drugs_list: [drug], policy_text: text },
    });
  }
  url = `/api/o/${a.organization.id}/plans/${planId}/extract_coverage_policies`;
  // extraction runs as a queue job: a worker claims it (as workers/main.ts or the web process would)
  worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, log: () => {} });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await t?.cleanup();
});

/** A custom field; `words` distinct extra words in its description (each compared with every sentence). */
const field = (i: number, words = 2) => ({
  field_id: `custom_field_${i}`,
  title: `Custom field ${i} methotrexate weeks`,
  description: `supervision member tried failed leflunomide ${Array.from({ length: words }, (_, j) => `term${i}q${j}`).join(" ")}`.slice(0, 1000),
  type: "string",
});

async function processedAt() {
  return (await t.database.prisma.plan.findUniqueOrThrow({ where: { id: planId } })).processed_at;
}

it("refuses a 400-field (34 KB) schema with 422 and stores nothing", async () => {
  const schema = { title: "Too big", properties: Array.from({ length: 400 }, (_, i) => field(i, 10)) };
  expect(JSON.stringify(schema).length).toBeGreaterThan(30_000);
  for (const json_schema of [schema, JSON.stringify(schema)]) {
    const res = await app.fetch(url, { method: "POST", headers: auth, body: JSON.stringify({ json_schema }) });
    const body = await res.json();
    expect(res.status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.errors.join(" ")).toMatch(/at most 50 fields|larger than 64000 characters/);
  }
  expect(await processedAt()).toBeNull();
});

it("refuses a schema nested too deeply, given as JSON text or as an object, with 422", async () => {
  let deep: unknown = { type: "string" };
  for (let i = 0; i < 20; i++) deep = { items: deep };
  const schema = { title: "Deep", properties: [{ field_id: "a", title: "a", description: "", type: "array", items: deep }] };
  for (const json_schema of [schema, JSON.stringify(schema)]) {
    const res = await app.fetch(url, { method: "POST", headers: auth, body: JSON.stringify({ json_schema }) });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.join(" ")).toMatch(/nested more than 6 levels/);
  }
  expect(await processedAt()).toBeNull();
});

it("runs the largest allowed schema off the request thread: the event loop keeps ticking", async () => {
  const schema = { title: "Largest allowed", properties: Array.from({ length: 50 }, (_, i) => field(i, 110)) };
  let last = Date.now();
  let worstGap = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    worstGap = Math.max(worstGap, now - last);
    last = now;
  }, 10);
  try {
    const res = await app.fetch(url, { method: "POST", headers: auth, body: JSON.stringify({ json_schema: schema }) });
    const body = await res.json();
    expect(res.status, JSON.stringify(body.errors)).toBe(200);
    expect(body.extracted_policies).toHaveLength(3);
    expect(body.extracted_policies[0].custom_field_7).toMatch(/methotrexate/);
  } finally {
    clearInterval(ticker);
  }
  // On the request thread the extraction of this schema stalled the loop 4.1 s; off it, the loop
  // ticks on. The bound leaves room for a loaded CI machine and the embedded database's queries.
  expect(worstGap).toBeLessThan(1_500);
  expect(await processedAt()).not.toBeNull();
});
