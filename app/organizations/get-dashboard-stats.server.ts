import { getDatabase } from "~/lib/db.server";
import { listAllCases } from "~/cases/case-sources.server";
import { isOpen, type CaseRecord } from "~/cases/case-record";
import { median } from "~/reports/compute-metrics";

/** The workload cards (PRODUCT-SPEC §2 dashboard; issue 13), across every kind of case. */
export interface WorkloadStats {
  /** cases not finally determined */
  active: number;
  /** active cases due before the end of today (UTC) and not yet overdue */
  due_today: number;
  /** active cases past their due time */
  overdue: number;
  /** final determinations since Monday 00:00 UTC */
  decisions_this_week: number;
  /** percent (one decimal) of the determinations of the last 30 days made by the AI alone; null without any */
  automation_rate: number | null;
  /** median hours from receipt to determination over the last 30 days; null without any */
  median_turnaround_hours: number | null;
}

export interface DashboardStats {
  workload: WorkloadStats;
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
export async function getDashboardStats(orgId: string, now = new Date()): Promise<DashboardStats> {
  const database = await getDatabase();
  const { prisma } = database;
  const [cases, byDecision, intakeRequired, plans, coveragePolicies, claims] = await Promise.all([
    listAllCases(database, orgId),
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
  return { workload: workloadStats(cases, now), priorAuths, plans, coveragePolicies, claims };
}

/**
 * The workload figures of `cases` at `now` (pure). "Today" and "this week" are UTC days, the week
 * starting Monday; automation rate and median turnaround look at the determinations of the last 30
 * days (a human decision, or an AI approval on its own; see prior-auth-case-source.server.ts).
 */
export function workloadStats(cases: CaseRecord[], now: Date): WorkloadStats {
  const t = now.getTime();
  const endOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
  const active = cases.filter(isOpen);
  const recent = cases.filter((c) => c.determined_at && c.determined_at.getTime() > t - 30 * 86_400_000 && c.determined_at.getTime() <= t);
  const med = median(recent.map((c) => (c.determined_at!.getTime() - c.received_at.getTime()) / 3_600_000));
  return {
    active: active.length,
    due_today: active.filter((c) => c.due_at.getTime() >= t && c.due_at.getTime() < endOfToday).length,
    overdue: active.filter((c) => c.due_at.getTime() < t).length,
    decisions_this_week: cases.filter((c) => c.determined_at && c.determined_at.getTime() >= monday && c.determined_at.getTime() <= t).length,
    automation_rate: recent.length ? Math.round((1000 * recent.filter((c) => c.determined_by === "ai").length) / recent.length) / 10 : null,
    median_turnaround_hours: med === null ? null : Math.round(med * 100) / 100,
  };
}
