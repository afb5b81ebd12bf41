/**
 * Reports (CMS-0057-F metrics) checked against cases with known receipt and decision times, through
 * the domain function, the JSON and CSV exports and the page loader; plus the exports' auth and input
 * errors. Expected figures are worked out by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import { seedCases, seedClaims } from "../support/seed-cases";
import { getMetricsReport } from "~/reports/get-metrics-report.server";
import * as reportJson from "~/routes/api/reports/metrics-json";
import * as reportCsv from "~/routes/api/reports/metrics-csv";
import * as reportsPage from "~/routes/workspace/reports";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let apiKey: string;
const NOW = new Date("2026-11-01T12:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database);
  const b = await createOrgWithUser(t.database);
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
  const plan = (lob: string, org = orgId) =>
    t.database.prisma.plan.create({
      data: {
        organization_id: org,
        title: lob,
        identification: lob,
        line_of_business: lob,
        plan_type: "PPO",
        state: "CA",
        effective_date: new Date("2026-01-01"),
      },
    });
  const commercial = (await plan("Commercial")).id;
  const medicare = (await plan("Medicare Advantage")).id;
  const p = commercial;
  const seeded = await seedCases(t.database, orgId, [
    // standard, Commercial
    { label: "S1", received: "2026-03-02T09:00:00Z", human: { decision: "approve", at: "2026-03-02T11:00:00Z" }, planId: p }, // 2 h approved
    { label: "S2", received: "2026-03-03T09:00:00Z", ai: { decision: "approved", at: "2026-03-03T13:00:00Z" }, planId: p }, // 4 h approved (AI alone)
    {
      label: "S3",
      received: "2026-03-04T09:00:00Z",
      ai: { decision: "denied", at: "2026-03-04T10:00:00Z" },
      human: { decision: "deny", at: "2026-03-04T19:00:00Z" },
      planId: p,
    }, // 10 h denied (signed off)
    { label: "S4", received: "2026-03-05T09:00:00Z", ai: { decision: "denied", at: "2026-03-05T10:00:00Z" }, planId: p }, // AI denial not signed off: pending, past due
    { label: "S5", received: "2026-03-10T09:00:00Z", ai: { decision: "approved", at: "2026-03-20T09:00:00Z" }, planId: p }, // 240 h approved, late (due 03-17)
    // expedited, Commercial
    { label: "E1", urgency: "expedited", received: "2026-03-02T00:00:00Z", human: { decision: "approve", at: "2026-03-02T06:00:00Z" }, planId: p }, // 6 h approved
    { label: "E2", urgency: "expedited", received: "2026-03-07T00:00:00Z", planId: p }, // no decision: pending, past due
    { label: "E3", urgency: "expedited", received: "2026-03-08T00:00:00Z", ai: { decision: "needs_more_information", at: "2026-03-08T01:00:00Z" }, planId: p }, // outreach: pending, past due
    // other line of business, same period
    { label: "M1", received: "2026-03-15T09:00:00Z", human: { decision: "approve", at: "2026-03-15T10:00:00Z" }, planId: medicare },
    // outside the period
    { label: "A1", received: "2026-04-02T09:00:00Z", human: { decision: "deny", at: "2026-04-02T10:00:00Z" }, planId: p },
  ]);
  // medical claims (items and services) on the Medicare Advantage plan; each claim is one request whose
  // determination is derived from its service lines (app/cases/claim-case-source.server.ts)
  const m = medicare;
  await seedClaims(t.database, orgId, [
    // standard
    {
      label: "C1",
      received: "2026-03-02T09:00:00Z",
      lines: [
        { code: "97110", ai: { decision: "approved", at: "2026-03-02T12:00:00Z" } },
        { code: "97112", ai: { decision: "approved", at: "2026-03-02T14:00:00Z" } },
      ],
      planId: m,
    }, // 5 h approved (the last line's approval), by the AI alone
    {
      label: "C2",
      received: "2026-03-03T09:00:00Z",
      lines: [
        { code: "29881", ai: { decision: "approved", at: "2026-03-03T10:00:00Z" } },
        { code: "29877", ai: { decision: "denied", at: "2026-03-03T10:00:00Z", signedOffAt: "2026-03-03T21:00:00Z" } },
      ],
      planId: m,
    }, // 12 h denied (partial denial, signed off)
    {
      label: "C3",
      received: "2026-03-04T09:00:00Z",
      lines: [{ code: "J0135", ai: { decision: "denied", at: "2026-03-04T10:00:00Z" }, human: { decision: "approve", at: "2026-03-04T17:00:00Z" } }],
      planId: m,
    }, // 8 h approved (override)
    { label: "C4", received: "2026-03-05T09:00:00Z", lines: [{ code: "72148", ai: { decision: "denied", at: "2026-03-05T10:00:00Z" } }], planId: m }, // not signed off: pending, past due (03-12)
    { label: "C5", received: "2026-03-09T09:00:00Z", lines: [{ code: "E0601", ai: { decision: "approved", at: "2026-03-18T09:00:00Z" } }], planId: m }, // 216 h approved, late (due 03-16)
    // expedited
    {
      label: "X1",
      urgency: "expedited",
      received: "2026-03-06T00:00:00Z",
      lines: [{ code: "70553", ai: { decision: "approved", at: "2026-03-06T03:00:00Z" } }],
      planId: m,
    }, // 3 h approved
    {
      label: "X2",
      urgency: "expedited",
      received: "2026-03-07T00:00:00Z",
      lines: [{ code: "J1745", ai: { decision: "needs_more_information", at: "2026-03-07T01:00:00Z" } }],
      planId: m,
    }, // outreach: pending, past due (03-10)
    {
      label: "X3",
      urgency: "expedited",
      received: "2026-03-08T00:00:00Z",
      lines: [{ code: "27447", human: { decision: "deny", at: "2026-03-08T20:00:00Z" } }],
      planId: m,
    }, // 20 h denied
    // outside the period
    { label: "CA", received: "2026-04-02T09:00:00Z", lines: [{ code: "97110", human: { decision: "deny", at: "2026-04-02T10:00:00Z" } }], planId: m },
  ]);
  // Extensions and appeals with known outcomes (app/appeals records them the same way):
  //   S1 extended then approved, S4 extended and still pending, E1 extended then approved;
  //   S3 (denied, signed off) appealed and overturned; A1 (outside the period) appealed and overturned.
  const extend = (label: string) =>
    t.database.prisma.timeFrameExtension.create({
      data: {
        organization_id: orgId,
        prior_auth_id: seeded[label]!,
        reason_kind: "member_requested",
        reason: "Member asked for time to send records",
        days: 14,
        previous_due_at: new Date("2026-03-09T09:00:00Z"),
        new_due_at: new Date("2026-03-23T09:00:00Z"),
      },
    });
  const appeal = (label: string, outcome: string | null, org = orgId, id = seeded[label]!) =>
    t.database.prisma.appeal.create({
      data: { organization_id: org, prior_auth_id: id, received_at: new Date("2026-04-10T12:00:00Z"), appellant: "prescriber", outcome },
    });
  await extend("S1");
  await extend("S4");
  await extend("E1");
  await appeal("S3", "overturned");
  await appeal("A1", "overturned");
  // another organization's case in the same period and line of business name
  const other = await seedCases(t.database, otherOrgId, [
    {
      label: "X1",
      received: "2026-03-02T09:00:00Z",
      human: { decision: "deny", at: "2026-03-02T10:00:00Z" },
      planId: (await plan("Commercial", otherOrgId)).id,
    },
  ]);
  await seedClaims(t.database, otherOrgId, [
    {
      label: "XC",
      received: "2026-03-02T09:00:00Z",
      lines: [{ code: "97110", human: { decision: "deny", at: "2026-03-02T10:00:00Z" } }],
      planId: (await plan("Medicare Advantage", otherOrgId)).id,
    },
  ]);
  await appeal("X1", "upheld", otherOrgId, other.X1!); // never counted for orgId
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const MARCH = { from: "2026-03-01", to: "2026-03-31" };

describe("CMS-0057-F metrics from cases with known times", () => {
  it("computes exact percentages, averages and medians per urgency for one line of business", async () => {
    const r = await getMetricsReport(t.database, orgId, { ...MARCH, line_of_business: "Commercial" }, NOW);
    // standard: S1..S5 → approved S1,S2,S5 (3/5 = 60 %), denied S3 (1/5 = 20 %), S4 pending; hours 2,4,10,240
    expect(r.drug.standard).toEqual({
      requests: 5,
      approved: 3,
      denied: 1,
      pending: 1,
      percent_approved: 60,
      percent_denied: 20,
      // S3 appealed and overturned: 1 of 1 appealed; S1 extended and approved (S4 extended, pending): 1 of 5 requests
      percent_approved_after_appeal: 100,
      percent_extended_timeframe_approved: 20,
      average_hours_to_decision: 64,
      median_hours_to_decision: 7,
      decided_late: 1,
      appealed: 1,
      approved_after_appeal: 1,
      extended: 2,
      extended_approved: 1,
    });
    // expedited: E1 approved in 6 h; E2, E3 pending → 1/3 = 33.3 %
    expect(r.drug.expedited).toMatchObject({
      requests: 3,
      approved: 1,
      denied: 0,
      pending: 2,
      percent_approved: 33.3,
      percent_denied: 0,
      average_hours_to_decision: 6,
      median_hours_to_decision: 6,
      decided_late: 0,
      // E1 extended and approved: 1 of 3; nothing appealed: null, not 0
      percent_extended_timeframe_approved: 33.3,
      percent_approved_after_appeal: null,
      appealed: 0,
    });
    // all: 4/8 approved = 50 %, 1/8 denied = 12.5 %; hours 2,4,6,10,240 → mean 52.4, median 6
    expect(r.drug.all).toMatchObject({
      requests: 8,
      approved: 4,
      denied: 1,
      percent_approved: 50,
      percent_denied: 12.5,
      average_hours_to_decision: 52.4,
      median_hours_to_decision: 6,
      // S1, E1 extended and approved: 2 of 8 = 25 %; the overturn does not change S3's initial denial
      percent_extended_timeframe_approved: 25,
      percent_approved_after_appeal: 100,
      approved_after_appeal: 1,
      extended: 3,
    });
    expect(r.drug.past_due_open).toBe(3);
    expect(r.past_due.map((c) => c.patient_name)).toEqual(["Patient E2", "Patient E3", "Patient S4"]); // due 03-10, 03-11, 03-12
    expect(r.service.all).toMatchObject({ requests: 0, percent_approved: null, median_hours_to_decision: null }); // the claims are Medicare Advantage
    expect(r.service.all).toMatchObject({ percent_approved_after_appeal: null, percent_extended_timeframe_approved: null });
    expect(r.not_tracked).toEqual([]); // prior auths record both
  });

  it("counts medical claims as items and services, one request per claim, with exact figures", async () => {
    const r = await getMetricsReport(t.database, orgId, { ...MARCH, line_of_business: "Medicare Advantage" }, NOW);
    // standard: C1..C5 → approved C1, C3, C5 (3/5 = 60 %), denied C2 (1/5 = 20 %), C4 pending; hours 5, 12, 8, 216
    // → mean 241/4 = 60.25, median (8 + 12)/2 = 10; C5 decided after its due time
    expect(r.service.standard).toEqual({
      requests: 5,
      approved: 3,
      denied: 1,
      pending: 1,
      percent_approved: 60,
      percent_denied: 20,
      // appeals and extensions are recorded for claims too (exact figures with some: claim-appeals.test.ts):
      // none appealed → null (no denominator); none of the 5 extended → 0 %
      percent_approved_after_appeal: null,
      percent_extended_timeframe_approved: 0,
      appealed: 0,
      approved_after_appeal: 0,
      extended: 0,
      extended_approved: 0,
      average_hours_to_decision: 60.25,
      median_hours_to_decision: 10,
      decided_late: 1,
    });
    expect(r.not_tracked).toEqual([]);
    // expedited: X1 approved in 3 h, X3 denied in 20 h, X2 pending → 33.3 % each; mean = median = 11.5
    expect(r.service.expedited).toMatchObject({
      requests: 3,
      approved: 1,
      denied: 1,
      pending: 1,
      percent_approved: 33.3,
      percent_denied: 33.3,
      average_hours_to_decision: 11.5,
      median_hours_to_decision: 11.5,
      decided_late: 0,
    });
    // all: 4/8 approved = 50 %, 2/8 denied = 25 %; hours 3, 5, 8, 12, 20, 216 → mean 44, median 10
    expect(r.service.all).toMatchObject({
      requests: 8,
      approved: 4,
      denied: 2,
      percent_approved: 50,
      percent_denied: 25,
      average_hours_to_decision: 44,
      median_hours_to_decision: 10,
    });
    expect(r.service.past_due_open).toBe(2);
    expect(r.past_due.map((c) => [c.patient_name, c.kind, c.category])).toEqual([
      ["Patient X2", "claim", "service"],
      ["Patient C4", "claim", "service"],
    ]); // due 03-10, 03-12
    expect(r.drug.all).toMatchObject({ requests: 1, approved: 1 }); // M1; the claims never count as drugs
    // week of Mon 2 March: C1 (5 h), C3 (8 h), X1 (3 h) approved, C2 (12 h), X3 (20 h, Sunday 8th) denied → median 8
    expect(r.series.find((p) => p.start === "2026-03-02")).toEqual({ start: "2026-03-02", approved: 3, denied: 2, median_hours: 8 });
    expect(r.series.find((p) => p.start === "2026-03-16")).toEqual({ start: "2026-03-16", approved: 1, denied: 0, median_hours: 216 });
  });

  it("buckets decisions by week of determination with the week's median", async () => {
    const r = await getMetricsReport(t.database, orgId, { ...MARCH, line_of_business: "Commercial" }, NOW);
    expect(r.bucket).toBe("week");
    expect(r.series.map((p) => p.start)).toEqual(["2026-02-23", "2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30"]);
    // week of Mon 2 March: S1 (2 h), S2 (4 h), E1 (6 h) approved, S3 (10 h) denied → median 5
    expect(r.series.find((p) => p.start === "2026-03-02")).toEqual({ start: "2026-03-02", approved: 3, denied: 1, median_hours: 5 });
    expect(r.series.find((p) => p.start === "2026-03-16")).toEqual({ start: "2026-03-16", approved: 1, denied: 0, median_hours: 240 });
  });

  it("all lines of business include M1 and never another organization's cases or cases outside the period", async () => {
    const r = await getMetricsReport(t.database, orgId, MARCH, NOW);
    // 8 Commercial + M1 (approved in 1 h); not A1 (April), not X1 (other org)
    expect(r.drug.all).toMatchObject({ requests: 9, approved: 5, denied: 1 });
    expect(r.drug.standard.median_hours_to_decision).toBe(4); // 1,2,4,10,240
    // the March claims, not CA (April), not XC (other org)
    expect(r.service.all).toMatchObject({ requests: 8, approved: 4, denied: 2 });
  });
});

describe("exports", () => {
  it("JSON export with an API key returns the same figures", async () => {
    const res = await callRoute(
      reportJson,
      "GET",
      `/api/o/${orgId}/reports/prior_authorization_metrics.json?from=2026-03-01&to=2026-03-31&line_of_business=Commercial`,
      { orgId },
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.report.period).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(body.report.drug.standard).toMatchObject({
      percent_approved: 60,
      median_hours_to_decision: 7,
      average_hours_to_decision: 64,
      percent_approved_after_appeal: 100,
      percent_extended_timeframe_approved: 20,
    });
  });

  it("exports carry the claims' services figures", async () => {
    const q = "from=2026-03-01&to=2026-03-31&line_of_business=Medicare%20Advantage";
    const json = await callRoute(
      reportJson,
      "GET",
      `/api/o/${orgId}/reports/prior_authorization_metrics.json?${q}`,
      { orgId },
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    expect((await json.json()).report.service.standard).toMatchObject({ percent_approved: 60, average_hours_to_decision: 60.25, median_hours_to_decision: 10 });
    const csv = await callRoute(reportCsv, "GET", `/api/o/${orgId}/reports/prior_authorization_metrics.csv?${q}`, { orgId }, { headers: { Cookie: cookie } });
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toContain("2026-03-01,2026-03-31,Medicare Advantage,service,standard,percent_approved,60");
    expect(lines).toContain("2026-03-01,2026-03-31,Medicare Advantage,service,expedited,median_hours_to_decision,11.5");
    expect(lines).toContain("2026-03-01,2026-03-31,Medicare Advantage,service,all,past_due_open,2");
  });

  it("CSV export has one row per metric with the same values", async () => {
    const res = await callRoute(
      reportCsv,
      "GET",
      `/api/o/${orgId}/reports/prior_authorization_metrics.csv?from=2026-03-01&to=2026-03-31&line_of_business=Commercial`,
      { orgId },
      { headers: { Cookie: cookie } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toContain("prior-authorization-metrics-2026-03-01-to-2026-03-31.csv");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("period_from,period_to,line_of_business,category,urgency,metric,value");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,standard,percent_approved,60");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,expedited,median_hours_to_decision,6");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,standard,percent_approved_after_appeal,100");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,expedited,percent_approved_after_appeal,");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,all,percent_extended_timeframe_approved,25");
    expect(lines).toContain("2026-03-01,2026-03-31,Commercial,drug,all,past_due_open,3");
  });

  it("bad input is a 422 with the error shape; another organization is 404; no credentials 401", async () => {
    const bad = await callRoute(
      reportJson,
      "GET",
      `/api/o/${orgId}/reports/prior_authorization_metrics.json?from=2026-13-01`,
      { orgId },
      { headers: { Cookie: cookie } },
    );
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ success: false, errors: [expect.any(String)] });
    const reversed = await callRoute(
      reportCsv,
      "GET",
      `/api/o/${orgId}/reports/prior_authorization_metrics.csv?from=2026-04-01&to=2026-03-01`,
      { orgId },
      { headers: { Cookie: cookie } },
    );
    expect(reversed.status).toBe(422);
    const other = await callRoute(
      reportJson,
      "GET",
      `/api/o/${otherOrgId}/reports/prior_authorization_metrics.json`,
      { orgId: otherOrgId },
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    expect(other.status).toBe(404);
    const anon = await callRoute(reportCsv, "GET", `/api/o/${orgId}/reports/prior_authorization_metrics.csv`, { orgId });
    expect(anon.status).toBe(401);
  });
});

describe("reports page", () => {
  it("loads the report for the query and the organization's lines of business", async () => {
    const data = (await callRoute(
      reportsPage,
      "GET",
      `/o/${orgId}/reports?from=2026-03-01&to=2026-03-31&line_of_business=Commercial`,
      { orgId },
      { headers: { Cookie: cookie } },
    )) as unknown as Awaited<ReturnType<typeof reportsPage.loader>>;
    expect(data.report.drug.all.requests).toBe(8);
    expect(data.report.service.all.requests).toBe(0);
    expect(data.linesOfBusiness).toEqual(["Commercial", "Medicare Advantage"]);
    expect(data.error).toBeNull();
    const ma = (await callRoute(
      reportsPage,
      "GET",
      `/o/${orgId}/reports?from=2026-03-01&to=2026-03-31&line_of_business=Medicare%20Advantage`,
      { orgId },
      { headers: { Cookie: cookie } },
    )) as unknown as Awaited<ReturnType<typeof reportsPage.loader>>;
    expect(ma.report.service.all).toMatchObject({ requests: 8, approved: 4, denied: 2 });
  });

  it("another organization's reports page is 404", async () => {
    const res = await callRoute(reportsPage, "GET", `/o/${otherOrgId}/reports`, { orgId: otherOrgId }, { headers: { Cookie: cookie } });
    expect(res.status).toBe(404);
  });
});
