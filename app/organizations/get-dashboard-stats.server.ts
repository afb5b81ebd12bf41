import { getDatabase } from "~/lib/db.server";
import { listAllCases } from "~/cases/case-sources.server";
import { countOutcomes, isOpen, type CaseRecord } from "~/cases/case-record";
import { reportPeriod } from "~/reports/report-input";
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
  /**
   * The prior auths received in `period` (the Reports page's default period: 1 January to today,
   * UTC), counted by countOutcomes — the same definitions and cohort as Reports' drug figures.
   */
  priorAuths: {
    total: number;
    approved: number;
    denied: number;
    /** not finally determined: intakeRequired + outreach + awaitingSignOff + inReview */
    pending: number;
    intakeRequired: number;
    outreach: number;
    /** AI denials no clinician signed off yet (not counted as denied) */
    awaitingSignOff: number;
    inReview: number;
  };
  /** the cohort's period, YYYY-MM-DD, both days included */
  period: { from: string; to: string };
  plans: number;
  coveragePolicies: number;
  claims: number;
}

/**
 * Real counts for the workspace dashboard. The prior-auth figures are those of the Reports page for
 * its default period (countOutcomes in app/cases/case-record.ts is the one definition of approved,
 * denied and pending); the workload figures look at every open case.
 */
export async function getDashboardStats(orgId: string, now = new Date()): Promise<DashboardStats> {
  const database = await getDatabase();
  const { prisma } = database;
  const period = reportPeriod({}, now);
  const [cases, plans, coveragePolicies, claims] = await Promise.all([
    listAllCases(database, orgId),
    prisma.plan.count({ where: { organization_id: orgId } }),
    prisma.coveragePolicy.count({ where: { organization_id: orgId } }),
    prisma.claim.count({ where: { organization_id: orgId } }),
  ]);
  const cohort = cases.filter(
    (c) => c.kind === "prior_auth" && c.received_at.getTime() >= period.from.getTime() && c.received_at.getTime() < period.before.getTime(),
  );
  const n = countOutcomes(cohort);
  const priorAuths = {
    total: n.requests,
    approved: n.approved,
    denied: n.denied,
    pending: n.pending,
    intakeRequired: n.intake,
    outreach: n.outreach,
    awaitingSignOff: n.awaiting_sign_off,
    inReview: n.in_review,
  };
  return { workload: workloadStats(cases, now), priorAuths, period: { from: period.fromDay, to: period.toDay }, plans, coveragePolicies, claims };
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
