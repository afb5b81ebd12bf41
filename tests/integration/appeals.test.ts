/**
 * Review time-frame extensions and appeals of prior auths (issue 13), through the /api routes and
 * the domain: an extension moves the due time by up to 14 days once, only while the case is open and
 * its clock has not run out; an appeal can be recorded only on a signed-off (final) denial and decided
 * only by a clinical reviewer; an overturn makes the case approved without touching the original
 * decisions; the CMS-0057-F report counts both, checked against cases with known dates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, seedReviewedCase } from "./api-prior-auths.seed";
import { runIntake } from "~/intake/run-intake.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { generateDenialLetter } from "~/letters/generate-denial-letter.server";
import { extendTimeFrame } from "~/appeals/extend-time-frame.server";
import { decideAppeal, recordAppeal } from "~/appeals/record-appeal.server";
import { getMetricsReport } from "~/reports/get-metrics-report.server";
import * as extensionRoute from "~/routes/api/prior-auths/extension";
import * as appealsRoute from "~/routes/api/prior-auths/appeals";
import * as decisionRoute from "~/routes/api/prior-auths/appeal-decision";

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

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Appeals Plan", username: "Dr. Priya Shah" });
  const b = await createOrgWithUser(t.database, { orgName: "Other Plan" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  ownerId = a.user.id;
  owner = await signInCookie(t.database, a.user.id);
  other = await signInCookie(t.database, b.user.id);
  const member = async (roles: string[]) => {
    const u = await t.database.prisma.user.create({ data: { email: `${roles[0]}-${Date.now()}@appeals.test`, username: roles[0]! } });
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
  callRoute(extensionRoute, "POST", `/api/o/${org}/prior_auths/${id}/extension`, { orgId: org, id }, { headers, body });
const appeal = (id: string, body: unknown, headers: Record<string, string> = { Cookie: reviewer }, org = orgId) =>
  callRoute(appealsRoute, "POST", `/api/o/${org}/prior_auths/${id}/appeals`, { orgId: org, id }, { headers, body });
const state = async (id: string) =>
  (await callRoute(appealsRoute, "GET", `/api/o/${orgId}/prior_auths/${id}/appeals`, { orgId, id }, { headers: { Cookie: reviewer } })).json();
const decide = (id: string, appealId: string, body: unknown, headers: Record<string, string> = { Cookie: owner }, org = orgId) =>
  callRoute(decisionRoute, "POST", `/api/o/${org}/prior_auths/${id}/appeals/${appealId}/decision`, { orgId: org, id, appealId }, { headers, body });
const today = () => new Date().toISOString().slice(0, 10);

/** A case whose AI denial a clinician signed off (the human denial + letter make the denial final). */
async function finalDenial() {
  const seeded = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
  await generateDenialLetter(t.database, orgId, seeded.priorAuthId, { userId: ownerId, clinician_sign_off: true });
  return seeded;
}

