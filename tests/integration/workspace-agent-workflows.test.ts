/**
 * Agent workflows: the organization's runs listed newest first with filters, a run's detail, retry
 * of a failed intake run (re-queues the intake job), and tenancy (another organization's run is 404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import * as listPage from "~/routes/workspace/agent-workflows/index";
import * as detailPage from "~/routes/workspace/agent-workflows/$agentWorkflowId";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let paId: string;
let failedRun: string;
let okRun: string;
let chatRun: string;
let otherRun: string;

type ListData = Awaited<ReturnType<typeof listPage.loader>>;
type DetailData = Awaited<ReturnType<typeof detailPage.loader>>;
const list = async (search = "") =>
  (await callRoute(listPage, "GET", `/o/${orgId}/agent-workflows${search}`, { orgId }, { headers: { Cookie: cookie } })) as unknown as ListData;
const form = (fields: Record<string, string>) => ({
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database);
  const b = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  const p = t.database.prisma;
  const pa = await p.priorAuth.create({ data: { organization_id: orgId, patient_name: "Jane Roe", medication_name: "Humira", intake_status: "failed" } });
  paId = pa.id;
  const at = (m: number) => new Date(Date.now() - m * 60_000);
  okRun = (
    await p.aiAgentRun.create({
      data: {
        organization_id: orgId,
        prior_auth_id: pa.id,
        agent: "extraction",
        step: 1,
        status: "succeeded",
        task_message: "Reading the fax",
        engine: "builtin",
        started_at: at(30),
        finished_at: at(29),
        duration_ms: 850,
        output: { patient: { first_name: "Jane" } },
      },
    })
  ).id;
  failedRun = (
    await p.aiAgentRun.create({
      data: {
        organization_id: orgId,
        prior_auth_id: pa.id,
        agent: "clinical_review",
        step: 3,
        status: "failed",
        task_message: "Clinical review",
        engine: "openai",
        model: "gpt-test",
        started_at: at(20),
        finished_at: at(19),
        duration_ms: 4200,
        error: "model timed out",
      },
    })
  ).id;
  chatRun = (
    await p.aiAgentRun.create({
      data: { organization_id: orgId, prior_auth_id: pa.id, agent: "chat", status: "failed", engine: "builtin", started_at: at(10), error: "x" },
    })
  ).id;
  otherRun = (await p.aiAgentRun.create({ data: { organization_id: otherOrgId, agent: "extraction", status: "failed", engine: "builtin" } })).id;
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("agent workflows list", () => {
  it("lists the organization's runs newest first with engine, duration and time ago", async () => {
    const d = await list();
    expect(d.list.runs.map((r) => r.token)).toEqual([chatRun, failedRun, okRun]);
    const failed = d.list.runs.find((r) => r.token === failedRun)!;
    expect(failed).toMatchObject({
      status: "failed",
      model_label: "gpt-test",
      duration_ms: 4200,
      time_ago_in_words: "20 minutes",
      retryable: true,
      subject: { kind: "prior_auth", id: paId, label: "Jane Roe · Humira" },
    });
    expect(d.list.runs.find((r) => r.token === okRun)).toMatchObject({ model_label: "Built-in engine", retryable: false });
    expect(d.list.runs.find((r) => r.token === chatRun)!.retryable).toBe(false); // not an intake step
    expect(d.list.failed_total).toBe(2);
    expect(d.list.agents).toEqual(["chat", "clinical_review", "extraction"]);
  });

  it("filters by status, agent and engine; bad filters are ignored", async () => {
    expect((await list("?status=failed")).list.runs.map((r) => r.token)).toEqual([chatRun, failedRun]);
    expect((await list("?agent=extraction")).list.runs.map((r) => r.token)).toEqual([okRun]);
    expect((await list("?engine=openai")).list.runs.map((r) => r.token)).toEqual([failedRun]);
    expect((await list("?status=nope&agent=%27;drop")).list.total).toBe(3);
  });
});

describe("agent workflow detail and retry", () => {
  it("shows the run's output", async () => {
    const d = (await callRoute(
      detailPage,
      "GET",
      `/o/${orgId}/agent-workflows/${okRun}`,
      { orgId, agentWorkflowId: okRun },
      { headers: { Cookie: cookie } },
    )) as unknown as DetailData;
    expect(d.run.output).toEqual({ patient: { first_name: "Jane" } });
  });

  it("retry of a failed intake run re-queues the intake of its prior auth", async () => {
    const res = await callRoute(
      detailPage,
      "POST",
      `/o/${orgId}/agent-workflows/${failedRun}`,
      { orgId, agentWorkflowId: failedRun },
      form({ intent: "retry" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/o/${orgId}/prior-auths/${paId}`);
    expect((await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: paId } })).intake_status).toBe("queued");
    const jobs = await t.database.prisma.job.findMany({ where: { name: "prior_auth.intake" } });
    expect(jobs.map((j) => (j.payload as { prior_auth_id: string }).prior_auth_id)).toEqual([paId]);
  });

  it("retry of a run that is not a failed intake step is refused with a message, not queued", async () => {
    const res = await callRoute(detailPage, "POST", `/o/${orgId}/agent-workflows/${okRun}`, { orgId, agentWorkflowId: okRun }, form({ intent: "retry" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/o/${orgId}/agent-workflows/${okRun}`);
    expect(await t.database.prisma.job.count()).toBe(1);
  });

  it("another organization's run is 404 to read and to retry", async () => {
    const get = await callRoute(
      detailPage,
      "GET",
      `/o/${orgId}/agent-workflows/${otherRun}`,
      { orgId, agentWorkflowId: otherRun },
      { headers: { Cookie: cookie } },
    );
    expect(get.status).toBe(404);
    const post = await callRoute(
      detailPage,
      "POST",
      `/o/${orgId}/agent-workflows/${otherRun}`,
      { orgId, agentWorkflowId: otherRun },
      form({ intent: "retry" }),
    );
    expect(post.status).toBe(404);
    const page = await callRoute(listPage, "GET", `/o/${otherOrgId}/agent-workflows`, { orgId: otherOrgId }, { headers: { Cookie: cookie } });
    expect(page.status).toBe(404);
  });
});
