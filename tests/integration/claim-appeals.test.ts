/**
 * Review time-frame extensions and appeals of medical claims (issue 13), through the /api routes and
 * the domain (app/appeals, shared with prior auths): an extension moves the claim's due time once by
 * up to 14 days while a service line is undetermined; an appeal covers signed-off denied lines and
 * is decided by a clinical reviewer; an overturn approves those lines without touching their AI or
 * human decisions, and the claim's derived status/decision follows; the CMS-0057-F services figures
 * count claims' appeals and extensions, checked on cases with known dates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { seedClaims, type SeedClaim } from "../support/seed-cases";
import { callRoute } from "./api-prior-auths.seed";
import { signOffAndSendLineDenial } from "~/claims/claim-review.server";
import { listAllCases } from "~/cases/case-sources.server";
import { extendTimeFrame } from "~/appeals/extend-time-frame.server";
import { decideAppeal, recordAppeal } from "~/appeals/record-appeal.server";
import { getMetricsReport } from "~/reports/get-metrics-report.server";
import * as extensionRoute from "~/routes/api/claims/extension";
import * as appealsRoute from "~/routes/api/claims/appeals";
import * as decisionRoute from "~/routes/api/claims/appeal-decision";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let ownerId: string;
let owner: string; // administrator + clinical reviewer
let reviewer: string; // reviewer: decides cases, cannot sign off
let author: string; // policy author: reads cases only
let other: string; // owner of another organization
let apiKey: string;
const DAY = 86_400_000;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Claim Appeals Plan", username: "Dr. Priya Shah" });
  const b = await createOrgWithUser(t.database, { orgName: "Other Claims Plan" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  ownerId = a.user.id;
  owner = await signInCookie(t.database, a.user.id);
  other = await signInCookie(t.database, b.user.id);
  const member = async (roles: string[]) => {
    const u = await t.database.prisma.user.create({ data: { email: `${roles[0]}-${Date.now()}@claim-appeals.test`, username: roles[0]! } });
    await t.database.prisma.membership.create({ data: { user_id: u.id, organization_id: orgId, roles } });
    return signInCookie(t.database, u.id);
  };
  reviewer = await member(["reviewer"]);
  author = await member(["policy_author"]);
  apiKey = (await createApiKey(t.database, orgId)).token;
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const extend = (id: string, body: unknown, headers: Record<string, string> = { Cookie: reviewer }, org = orgId) =>
  callRoute(extensionRoute, "POST", `/api/o/${org}/claims/${id}/extension`, { orgId: org, id }, { headers, body });
const appeal = (id: string, body: unknown, headers: Record<string, string> = { Cookie: reviewer }, org = orgId) =>
  callRoute(appealsRoute, "POST", `/api/o/${org}/claims/${id}/appeals`, { orgId: org, id }, { headers, body });
const state = async (id: string, headers: Record<string, string> = { Cookie: reviewer }, org = orgId) =>
  callRoute(appealsRoute, "GET", `/api/o/${org}/claims/${id}/appeals`, { orgId: org, id }, { headers });
const decide = (id: string, appealId: string, body: unknown, headers: Record<string, string> = { Cookie: owner }, org = orgId) =>
  callRoute(decisionRoute, "POST", `/api/o/${org}/claims/${id}/appeals/${appealId}/decision`, { orgId: org, id, appealId }, { headers, body });
const today = () => new Date().toISOString().slice(0, 10);

/** One claim of `org` received now (or at `received`), with the given lines; returns its id and its lines' ids in order. */
async function claim(lines: SeedClaim["lines"], opts: { received?: string; urgency?: "standard" | "expedited"; org?: string } = {}) {
  const label = `CA${++n}`;
  const ids = await seedClaims(t.database, opts.org ?? orgId, [{ label, received: opts.received ?? new Date().toISOString(), urgency: opts.urgency, lines }]);
  const id = ids[label]!;
  const lineIds = (await t.database.prisma.serviceRequest.findMany({ where: { claim_id: id }, orderBy: { line_number: "asc" } })).map((l) => l.id);
  return { id, lineIds };
}
const record = async (id: string) => (await listAllCases(t.database, orgId)).find((c) => c.id === id)!;
const at = (hoursAgo = 1) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

