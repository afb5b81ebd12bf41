/**
 * CMS-0057-F public-reporting prior authorization metrics, computed from workspace cases.
 *
 * Source: CMS Interoperability and Prior Authorization Final Rule (CMS-0057-F, 89 FR 8758, Feb 2024),
 * 42 CFR 422.122(c) (MA), 438.210(f) (Medicaid managed care), 440.230(e) (Medicaid FFS),
 * 457.732 / 457.495 (CHIP), 45 CFR 156.223(b) (QHP issuers on the FFEs). Payers post annually,
 * aggregated for all items and services that need prior authorization (drugs are excluded from the
 * rule; this report shows drugs separately for the plan's own use):
 *   - percent of standard requests approved / denied / approved after appeal;
 *   - percent of requests whose review time frame was extended and that were then approved;
 *   - percent of expedited requests approved / denied;
 *   - average and median time from receipt of the request to the determination, standard and expedited.
 *
 * Definitions used here (written down because the rule leaves them to the payer):
 *   - cohort: the requests RECEIVED in the period (and of the chosen line of business);
 *   - approved / denied: the request's final determination (a human decision; an AI approval alone;
 *     an AI denial counts only after a clinician's sign-off turned it into a human decision);
 *   - percentages: of all requests of the cohort in that urgency, so undetermined ones are counted
 *     in the denominator and reported as `pending`;
 *   - time to decision: determined_at - received_at, in hours, over determined requests only.
 *   - approved after appeal (42 CFR 422.122(c)(4) "percent of prior authorization requests that were
 *     approved after appeal"): of the cohort's requests whose denial was APPEALED (appeals still open
 *     included), the share an appeal overturned. The rule does not name the denominator; payers'
 *     published reports mostly use appealed requests ("out of total appeals"), which is what a
 *     reader can compare; `appealed` and `approved_after_appeal` are given so either can be derived;
 *   - extended time frame, approved (422.122(c)(5) "percent of prior authorization requests for which
 *     the timeframe for review was extended, and the request was approved"): of ALL the cohort's
 *     requests, those whose time frame was extended (app/appeals/extend-time-frame.server.ts) and
 *     whose determination is an approval;
 *   - an approval after appeal does not change the initial determination counted above (the appeal is
 *     its own record), so approved + denied + pending still add up to requests.
 * Both are known only for the case kinds whose facts are passed in (`appealFacts.kinds`: prior auths
 * and medical claims, whose extensions and appeals app/appeals records alike; a claim counts as
 * approved after appeal when an appeal overturned the denial of any of its lines): other kinds would
 * be left out of these two figures and named in `not_tracked`; without appeal facts the two metrics
 * are null (never 0).
 */
import { countOutcomes, isOpen, type CaseCategory, type CaseRecord } from "~/cases/case-record";

export interface DecisionMetrics {
  requests: number;
  approved: number;
  denied: number;
  /** no final determination yet */
  pending: number;
  /** percent, one decimal; null when there are no requests */
  percent_approved: number | null;
  percent_denied: number | null;
  /** percent of appealed requests approved after appeal; null when none was appealed (or not tracked) */
  percent_approved_after_appeal: number | null;
  /** percent of (tracked) requests whose time frame was extended and that were approved; null when none */
  percent_extended_timeframe_approved: number | null;
  /** hours, two decimals; null when nothing was determined */
  average_hours_to_decision: number | null;
  median_hours_to_decision: number | null;
  /** determined after their due time */
  decided_late: number;
  /** requests with at least one appeal recorded (tracked kinds only) */
  appealed: number;
  /** of those, requests an appeal overturned */
  approved_after_appeal: number;
  /** requests whose review time frame was extended (tracked kinds only) */
  extended: number;
  /** of those, requests approved */
  extended_approved: number;
}

/** Per case, whether its time frame was extended, it was appealed, and an appeal overturned it. */
export interface CaseAppealFacts {
  extended: boolean;
  appealed: boolean;
  approved_after_appeal: boolean;
}

/** Appeal and extension facts of the cases of `kinds` (cases of those kinds missing from `byId` had neither). */
export interface AppealFactsInput {
  kinds: readonly CaseRecord["kind"][];
  byId: ReadonlyMap<string, CaseAppealFacts>;
}