describe("time-frame extension", () => {
  it("moves the due time by 14 days (default), records who, why and the previous due time, and is audited", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const before = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
    const expectedPrevious = new Date(before.received_at.getTime() + 7 * DAY); // standard: 7 calendar days
    const res = await extend(priorAuthId, { reason_kind: "more_information", reason: "Awaiting chart notes from the rheumatologist" });
    expect(res.status).toBe(200);
    const { extension } = await res.json();
    expect(extension).toMatchObject({
      days: 14,
      reason_kind: "more_information",
      reason: "Awaiting chart notes from the rheumatologist",
      user: { username: "reviewer" },
    });
    expect(extension.previous_due_at).toBe(expectedPrevious.toISOString());
    expect(extension.new_due_at).toBe(new Date(expectedPrevious.getTime() + 14 * DAY).toISOString());
    const after = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
    expect(after.due_at!.toISOString()).toBe(extension.new_due_at);
    expect((await state(priorAuthId)).extension).toMatchObject({ token: extension.token, days: 14 });
    const audit = await t.database.prisma.auditEvent.findMany({
      where: { organization_id: orgId, prior_auth_id: priorAuthId, action: "prior_auth.extend_time_frame" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resource_id: extension.token, method: "POST", actor_type: "user" });

    // a second extension is refused, and the due time stays
    const again = await extend(priorAuthId, { reason_kind: "member_requested", reason: "Member asks for more time", days: 3 });
    expect(again.status).toBe(409);
    expect((await again.json()).errors[0]).toMatch(/already extended once/);
    expect((await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } })).due_at!.toISOString()).toBe(extension.new_due_at);
  });

  it("an intake re-run recomputes the due time with the extension still on it", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "needs_more_information" });
    const res = await extend(priorAuthId, { reason_kind: "member_requested", reason: "Member asked for time", days: 10 });
    expect(res.status).toBe(200);
    await runIntake(t.database, priorAuthId);
    const after = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
    expect(after.intake_status).toBe("succeeded");
    expect(after.due_at!.toISOString()).toBe(new Date(dueAt(after.received_at, after.urgency).getTime() + 10 * DAY).toISOString());
  });

  it("expedited: the 72-hour time frame is extended by the days asked (422.572(b))", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "needs_more_information" });
    const pa = await t.database.prisma.priorAuth.update({ where: { id: priorAuthId }, data: { urgency: "expedited" } });
    const res = await extend(priorAuthId, { reason_kind: "member_requested", reason: "Member's representative asked for time", days: "5" });
    expect(res.status).toBe(200);
    const { extension } = await res.json();
    expect(extension.previous_due_at).toBe(new Date(pa.received_at.getTime() + 72 * 3_600_000).toISOString());
    expect(extension.new_due_at).toBe(new Date(pa.received_at.getTime() + 72 * 3_600_000 + 5 * DAY).toISOString());
  });

  it("bad input is 422 with the message; nothing is stored", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const cases: [unknown, RegExp][] = [
      [{ reason_kind: "more_information" }, /A reason for the extension is required/],
      [{ reason_kind: "more_information", reason: "   " }, /A reason for the extension is required/],
      [{ reason_kind: "because", reason: "x" }, /member_requested or more_information/],
      [{ reason_kind: "member_requested", reason: "x", days: 15 }, /1 to 14 calendar days/],
      [{ reason_kind: "member_requested", reason: "x", days: 0 }, /1 to 14 calendar days/],
      [{ reason_kind: "member_requested", reason: "x", days: "ten" }, /1 to 14 calendar days/],
    ];
    for (const [body, message] of cases) {
      const res = await extend(priorAuthId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const json = await res.json();
      expect(json.success).toBe(false);
      expect(json.errors.join(" ")).toMatch(message);
    }
    expect(await t.database.prisma.timeFrameExtension.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
  });

  it("is refused on a finally decided case and after the time frame has run out", async () => {
    const approved = await seedReviewedCase(t.database, orgId, { aiDecision: "approved" });
    const res = await extend(approved.priorAuthId, { reason_kind: "member_requested", reason: "x" });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0]).toMatch(/already has a final determination/);

    const denied = await finalDenial();
    expect((await extend(denied.priorAuthId, { reason_kind: "member_requested", reason: "x" })).status).toBe(409);

    const late = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    await t.database.prisma.priorAuth.update({ where: { id: late.priorAuthId }, data: { received_at: new Date(Date.now() - 10 * DAY), due_at: null } });
    const lateRes = await extend(late.priorAuthId, { reason_kind: "member_requested", reason: "x" });
    expect(lateRes.status).toBe(409);
    expect((await lateRes.json()).errors[0]).toMatch(/past its due time/);
  });

  it("needs the decide permission (403 for a policy author); another organization's case is 404", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const forbidden = await extend(priorAuthId, { reason_kind: "member_requested", reason: "x" }, { Cookie: author });
    expect(forbidden.status).toBe(403);
    const theirs = await seedReviewedCase(t.database, otherOrgId, { aiDecision: "denied", withPolicy: false });
    const res = await extend(theirs.priorAuthId, { reason_kind: "member_requested", reason: "x" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, errors: [expect.stringMatching(/not found/i)] });
    // and a member of the other organization cannot reach A's case through A's URL
    expect((await extend(priorAuthId, { reason_kind: "member_requested", reason: "x" }, { Cookie: other })).status).toBe(404);
    expect(await t.database.prisma.timeFrameExtension.count({ where: { prior_auth_id: { in: [priorAuthId, theirs.priorAuthId] } } })).toBe(0);
  });
});