describe("time-frame extension of a claim", () => {
  it("moves the claim's due time by 14 days (default) once; the Cases queue shows it; audited", async () => {
    const { id } = await claim([{ code: "72148", ai: { decision: "denied", at: at() } }, { code: "97110" }]);
    const before = await t.database.prisma.claim.findUniqueOrThrow({ where: { id } });
    const expectedPrevious = new Date(before.received_at.getTime() + 7 * DAY);
    const res = await extend(id, { reason_kind: "more_information", reason: "Awaiting the imaging report" });
    expect(res.status).toBe(200);
    const { extension } = await res.json();
    expect(extension).toMatchObject({ days: 14, reason_kind: "more_information", user: { username: "reviewer" } });
    expect(extension.previous_due_at).toBe(expectedPrevious.toISOString());
    expect(extension.new_due_at).toBe(new Date(expectedPrevious.getTime() + 14 * DAY).toISOString());
    expect((await t.database.prisma.claim.findUniqueOrThrow({ where: { id } })).due_at!.toISOString()).toBe(extension.new_due_at);
    expect((await record(id)).due_at.toISOString()).toBe(extension.new_due_at);
    expect(
      await t.database.prisma.auditEvent.count({ where: { organization_id: orgId, action: "claim.extend_time_frame", resource_id: extension.token } }),
    ).toBe(1);

    const again = await extend(id, { reason_kind: "member_requested", reason: "More time", days: 3 });
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0]).toMatch(/claim was already extended once/);
    const s = await (await state(id)).json();
    expect(s.extension).toMatchObject({ token: extension.token });
    expect(s.extension_blocked).toMatch(/already extended once/);
  });

  it("expedited: 72 h + the days asked; bad input is 422 and stores nothing", async () => {
    const { id } = await claim([{ code: "72148" }], { urgency: "expedited" });
    for (const body of [{ reason_kind: "member_requested" }, { reason_kind: "x", reason: "r" }, { reason_kind: "member_requested", reason: "r", days: 15 }]) {
      expect((await extend(id, body)).status).toBe(422);
    }
    expect(await t.database.prisma.timeFrameExtension.count({ where: { claim_id: id } })).toBe(0);
    const c = await t.database.prisma.claim.findUniqueOrThrow({ where: { id } });
    const res = await extend(id, { reason_kind: "member_requested", reason: "Member asked for time", days: 5 });
    expect(res.status).toBe(200);
    expect((await res.json()).extension.new_due_at).toBe(new Date(c.received_at.getTime() + 72 * 3_600_000 + 5 * DAY).toISOString());
  });

  it("is refused once every line is finally determined, and after the due time", async () => {
    const decided = await claim([{ code: "72148", ai: { decision: "approved", at: at() } }]);
    const res = await extend(decided.id, { reason_kind: "member_requested", reason: "x" });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0]).toMatch(/claim already has a final determination/);
    const late = await claim([{ code: "72148" }], { received: new Date(Date.now() - 8 * DAY).toISOString() });
    const res2 = await extend(late.id, { reason_kind: "member_requested", reason: "x" });
    expect(res2.status).toBe(409);
    expect((await res2.json()).errors[0]).toMatch(/past its due time/);
  });

  it("roles and tenancy: a policy author gets 403; another organization's member or key gets 404", async () => {
    const { id } = await claim([{ code: "72148" }]);
    expect((await extend(id, { reason_kind: "member_requested", reason: "x" }, { Cookie: author })).status).toBe(403);
    expect((await extend(id, { reason_kind: "member_requested", reason: "x" }, { Cookie: other })).status).toBe(404);
    const theirs = await claim([{ code: "72148" }], { org: otherOrgId });
    const res = await extend(theirs.id, { reason_kind: "member_requested", reason: "x" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, errors: [expect.stringMatching(/not found/i)] });
    expect((await state(theirs.id)).status).toBe(404);
    expect((await state(id, { Cookie: other })).status).toBe(404);
    expect((await appeal(theirs.id, { received_at: today(), appellant: "member" })).status).toBe(404);
    expect((await appeal(theirs.id, { received_at: today(), appellant: "member" }, { Authorization: `Bearer ${apiKey}` })).status).toBe(404);
    expect(await t.database.prisma.timeFrameExtension.count({ where: { claim_id: { in: [id, theirs.id] } } })).toBe(0);
  });
});

