import { getDatabase } from "~/lib/db.server";

export interface DashboardStats {
  priorAuths: { total: number; intakeRequired: number; pending: number; approved: number; denied: number; outreach: number };
  plans: number;
  coveragePolicies: number;
  claims: number;
}

/**
 * Real counts for the workspace dashboard. Decision buckets follow PRODUCT-SPEC §4 "Decision
 * display": approved/approve → approved, denied/deny → denied, needs_more_information/outreach →
 * outreach, no decision → pending. "Intake required" is any prior auth whose intake has not succeeded.
 */
export async function getDashboardStats(orgId: string): Promise<DashboardStats> {
  const { prisma } = await getDatabase();
  const [byDecision, intakeRequired, plans, coveragePolicies, claims] = await Promise.all([
    prisma.priorAuth.groupBy({ by: ["final_decision"], where: { organization_id: orgId }, _count: { _all: true } }),
    prisma.priorAuth.count({ where: { organization_id: orgId, NOT: { intake_status: "succeeded" } } }),
    prisma.plan.count({ where: { organization_id: orgId } }),
    prisma.coveragePolicy.count({ where: { organization_id: orgId } }),
    prisma.claim.count({ where: { organization_id: orgId } }),
  ]);
  const priorAuths = { total: 0, intakeRequired, pending: 0, approved: 0, denied: 0, outreach: 0 };
  for (const row of byDecision) {
    const n = row._count._all;
    priorAuths.total += n;
    const d = (row.final_decision ?? "").toLowerCase();
    if (d === "approved" || d === "approve") priorAuths.approved += n;
    else if (d === "denied" || d === "deny") priorAuths.denied += n;
    else if (d === "needs_more_information" || d === "outreach") priorAuths.outreach += n;
    else priorAuths.pending += n;
  }
  return { priorAuths, plans, coveragePolicies, claims };
}