describe("appeals", () => {
  it("are refused until the denial is final (an AI denial, or a human denial without the clinician's letter)", async () => {
    const ai = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const res = await appeal(ai.priorAuthId, { received_at: today(), appellant: "member" });
    expect(res.status).toBe(409);
    expect((await res.json()).errors[0]).toMatch(/Only a final denial can be appealed/);

    await t.database.prisma.humanDecision.create({
      data: { prior_auth_id: ai.priorAuthId, ai_decision_id: ai.aiDecisionId, decision_type: "deny", reason: "No MTX trial" },
    });
    expect((await appeal(ai.priorAuthId, { received_at: today(), appellant: "member" })).status).toBe(409);
    expect((await state(ai.priorAuthId)).appeal_blocked).toMatch(/clinician must sign off/);
    expect(await t.database.prisma.appeal.count({ where: { prior_auth_id: ai.priorAuthId } })).toBe(0);
  });

  it("overturned by a clinician: the case becomes approved after appeal, the original decisions are untouched", async () => {
    const { priorAuthId, aiDecisionId } = await finalDenial();
    const humanBefore = await t.database.prisma.humanDecision.findMany({ where: { prior_auth_id: priorAuthId } });
    const recorded = await appeal(priorAuthId, {
      received_at: today(),
      appellant: "prescriber",
      notes: "12 weeks of methotrexate documented in the attached notes",
    });
    expect(recorded.status).toBe(200);
    const { appeal: a } = await recorded.json();
    expect(a).toMatchObject({ appellant: "prescriber", outcome: null, recorded_by: { username: "reviewer" } });

    // one open appeal at a time
    const second = await appeal(priorAuthId, { received_at: today(), appellant: "member" });
    expect(second.status).toBe(409);
    expect((await second.json()).errors[0]).toMatch(/already open/);

    // a reviewer without the clinical sign-off permission, and an API key, cannot decide it
    const asReviewer = await decide(priorAuthId, a.token, { outcome: "overturned", reason: "x" }, { Cookie: reviewer });
    expect(asReviewer.status).toBe(403);
    const asKey = await decide(priorAuthId, a.token, { outcome: "overturned", reason: "x" }, { Authorization: `Bearer ${apiKey}` });
    expect(asKey.status).toBe(403);
    expect(await decide(priorAuthId, a.token, { outcome: "overturned" })).toHaveProperty("status", 422); // reason required
    expect((await t.database.prisma.appeal.findUniqueOrThrow({ where: { id: a.token } })).outcome).toBeNull();

    const decided = await decide(priorAuthId, a.token, { outcome: "overturned", reason: "Step therapy met on the new evidence" });
    expect(decided.status).toBe(200);
    expect((await decided.json()).appeal).toMatchObject({
      outcome: "overturned",
      decision_reason: "Step therapy met on the new evidence",
      decided_by: { id: ownerId },
    });

    const pa = await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } });
    expect(pa.final_decision).toBe("approved");
    expect(await t.database.prisma.humanDecision.findMany({ where: { prior_auth_id: priorAuthId } })).toEqual(humanBefore);
    expect((await t.database.prisma.aiDecision.findUniqueOrThrow({ where: { id: aiDecisionId! } })).final_decision).toBe("denied");
    const s = await state(priorAuthId);
    expect(s.appeal_outcome).toBe("approved_after_appeal");
    expect(s.appeal_blocked).toMatch(/already overturned/);
    expect((await decide(priorAuthId, a.token, { outcome: "upheld", reason: "again" })).status).toBe(409);
    const actions = (await t.database.prisma.auditEvent.findMany({ where: { prior_auth_id: priorAuthId }, select: { action: true } })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["appeal.record", "appeal.decide"]));
  });

  it("upheld: the denial stands; a further appeal may then be recorded", async () => {
    const { priorAuthId } = await finalDenial();
    const { appeal: a } = await (await appeal(priorAuthId, { received_at: today(), appellant: "member" })).json();
    expect((await decide(priorAuthId, a.token, { outcome: "upheld", reason: "Still no 12-week trial" })).status).toBe(200);
    expect((await t.database.prisma.priorAuth.findUniqueOrThrow({ where: { id: priorAuthId } })).final_decision).toBe("denied");
    expect((await state(priorAuthId)).appeal_outcome).toBe("upheld_on_appeal");
    expect((await appeal(priorAuthId, { received_at: today(), appellant: "representative" })).status).toBe(200);
  });

  it("bad dates are 422; another case's or organization's appeal is 404", async () => {
    const { priorAuthId } = await finalDenial();
    const future = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    for (const body of [
      { received_at: future, appellant: "member" },
      { received_at: "2020-01-01", appellant: "member" }, // before the denial
      { received_at: "yesterday", appellant: "member" },
      { received_at: today(), appellant: "neighbour" },
    ]) {
      const res = await appeal(priorAuthId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const { appeal: a } = await (await appeal(priorAuthId, { received_at: today(), appellant: "member" })).json();
    const elsewhere = await finalDenial();
    expect((await decide(elsewhere.priorAuthId, a.token, { outcome: "upheld", reason: "x" })).status).toBe(404);
    const theirs = await seedReviewedCase(t.database, otherOrgId, { aiDecision: "denied", withPolicy: false });
    expect((await appeal(theirs.priorAuthId, { received_at: today(), appellant: "member" })).status).toBe(404);
    expect((await decide(priorAuthId, a.token, { outcome: "upheld", reason: "x" }, { Cookie: other })).status).toBe(404);
    expect((await t.database.prisma.appeal.findUniqueOrThrow({ where: { id: a.token } })).outcome).toBeNull();
  });
});

