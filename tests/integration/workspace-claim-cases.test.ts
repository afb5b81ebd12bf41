/**
 * Medical claims in the Cases queue (claimCaseSource): a claim's status and decision derived from
 * its service lines, claims sorted beside prior auths by due time (expedited first), the kind,
 * status, decision and assignee filters, Assign to me on a claim (same permission as prior auths),
 * another organization's claim answering 404, and the dashboard's workload counting claims.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { seedCases, seedClaims } from "../support/seed-cases";
import { listAllCases } from "~/cases/case-sources.server";
import { workloadStats } from "~/organizations/get-dashboard-stats.server";
import * as casesPage from "~/routes/workspace/cases";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let userId: string;
let colleagueId: string;
let cookie: string;
let readOnlyCookie: string;
let claims: Record<string, string>;
let otherClaimId: string;
const NOW = Date.now();
const ago = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

type CasesData = Awaited<ReturnType<typeof casesPage.loader>>;
async function queue(search = ""): Promise<CasesData> {
  return (await callRoute(casesPage, "GET", `/o/${orgId}/cases${search}`, { orgId }, { headers: { Cookie: cookie } })) as unknown as CasesData;
}
const labels = (d: CasesData) => d.page.cases.map((c) => c.patient_name?.replace("Patient ", ""));
async function post(fields: Record<string, string>, as = cookie) {
  return callRoute(
    casesPage,
    "POST",
    `/o/${orgId}/cases`,
    { orgId },
    { headers: { Cookie: as, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() },
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { username: "Ada Reviewer" });
  const b = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, userId);
  const p = t.database.prisma;
  colleagueId = (await p.user.create({ data: { email: "claims-colleague@example.test", username: "Cole League" } })).id;
  await p.membership.create({ data: { user_id: colleagueId, organization_id: orgId } });
  // a member whose only permission is reading cases (no cases.write)
  const readOnlyRole = await p.role.create({ data: { organization_id: orgId, name: "Case reader", description: "Reads cases", permissions: ["cases.read"] } });
  const reader = await p.user.create({ data: { email: "claims-reader@example.test", username: "Rea Der" } });
  await p.membership.create({ data: { user_id: reader.id, organization_id: orgId, roles: [], role_id: readOnlyRole.id } });
  readOnlyCookie = await signInCookie(t.database, reader.id);

  await seedCases(t.database, orgId, [
    { label: "pa-std", received: ago(100) }, // standard, due in 68 h
    { label: "pa-exp", urgency: "expedited", received: ago(10) }, // expedited, due in 62 h
  ]);
  claims = await seedClaims(t.database, orgId, [
    {
      // expedited, due 8 h ago; one line approved, one needs more information → outreach
      label: "cl-exp-late",
      urgency: "expedited",
      received: ago(80),
      lines: [
        { code: "72148", description: "MRI lumbar spine", ai: { decision: "approved", at: ago(79) } },
        { code: "97110", ai: { decision: "needs_more_information", at: ago(79) } },
      ],
    },
    {
      // standard, due in 18 h; an AI denial not signed off → review, decision denied (awaiting sign-off)
      label: "cl-std-soon",
      received: ago(150),
      assigneeId: colleagueId,
      lines: [
        { code: "E0601", ai: { decision: "approved", at: ago(149) } },
        { code: "J1745", ai: { decision: "denied", at: ago(149) } },
      ],
    },
    { label: "cl-intake", received: ago(1), intake: "pending" }, // standard, due in 167 h, intake
    {
      // every line approved by the AI alone → decided approved, determined by the AI at the last line (28 h ago)
      label: "cl-approved",
      received: ago(30),
      lines: [
        { code: "97110", ai: { decision: "approved", at: ago(29) } },
        { code: "97112", ai: { decision: "approved", at: ago(28) } },
      ],
    },
    {
      // one line approved, one AI denial signed off 40 h ago → decided, partially denied, by a human
      label: "cl-partial",
      received: ago(50),
      lines: [
        { code: "29881", ai: { decision: "approved", at: ago(49) } },
        { code: "29877", ai: { decision: "denied", at: ago(49), signedOffAt: ago(40) } },
      ],
    },
    {
      // the AI denied, a reviewer approved 55 h ago: the override wins → decided approved by a human
      label: "cl-override",
      received: ago(60),
      lines: [{ code: "J0135", ai: { decision: "denied", at: ago(59) }, human: { decision: "approve", at: ago(55) } }],
    },
  ]);
  otherClaimId = (await seedClaims(t.database, otherOrgId, [{ label: "other", received: ago(5), lines: [{ code: "72148" }] }])).other!;
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("claims in the Cases queue", () => {
  it("lists open claims beside prior auths, expedited first, then by due time", async () => {
    const d = await queue();
    expect(labels(d)).toEqual(["cl-exp-late", "pa-exp", "cl-std-soon", "pa-std", "cl-intake"]);
    expect(d.page.cases.map((c) => c.kind)).toEqual(["claim", "prior_auth", "claim", "prior_auth", "claim"]);
  });

  it("derives each claim's status and decision from its service lines", async () => {
    const all = (await queue("?status=all")).page.cases;
    const byLabel = (l: string) => all.find((c) => c.patient_name === `Patient ${l}`)!;
    expect(byLabel("cl-exp-late")).toMatchObject({
      kind: "claim",
      category: "service",
      id: claims["cl-exp-late"],
      path: `claims/${claims["cl-exp-late"]}`,
      subject: "MRI lumbar spine (72148) + 1 more",
      urgency: "expedited",
      status: "outreach",
      decision: "outreach",
      determination: null,
      lines: { total: 2, approved: 1, denied: 0, awaiting_sign_off: 0, outreach: 1, pending: 0 },
    });
    expect(byLabel("cl-exp-late").due_at.toISOString()).toBe(new Date(NOW - 8 * 3_600_000).toISOString());
    expect(byLabel("cl-std-soon")).toMatchObject({ status: "review", decision: "denied", determination: null, assignee_name: "Cole League" });
    expect(byLabel("cl-std-soon").lines).toMatchObject({ approved: 1, awaiting_sign_off: 1 });
    expect(byLabel("cl-intake")).toMatchObject({ status: "intake", decision: null, subject: null, lines: { total: 0 } });
    expect(byLabel("cl-approved")).toMatchObject({ status: "decided", decision: "approved", determination: "approved", determined_by: "ai" });
    expect(byLabel("cl-approved").determined_at!.toISOString()).toBe(ago(28));
    expect(byLabel("cl-partial")).toMatchObject({ status: "decided", decision: "denied", determination: "denied", determined_by: "human" });
    expect(byLabel("cl-partial").determined_at!.toISOString()).toBe(ago(40));
    expect(byLabel("cl-partial").lines).toMatchObject({ total: 2, approved: 1, denied: 1 });
    expect(byLabel("cl-override")).toMatchObject({ status: "decided", decision: "approved", determined_by: "human" });
    expect(byLabel("cl-override").determined_at!.toISOString()).toBe(ago(55));
  });

  it("status=all puts decided claims after the open cases, newest determination first", async () => {
    expect(labels(await queue("?status=all"))).toEqual([
      "cl-exp-late",
      "pa-exp",
      "cl-std-soon",
      "pa-std",
      "cl-intake",
      "cl-approved",
      "cl-partial",
      "cl-override",
    ]);
  });

  it("filters by kind, status, decision and assignee", async () => {
    expect(labels(await queue("?kind=claim"))).toEqual(["cl-exp-late", "cl-std-soon", "cl-intake"]);
    expect(labels(await queue("?kind=prior_auth"))).toEqual(["pa-exp", "pa-std"]);
    expect(labels(await queue("?kind=bogus"))).toHaveLength(5); // unknown kind: every kind
    expect(labels(await queue("?status=outreach"))).toEqual(["cl-exp-late"]);
    expect(labels(await queue("?status=intake"))).toEqual(["cl-intake"]);
    expect(labels(await queue("?status=decided&kind=claim"))).toEqual(["cl-approved", "cl-partial", "cl-override"]);
    expect(labels(await queue("?status=all&decision=denied"))).toEqual(["cl-std-soon", "cl-partial"]);
    expect(labels(await queue("?status=all&decision=approved"))).toEqual(["cl-approved", "cl-override"]);
    expect(labels(await queue("?decision=pending"))).toEqual(["pa-exp", "pa-std", "cl-intake"]);
    expect(labels(await queue(`?assignee=${colleagueId}`))).toEqual(["cl-std-soon"]);
    expect(labels(await queue("?assignee=unassigned&kind=claim"))).toEqual(["cl-exp-late", "cl-intake"]);
  });

  it("assign to me on a claim sets the signed-in user as its assignee; unassign clears it", async () => {
    const res = await post({ intent: "assign", kind: "claim", case_id: claims["cl-intake"]!, redirect_to: `/o/${orgId}/cases?kind=claim` });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/o/${orgId}/cases?kind=claim`);
    expect((await t.database.prisma.claim.findUniqueOrThrow({ where: { id: claims["cl-intake"]! } })).assignee_id).toBe(userId);
    const mine = await queue("?assignee=me");
    expect(labels(mine)).toEqual(["cl-intake"]);
    expect(mine.page.cases[0]).toMatchObject({ kind: "claim", assignee_id: userId, assignee_name: "Ada Reviewer" });
    expect((await post({ intent: "unassign", kind: "claim", case_id: claims["cl-intake"]! })).status).toBe(302);
    expect(labels(await queue("?assignee=me"))).toEqual([]);
    expect((await t.database.prisma.claim.findUniqueOrThrow({ where: { id: claims["cl-intake"]! } })).assignee_id).toBeNull();
  });

  it("assigning needs cases.write, as for prior auths", async () => {
    const res = await post({ intent: "assign", kind: "claim", case_id: claims["cl-exp-late"]! }, readOnlyCookie);
    expect(res.status).toBe(403);
    expect((await t.database.prisma.claim.findUniqueOrThrow({ where: { id: claims["cl-exp-late"]! } })).assignee_id).toBeNull();
    // the reader still sees the queue, claims included
    const read = await callRoute(casesPage, "GET", `/o/${orgId}/cases?kind=claim`, { orgId }, { headers: { Cookie: readOnlyCookie } });
    expect((read as unknown as CasesData).page.total).toBe(3);
  });

  it("another organization's claim answers 404 and is left unassigned; a claim id under the prior-auth kind is 404", async () => {
    const res = await post({ intent: "assign", kind: "claim", case_id: otherClaimId });
    expect(res.status).toBe(404);
    expect((await t.database.prisma.claim.findUniqueOrThrow({ where: { id: otherClaimId } })).assignee_id).toBeNull();
    expect((await post({ intent: "assign", kind: "prior_auth", case_id: claims["cl-exp-late"]! })).status).toBe(404);
    expect((await post({ intent: "assign", kind: "claim", case_id: "../../etc" })).status).toBe(404);
    expect(labels(await queue("?status=all&kind=claim"))).not.toContain("other");
  });
});

describe("dashboard workload with claims", () => {
  it("counts claims in active, overdue, automation rate and median turnaround", async () => {
    const cases = await listAllCases(t.database, orgId);
    const w = workloadStats(cases, new Date(NOW));
    // open: pa-std, pa-exp, cl-exp-late, cl-std-soon, cl-intake
    expect(w.active).toBe(5);
    expect(w.overdue).toBe(1); // cl-exp-late, due 8 h ago
    // determinations in 30 days: cl-approved (AI, 2 h), cl-partial (human, 10 h), cl-override (human, 5 h)
    expect(w.automation_rate).toBe(33.3);
    expect(w.median_turnaround_hours).toBe(5);
  });
});