export interface CategoryMetrics {
  category: CaseCategory;
  all: DecisionMetrics;
  standard: DecisionMetrics;
  expedited: DecisionMetrics;
  /** open requests of the cohort whose due time has passed */
  past_due_open: number;
}

export interface SeriesPoint {
  /** bucket start, YYYY-MM-DD (Monday of the ISO week, or the 1st of the month) */
  start: string;
  approved: number;
  denied: number;
  /** median hours to decision of the determinations in the bucket */
  median_hours: number | null;
}

export interface PastDueCase {
  kind: CaseRecord["kind"];
  id: string;
  category: CaseCategory;
  patient_name: string | null;
  subject: string | null;
  urgency: CaseRecord["urgency"];
  received_at: string;
  due_at: string;
  hours_past_due: number;
  path: string;
}

export interface MetricsReport {
  period: { from: string; to: string };
  line_of_business: string | null;
  generated_at: string;
  drug: CategoryMetrics;
  service: CategoryMetrics;
  bucket: "week" | "month";
  series: SeriesPoint[];
  past_due: PastDueCase[];
  not_tracked: string[];
}

const HOUR = 3_600_000;

/** Median of a list of numbers (mean of the two middle values for an even count); null when empty. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number) => (whole === 0 ? null : round((100 * part) / whole, 1));

function hoursToDecision(c: CaseRecord): number | null {
  return c.determined_at ? (c.determined_at.getTime() - c.received_at.getTime()) / HOUR : null;
}

const NO_FACTS: CaseAppealFacts = { extended: false, appealed: false, approved_after_appeal: false };

function decisionMetrics(cases: CaseRecord[], facts?: AppealFactsInput): DecisionMetrics {
  // the same definition the dashboard uses (countOutcomes)
  const { approved, denied, pending } = countOutcomes(cases);
  const hours = cases.map(hoursToDecision).filter((h): h is number => h !== null);
  const avg = hours.length ? hours.reduce((a, b) => a + b, 0) / hours.length : null;
  const med = median(hours);
  const tracked = facts ? cases.filter((c) => facts.kinds.includes(c.kind)) : [];
  const factsOf = (c: CaseRecord) => facts?.byId.get(c.id) ?? NO_FACTS;
  const appealed = tracked.filter((c) => factsOf(c).appealed);
  const approvedAfterAppeal = appealed.filter((c) => factsOf(c).approved_after_appeal).length;
  const extended = tracked.filter((c) => factsOf(c).extended);
  const extendedApproved = extended.filter((c) => c.determination === "approved").length;
  return {
    requests: cases.length,
    approved,
    denied,
    pending,
    percent_approved: pct(approved, cases.length),
    percent_denied: pct(denied, cases.length),
    percent_approved_after_appeal: pct(approvedAfterAppeal, appealed.length),
    percent_extended_timeframe_approved: pct(extendedApproved, tracked.length),
    average_hours_to_decision: avg === null ? null : round(avg, 2),
    median_hours_to_decision: med === null ? null : round(med, 2),
    decided_late: cases.filter((c) => c.determined_at && c.determined_at.getTime() > c.due_at.getTime()).length,
    appealed: appealed.length,
    approved_after_appeal: approvedAfterAppeal,
    extended: extended.length,
    extended_approved: extendedApproved,
  };
}

function categoryMetrics(category: CaseCategory, cases: CaseRecord[], now: Date, facts?: AppealFactsInput): CategoryMetrics {
  const mine = cases.filter((c) => c.category === category);
  return {
    category,
    all: decisionMetrics(mine, facts),
    standard: decisionMetrics(
      mine.filter((c) => c.urgency === "standard"),
      facts,
    ),
    expedited: decisionMetrics(
      mine.filter((c) => c.urgency === "expedited"),
      facts,
    ),
    past_due_open: mine.filter((c) => isOpen(c) && c.due_at.getTime() < now.getTime()).length,
  };
}

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Start of the bucket holding `d`: Monday 00:00 UTC of its week, or the 1st of its month. */
export function bucketStart(d: Date, bucket: "week" | "month"): string {
  if (bucket === "month") return `${day(d).slice(0, 7)}-01`;
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return day(new Date(midnight - sinceMonday * 86_400_000));
}