describe("CMS-0057-F report: approved after appeal and extended-then-approved", () => {
  it("computes both from cases received in February 2026 with known dates", async () => {
    const org = await createOrgWithUser(t.database, { orgName: "Report Plan" });
    const o = org.organization.id;
    const db = t.database;
    const p = db.prisma;
    /** A case of `o` received at `received` (ISO), optionally expedited. */
    const make = async (
      received: string,
      urgency: "standard" | "expedited" = "standard",
      ai: "denied" | "needs_more_information" = "needs_more_information",
    ) => {
      const s = await seedReviewedCase(db, o, { aiDecision: ai });
      await p.priorAuth.update({ where: { id: s.priorAuthId }, data: { received_at: new Date(received), urgency, due_at: null } });
      return s;
    };
    const approveAt = (s: { priorAuthId: string; aiDecisionId: string | null }, at: string) =>
      p.humanDecision.create({
        data: { prior_auth_id: s.priorAuthId, ai_decision_id: s.aiDecisionId, decision_type: "approve", reason: "Criteria met", created_at: new Date(at) },
      });
    const ext = (s: { priorAuthId: string }, now: string) =>
      extendTimeFrame(db, o, s.priorAuthId, { reason_kind: "more_information", reason: "Chart notes requested" }, org.user.id, new Date(now));
    const deny = (s: { priorAuthId: string }) => generateDenialLetter(db, o, s.priorAuthId, { userId: org.user.id, clinician_sign_off: true });

    // standard
    const c1 = await make("2026-02-02T09:00:00Z"); // extended on 02-03, approved 02-12
    await ext(c1, "2026-02-03T09:00:00Z");
    await approveAt(c1, "2026-02-12T09:00:00Z");
    const c2 = await make("2026-02-03T09:00:00Z"); // extended, still pending
    await ext(c2, "2026-02-04T09:00:00Z");
    const c3 = await make("2026-02-04T09:00:00Z", "standard", "denied"); // denied, appealed, overturned
    await deny(c3);
    const a3 = await recordAppeal(db, o, c3.priorAuthId, { received_at: today(), appellant: "member" }, org.user.id);
    await decideAppeal(db, o, c3.priorAuthId, a3.token, { outcome: "overturned", reason: "New evidence" }, org.user.id);
    const c4 = await make("2026-02-05T09:00:00Z", "standard", "denied"); // denied, appealed, upheld
    await deny(c4);
    const a4 = await recordAppeal(db, o, c4.priorAuthId, { received_at: today(), appellant: "prescriber" }, org.user.id);
    await decideAppeal(db, o, c4.priorAuthId, a4.token, { outcome: "upheld", reason: "Criteria not met" }, org.user.id);
    // expedited
    const c5 = await make("2026-02-06T00:00:00Z", "expedited", "denied"); // denied, appeal still open
    await deny(c5);
    await recordAppeal(db, o, c5.priorAuthId, { received_at: today(), appellant: "representative" }, org.user.id);
    const c6 = await make("2026-02-07T00:00:00Z", "expedited"); // extended within its 72 h, then approved
    await ext(c6, "2026-02-07T01:00:00Z");
    await approveAt(c6, "2026-02-20T00:00:00Z");
    // outside the period: extended and approved, must not count
    const c7 = await make("2026-03-02T09:00:00Z");
    await ext(c7, "2026-03-03T09:00:00Z");
    await approveAt(c7, "2026-03-04T09:00:00Z");

    const r = await getMetricsReport(db, o, { from: "2026-02-01", to: "2026-02-28" }, new Date("2026-11-01T00:00:00Z"));
    // standard: c1..c4; extended c1 (approved), c2 (pending) → 1 of 4 = 25 %; appealed c3 (overturned), c4 (upheld) → 1 of 2 = 50 %
    expect(r.drug.standard).toMatchObject({
      requests: 4,
      approved: 1,
      denied: 2, // the initial determinations: the overturn does not rewrite c3's denial
      extended: 2,
      extended_approved: 1,
      percent_extended_timeframe_approved: 25,
      appealed: 2,
      approved_after_appeal: 1,
      percent_approved_after_appeal: 50,
    });
    // expedited: c5, c6; c6 extended and approved → 1 of 2 = 50 %; c5's appeal is open → 0 of 1 = 0 %
    expect(r.drug.expedited).toMatchObject({
      requests: 2,
      extended_approved: 1,
      percent_extended_timeframe_approved: 50,
      appealed: 1,
      percent_approved_after_appeal: 0,
    });
    // all: 2 of 6 extended and approved = 33.3 %; 1 of 3 appealed overturned = 33.3 %
    expect(r.drug.all).toMatchObject({ requests: 6, percent_extended_timeframe_approved: 33.3, appealed: 3, percent_approved_after_appeal: 33.3 });
    expect(r.not_tracked).toEqual([]);
  });
});
