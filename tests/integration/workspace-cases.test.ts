/**
 * The Cases queue (working order, filters, assign to me) and the dashboard's workload figures,
 * through the route modules on a real database with cases of known times.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { seedCases } from "../support/seed-cases";
import { listAllCases } from "~/cases/case-sources.server";
import { workloadStats } from "~/organizations/get-dashboard-stats.server";
import * as casesPage from "~/routes/workspace/cases";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let userId: string;
let colleagueId: string;
let cookie: string;
let ids: Record<string, string>;
let otherCaseId: string;

type CasesData = Awaited<ReturnType<typeof casesPage.loader>>;
async function queue(search = ""): Promise<CasesData> {
  return (await callRoute(casesPage, "GET", `/o/${orgId}/cases${search}`, { orgId }, { headers: { Cookie: cookie } })) as unknown as CasesData;
}
const labels = (d: CasesData) => d.page.cases.map((c) => c.patient_name?.replace("Patient ", ""));

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { username: "Ada Reviewer" });
  const b = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, userId);
  const colleague = await t.database.prisma.user.create({ data: { email: "colleague@example.test", username: "Cole League" } });
  colleagueId = colleague.id;
  await t.database.prisma.membership.create({ data: { user_id: colleagueId, organization_id: orgId } });
  const now = Date.now();
  const ago = (h: number) => new Date(now - h * 3_600_000).toISOString();
  ids = await seedCases(t.database, orgId, [
    { label: "std-late", received: ago(200) }, // standard, due 32 h ago
    { label: "std-soon", received: ago(160), assigneeId: colleagueId }, // standard, due in 8 h
    { label: "exp-late", urgency: "expedited", received: ago(80), ai: { decision: "needs_more_information", at: ago(79) } }, // due 8 h ago, outreach
    { label: "exp-new", urgency: "expedited", received: ago(1), intake: "pending" }, // due in 71 h, intake
    { label: "std-denied-ai", received: ago(10), ai: { decision: "denied", at: ago(9) } }, // review: awaits sign-off
    { label: "done-ai", received: ago(30), ai: { decision: "approved", at: ago(29) } }, // decided by AI in 1 h
    { label: "done-human", received: ago(50), ai: { decision: "denied", at: ago(49) }, human: { decision: "deny", at: ago(40) } }, // decided by a human in 10 h
  ]);
  otherCaseId = (await seedCases(t.database, otherOrgId, [{ label: "other", received: ago(5) }])).other!;
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("Cases queue", () => {
  it("lists open cases expedited first, then by due time; decided cases are left out by default", async () => {
    const d = await queue();
    expect(labels(d)).toEqual(["exp-late", "exp-new", "std-late", "std-soon", "std-denied-ai"]);
    expect(d.page.total).toBe(5);
  });

  it("status=all puts decided cases after the open ones, newest determination first", async () => {
    expect(labels(await queue("?status=all"))).toEqual(["exp-late", "exp-new", "std-late", "std-soon", "std-denied-ai", "done-ai", "done-human"]);
  });

  it("filters by status, decision and assignee", async () => {
    expect(labels(await queue("?status=intake"))).toEqual(["exp-new"]);
    expect(labels(await queue("?status=outreach"))).toEqual(["exp-late"]);
    expect(labels(await queue("?status=decided"))).toEqual(["done-ai", "done-human"]);
    expect(labels(await queue("?status=all&decision=denied"))).toEqual(["std-denied-ai", "done-human"]);
    expect(labels(await queue("?decision=pending"))).toEqual(["exp-new", "std-late", "std-soon"]);
    expect(labels(await queue(`?assignee=${colleagueId}`))).toEqual(["std-soon"]);
    expect(labels(await queue("?assignee=unassigned"))).toEqual(["exp-late", "exp-new", "std-late", "std-denied-ai"]);
    expect(labels(await queue("?assignee=me"))).toEqual([]);
    expect((await queue()).users.map((u) => u.username).sort()).toEqual(["Ada Reviewer", "Cole League"]);
  });

  it("nonsense filters fall back to the defaults instead of failing", async () => {
    const d = await queue("?status=bogus&decision=%00&page=-3");
    expect(d.query).toMatchObject({ status: "open", page: 1 });
    expect(d.page.total).toBe(5);
  });

  it("assign to me sets the signed-in user as assignee; unassign clears it", async () => {
    const form = new URLSearchParams({ intent: "assign", kind: "prior_auth", case_id: ids["std-late"]!, redirect_to: `/o/${orgId}/cases?status=open` });
    const res = await callRoute(
      casesPage,
      "POST",
      `/o/${orgId}/cases`,
      { orgId },
      { headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/o/${orgId}/cases?status=open`);
    const mine = await queue("?assignee=me");
    expect(labels(mine)).toEqual(["std-late"]);
    expect(mine.page.cases[0]!.assignee_name).toBe("Ada Reviewer");
    const un = new URLSearchParams({ intent: "unassign", kind: "prior_auth", case_id: ids["std-late"]! });
    await callRoute(
      casesPage,
      "POST",
      `/o/${orgId}/cases`,
      { orgId },
      { headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: un.toString() },
    );
    expect(labels(await queue("?assignee=me"))).toEqual([]);
  });

  it("assigning another organization's case is 404 and changes nothing; another organization's queue is 404", async () => {
    const form = new URLSearchParams({ intent: "assign", kind: "prior_auth", case_id: otherCaseId });
    const res = await callRoute(
      casesPage,
      "POST",
      `/o/${orgId}/cases`,
      { orgId },
      { headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() },
    );
    expect(res.status).toBe(404);
    expect((await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: otherCaseId } })).assignee_id).toBeNull();
    const page = await callRoute(casesPage, "GET", `/o/${otherOrgId}/cases`, { orgId: otherOrgId }, { headers: { Cookie: cookie } });
    expect(page.status).toBe(404);
    const bad = new URLSearchParams({ intent: "assign", kind: "claim", case_id: ids["std-late"]! });
    const claim = await callRoute(
      casesPage,
      "POST",
      `/o/${orgId}/cases`,
      { orgId },
      { headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: bad.toString() },
    );
    expect(claim.status).toBe(404); // a prior auth's id under the claim kind is no claim of this organization
  });
});

describe("dashboard workload", () => {
  it("counts active, due today, overdue, decisions this week, automation rate and median turnaround", async () => {
    const now = new Date();
    const cases = await listAllCases(t.database, orgId);
    const w = workloadStats(cases, now);
    expect(w.active).toBe(5);
    expect(w.overdue).toBe(2); // std-late, exp-late
    // std-soon is due in 8 h: today if before midnight UTC
    const soonDue = cases.find((c) => c.id === ids["std-soon"])!.due_at;
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const expDue = cases.find((c) => c.id === ids["exp-new"])!.due_at;
    expect(w.due_today).toBe((soonDue.getTime() < midnight ? 1 : 0) + (expDue.getTime() < midnight ? 1 : 0));
    expect(w.automation_rate).toBe(50); // done-ai by AI, done-human by a reviewer
    expect(w.median_turnaround_hours).toBe(5.5); // 1 h and 10 h
  });

  it("decisions this week start on Monday 00:00 UTC", () => {
    const mk = (determined: string) =>
      ({
        determined_at: new Date(determined),
        received_at: new Date("2026-03-01T00:00:00Z"),
        due_at: new Date("2026-03-20T00:00:00Z"),
        status: "decided",
        determined_by: "human",
      }) as never;
    const wednesday = new Date("2026-03-11T12:00:00Z");
    const w = workloadStats([mk("2026-03-08T23:59:00Z"), mk("2026-03-09T00:00:00Z"), mk("2026-03-11T11:00:00Z")], wednesday);
    expect(w.decisions_this_week).toBe(2);
    expect(w.active).toBe(0);
  });
});
