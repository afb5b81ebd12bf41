/**
 * Issue 24 item D: the dashboard and Reports give the same figures for the same organization and
 * period. The dashboard once counted AI denials awaiting a clinician's sign-off as denied (3) while
 * Reports counted only final determinations (1). Both now count through countOutcomes: a denial is
 * final only when a reviewer denied or a clinician signed off; AI denials not signed off are
 * pending ("awaiting sign-off").
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser } from "../support/fixtures";
import { seedReviewedCase } from "./api-prior-auths.seed";
import { getDashboardStats } from "~/organizations/get-dashboard-stats.server";
import { getMetricsReport } from "~/reports/get-metrics-report.server";

let t: TestDatabase;
let orgId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Figures org" });
  orgId = a.organization.id;
  userId = a.user.id;
});

afterAll(async () => {
  await t?.cleanup();
});

it("denied, approved and pending agree between the dashboard and Reports", async () => {
  const p = t.database.prisma;
  const now = new Date();
  // two AI denials nobody signed off, one denial a reviewer made final, one AI approval, one outreach
  await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
  await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
  const signed = await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
  await p.humanDecision.create({ data: { prior_auth_id: signed.priorAuthId, user_id: userId, decision_type: "deny", reason: "Signed off" } });
  await seedReviewedCase(t.database, orgId, { aiDecision: "approved", withPolicy: false });
  await seedReviewedCase(t.database, orgId, { aiDecision: "needs_more_information", withPolicy: false });
  // received last year: outside both figures' period
  await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false, createdAt: new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 1)) });
  await p.priorAuth.updateMany({
    where: { organization_id: orgId, created_at: { lt: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)) } },
    data: { received_at: new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 1)) },
  });

  const dash = await getDashboardStats(orgId, now);
  const report = await getMetricsReport(t.database, orgId, { from: dash.period.from, to: dash.period.to }, now);
  const drug = report.drug.all;
  expect(dash.priorAuths).toMatchObject({ total: 5, approved: 1, denied: 1, pending: 3, awaitingSignOff: 2, outreach: 1 });
  expect({ total: drug.requests, approved: drug.approved, denied: drug.denied, pending: drug.pending }).toEqual({
    total: dash.priorAuths.total,
    approved: dash.priorAuths.approved,
    denied: dash.priorAuths.denied,
    pending: dash.priorAuths.pending,
  });
  // the default report period is the dashboard's
  const byDefault = await getMetricsReport(t.database, orgId, {}, now);
  expect(byDefault.drug.all.denied).toBe(dash.priorAuths.denied);
  expect(byDefault.drug.all.requests).toBe(dash.priorAuths.total);
});
