/**
 * Input of the CMS-0057-F prior authorization metrics report (page /o/{org}/reports and
 * GET /api/o/{org}/reports/prior_authorization_metrics.json|.csv):
 *   from, to: calendar days YYYY-MM-DD (UTC), both included; default the current calendar year to date
 *   line_of_business: a plan's line of business, or empty for all
 */
import { z } from "zod";

const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "must be a real date");

export const ReportQuerySchema = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    line_of_business: z.string().trim().max(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export interface ReportPeriod {
  /** first day, 00:00 UTC */
  from: Date;
  /** the day after the last day, 00:00 UTC (exclusive) */
  before: Date;
  /** the days as given (YYYY-MM-DD) */
  fromDay: string;
  toDay: string;
}

/** The period of a parsed query; the default is 1 January of `now`'s year to `now`'s day (UTC). */
export function reportPeriod(query: ReportQuery, now = new Date()): ReportPeriod {
  const today = now.toISOString().slice(0, 10);
  const fromDay = query.from ?? `${today.slice(0, 4)}-01-01`;
  const toDay = query.to ?? (fromDay > today ? fromDay : today);
  const from = new Date(`${fromDay}T00:00:00Z`);
  const before = new Date(new Date(`${toDay}T00:00:00Z`).getTime() + 86_400_000);
  return { from, before, fromDay, toDay };
}