describe("appeals of a claim's denied lines", () => {
  it("are refused until a line's denial is signed off; an overturn approves the line, the decisions stay, the claim shows approved", async () => {
    const { id, lineIds } = await claim([
      { code: "97110", ai: { decision: "approved", at: at(3) } },
      { code: "72148", ai: { decision: "denied", at: at(2) } },
    ]);
    const early = await appeal(id, { received_at: today(), appellant: "member" });
    expect(early.status).toBe(409);
    expect((await early.json()).errors[0]).toMatch(/sign off the denial of a service line/);

    await signOffAndSendLineDenial(t.database, orgId, id, lineIds[1]!, { userId: ownerId, clinician_sign_off: true });
    const denied = await record(id);
    expect(denied).toMatchObject({ status: "decided", decision: "denied", determination: "denied", lines: { approved: 1, denied: 1 } });
    const decisionsBefore = await t.database.prisma.serviceDecision.findMany({ where: { claim_id: id }, orderBy: { id: "asc" } });

    // only a finally denied line can be named
    const wrongLine = await appeal(id, { received_at: today(), appellant: "member", service_request_ids: [lineIds[0]] });
    expect(wrongLine.status).toBe(422);
    expect((await wrongLine.json()).errors[0]).toMatch(/Only service lines whose denial is final/);

    const recorded = await appeal(id, { received_at: today(), appellant: "prescriber", notes: "Six weeks of physical therapy documented" });
    expect(recorded.status).toBe(200);
    const { appeal: a } = await recorded.json();
    expect(a).toMatchObject({ appellant: "prescriber", outcome: null, service_request_ids: [lineIds[1]], recorded_by: { username: "reviewer" } });
    expect((await appeal(id, { received_at: today(), appellant: "member" })).status).toBe(409); // one open at a time

    // only a signed-in clinical reviewer decides
    expect((await decide(id, a.token, { outcome: "overturned", reason: "x" }, { Cookie: reviewer })).status).toBe(403);
    expect((await decide(id, a.token, { outcome: "overturned", reason: "x" }, { Authorization: `Bearer ${apiKey}` })).status).toBe(403);
    expect((await decide(id, a.token, { outcome: "overturned", reason: "x" }, { Cookie: other })).status).toBe(404);
    expect((await decide(id, a.token, { outcome: "overturned" })).status).toBe(422);

    const res = await decide(id, a.token, { outcome: "overturned", reason: "Conservative therapy met on the new notes" });
    expect(res.status).toBe(200);
    expect((await res.json()).appeal).toMatchObject({ outcome: "overturned", decided_by: { id: ownerId } });

    // the lines' AI and human decisions are untouched; the claim shows approved, its initial determination stays
    expect(await t.database.prisma.serviceDecision.findMany({ where: { claim_id: id }, orderBy: { id: "asc" } })).toEqual(decisionsBefore);
    expect(await record(id)).toMatchObject({
      status: "decided",
      decision: "approved",
      determination: "denied",
      lines: { total: 2, approved: 2, denied: 0, approved_after_appeal: 1 },
    });
    const s = await (await state(id)).json();
    expect(s.appeal_outcome).toBe("approved_after_appeal");
    expect(s.appeal_blocked).toMatch(/already overturned/);
    expect(s.appealable_lines).toEqual([]);
    expect((await decide(id, a.token, { outcome: "upheld", reason: "again" })).status).toBe(409);
    const actions = (await t.database.prisma.auditEvent.findMany({ where: { organization_id: orgId, resource_id: a.token }, select: { action: true } })).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["appeal.record", "appeal.decide"]));
  });

  it("upheld: the denial stands and the other denied line can then be appealed on its own", async () => {
    const { id, lineIds } = await claim([
      { code: "72148", ai: { decision: "denied", at: at(3) } },
      { code: "E0601", human: { decision: "deny", at: at(2) } },
    ]);
    await signOffAndSendLineDenial(t.database, orgId, id, lineIds[0]!, { userId: ownerId, clinician_sign_off: true });
    await signOffAndSendLineDenial(t.database, orgId, id, lineIds[1]!, { userId: ownerId, clinician_sign_off: true });
    const first = await recordAppeal(
      t.database,
      orgId,
      { kind: "claim", id },
      { received_at: today(), appellant: "member", service_request_ids: [lineIds[0]!] },
      null,
    );
    expect(first.service_request_ids).toEqual([lineIds[0]]);
    await decideAppeal(t.database, orgId, { kind: "claim", id }, first.token, { outcome: "upheld", reason: "Criteria not met" }, ownerId);
    expect(await record(id)).toMatchObject({ decision: "denied", lines: { denied: 2 } });
    const second = await recordAppeal(
      t.database,
      orgId,
      { kind: "claim", id },
      { received_at: today(), appellant: "member", service_request_ids: [lineIds[1]!] },
      null,
    );
    await decideAppeal(t.database, orgId, { kind: "claim", id }, second.token, { outcome: "overturned", reason: "CPAP titration documented" }, ownerId);
    // a partial overturn: one line approved after appeal, the other still denied → the claim stays denied
    expect(await record(id)).toMatchObject({ decision: "denied", lines: { approved: 1, denied: 1, approved_after_appeal: 1 } });
    const s = await (await state(id)).json();
    expect(s.appealable_lines.map((l: { service_request_id: string }) => l.service_request_id)).toEqual([lineIds[0]]);
    expect(s.appeal_blocked).toBeNull();
  });
});