/**
 * The report for cases already restricted to the period's cohort (received in [from, before)) and
 * line of business. `now` decides what is past due. `appealFacts`: extensions and appeals of the kinds
 * that record them (without it the two appeal/extension metrics are null). Pure: no database, so
 * tests can check exact figures.
 */
export function computeMetrics(
  cases: CaseRecord[],
  opts: { from: Date; before: Date; fromDay: string; toDay: string; lineOfBusiness: string | null; now: Date },
  appealFacts?: AppealFactsInput,
): MetricsReport {
  const spanDays = (opts.before.getTime() - opts.from.getTime()) / 86_400_000;
  const bucket = spanDays > 120 ? "month" : "week";
  const buckets = new Map<string, CaseRecord[]>();
  // every bucket of the period, so the chart shows empty weeks as zero rather than skipping them
  for (let t = opts.from.getTime(); t < opts.before.getTime(); t += 86_400_000) buckets.set(bucketStart(new Date(t), bucket), []);
  for (const c of cases) {
    if (!c.determined_at) continue;
    const key = bucketStart(c.determined_at, bucket);
    if (!buckets.has(key)) buckets.set(key, []);
    buckets.get(key)!.push(c);
  }
  const series = [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, list]) => {
      const med = median(list.map(hoursToDecision).filter((h): h is number => h !== null));
      return {
        start,
        approved: list.filter((c) => c.determination === "approved").length,
        denied: list.filter((c) => c.determination === "denied").length,
        median_hours: med === null ? null : round(med, 2),
      };
    });
  const pastDue = cases
    .filter((c) => isOpen(c) && c.due_at.getTime() < opts.now.getTime())
    .sort((a, b) => a.due_at.getTime() - b.due_at.getTime())
    .map((c) => ({
      kind: c.kind,
      id: c.id,
      category: c.category,
      patient_name: c.patient_name,
      subject: c.subject,
      urgency: c.urgency,
      received_at: c.received_at.toISOString(),
      due_at: c.due_at.toISOString(),
      hours_past_due: round((opts.now.getTime() - c.due_at.getTime()) / HOUR, 1),
      path: c.path,
    }));
  return {
    period: { from: opts.fromDay, to: opts.toDay },
    line_of_business: opts.lineOfBusiness,
    generated_at: opts.now.toISOString(),
    drug: categoryMetrics("drug", cases, opts.now, appealFacts),
    service: categoryMetrics("service", cases, opts.now, appealFacts),
    bucket,
    series,
    past_due: pastDue,
    not_tracked: notTracked(cases, appealFacts),
  };
}

/** What the two appeal/extension metrics leave out: every kind of case present whose facts were not given. */
function notTracked(cases: CaseRecord[], facts?: AppealFactsInput): string[] {
  if (!facts) {
    return [
      "percent_approved_after_appeal: appeals were not given to this report",
      "percent_extended_timeframe_approved: review time-frame extensions were not given to this report",
    ];
  }
  const missing = [...new Set(cases.map((c) => c.kind))].filter((k) => !facts.kinds.includes(k));
  return missing.map(
    (k) =>
      `percent_approved_after_appeal, percent_extended_timeframe_approved: appeals and extensions are not recorded for ${k} cases; they are left out of both`,
  );
}

/** Rows of the CSV export: category, urgency, metric, value (empty for null). */
export function metricsCsv(report: MetricsReport): string {
  const lines = [["period_from", "period_to", "line_of_business", "category", "urgency", "metric", "value"].join(",")];
  const esc = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  for (const cat of [report.drug, report.service]) {
    for (const urgency of ["all", "standard", "expedited"] as const) {
      for (const [metric, value] of Object.entries(cat[urgency])) {
        lines.push(
          [report.period.from, report.period.to, report.line_of_business ?? "all", cat.category, urgency, metric, value === null ? "" : String(value)]
            .map(esc)
            .join(","),
        );
      }
    }
    lines.push(
      [report.period.from, report.period.to, report.line_of_business ?? "all", cat.category, "all", "past_due_open", String(cat.past_due_open)]
        .map(esc)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