describe("CMS-0057-F services figures count claims' appeals and extensions", () => {
  it("computes both from claims received in April 2026 with known dates", async () => {
    const org = await createOrgWithUser(t.database, { orgName: "Claims Report Plan" });
    const o = org.organization.id;
    const db = t.database;
    const ids = await seedClaims(db, o, [
      // standard
      { label: "S1", received: "2026-04-06T09:00:00Z", lines: [{ code: "72148" }] }, // extended 04-07, then approved by a reviewer 04-15
      { label: "S2", received: "2026-04-07T09:00:00Z", lines: [{ code: "72148" }] }, // extended, still pending
      { label: "S3", received: "2026-04-08T09:00:00Z", lines: [{ code: "72148", ai: { decision: "denied", at: "2026-04-08T12:00:00Z" } }] }, // appealed, overturned
      { label: "S4", received: "2026-04-09T09:00:00Z", lines: [{ code: "E0601", ai: { decision: "denied", at: "2026-04-09T12:00:00Z" } }] }, // appealed, upheld
      { label: "S5", received: "2026-04-10T09:00:00Z", lines: [{ code: "97110", ai: { decision: "approved", at: "2026-04-10T10:00:00Z" } }] }, // approved, nothing else
      // expedited
      {
        label: "X1",
        received: "2026-04-13T00:00:00Z",
        urgency: "expedited",
        lines: [{ code: "72148", ai: { decision: "denied", at: "2026-04-13T05:00:00Z" } }],
      }, // appeal open
      { label: "X2", received: "2026-04-14T00:00:00Z", urgency: "expedited", lines: [{ code: "72148" }] }, // extended within 72 h, approved
      // outside the period: extended and approved, must not count
      { label: "L1", received: "2026-05-04T09:00:00Z", lines: [{ code: "72148" }] },
    ]);
    const lineOf = async (label: string) => (await db.prisma.serviceRequest.findFirstOrThrow({ where: { claim_id: ids[label] } })).id;
    const ext = (label: string, now: string) =>
      extendTimeFrame(
        db,
        o,
        { kind: "claim", id: ids[label]! },
        { reason_kind: "more_information", reason: "Imaging report requested" },
        org.user.id,
        new Date(now),
      );
    const approveAt = async (label: string, when: string) =>
      db.prisma.serviceDecision.create({
        data: {
          claim_id: ids[label]!,
          service_request_id: await lineOf(label),
          agent: "human",
          final_decision: "approved",
          approved: true,
          reason: "ok",
          created_at: new Date(when),
        },
      });
    const signOff = async (label: string) =>
      signOffAndSendLineDenial(db, o, ids[label]!, await lineOf(label), { userId: org.user.id, clinician_sign_off: true });
    const appealOf = (label: string) => recordAppeal(db, o, { kind: "claim", id: ids[label]! }, { received_at: today(), appellant: "member" }, org.user.id);
    const decideOf = (label: string, token: string, outcome: "overturned" | "upheld") =>
      decideAppeal(db, o, { kind: "claim", id: ids[label]! }, token, { outcome, reason: "Reviewed on appeal" }, org.user.id);

    await ext("S1", "2026-04-07T09:00:00Z");
    await approveAt("S1", "2026-04-15T09:00:00Z");
    await ext("S2", "2026-04-08T09:00:00Z");
    await signOff("S3");
    await decideOf("S3", (await appealOf("S3")).token, "overturned");
    await signOff("S4");
    await decideOf("S4", (await appealOf("S4")).token, "upheld");
    await signOff("X1");
    await appealOf("X1");
    await ext("X2", "2026-04-14T01:00:00Z");
    await approveAt("X2", "2026-04-28T00:00:00Z");
    await ext("L1", "2026-05-05T09:00:00Z");
    await approveAt("L1", "2026-05-06T09:00:00Z");

    const r = await getMetricsReport(db, o, { from: "2026-04-01", to: "2026-04-30" }, new Date("2026-11-01T00:00:00Z"));
    // standard S1..S5: approved S1, S5; denied S3, S4 (initial determinations: the overturn does not rewrite S3's); S2 pending
    // extended S1 (approved), S2 (pending) → 1 of 5 = 20 %; appealed S3 (overturned), S4 (upheld) → 1 of 2 = 50 %
    expect(r.service.standard).toMatchObject({
      requests: 5,
      approved: 2,
      denied: 2,
      pending: 1,
      extended: 2,
      extended_approved: 1,
      percent_extended_timeframe_approved: 20,
      appealed: 2,
      approved_after_appeal: 1,
      percent_approved_after_appeal: 50,
    });
    // expedited X1, X2: X2 extended and approved → 1 of 2 = 50 %; X1's appeal is open → 0 of 1 = 0 %
    expect(r.service.expedited).toMatchObject({
      requests: 2,
      extended: 1,
      extended_approved: 1,
      percent_extended_timeframe_approved: 50,
      appealed: 1,
      approved_after_appeal: 0,
      percent_approved_after_appeal: 0,
    });
    // all: 2 of 7 extended and approved = 28.6 %; 1 of 3 appealed overturned = 33.3 %
    expect(r.service.all).toMatchObject({
      requests: 7,
      extended_approved: 2,
      percent_extended_timeframe_approved: 28.6,
      appealed: 3,
      approved_after_appeal: 1,
      percent_approved_after_appeal: 33.3,
    });
    expect(r.drug.all.requests).toBe(0);
    expect(r.not_tracked).toEqual([]);
  });
});
