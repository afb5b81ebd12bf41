/** The CMS-0057-F metrics report of an organization (page and /api export call this one function). */
import type { Database } from "~/lib/db.server";
import { listAllCases } from "~/cases/case-sources.server";
import type { CaseKind } from "~/cases/case-record";
import { listAppealFacts } from "~/appeals/get-case-appeals.server";
import { computeMetrics, type MetricsReport } from "./compute-metrics";
import { reportPeriod, type ReportQuery } from "./report-input";

/**
 * Metrics for the organization's cases received in the query's period (UTC days, both included) and
 * line of business (a plan's line_of_business; empty = all). See compute-metrics.ts for definitions.
 */
export async function getMetricsReport(database: Database, organizationId: string, query: ReportQuery, now = new Date()): Promise<MetricsReport> {
  const period = reportPeriod(query, now);
  const lob = query.line_of_business || null;
  const cases = (await listAllCases(database, organizationId, { receivedFrom: period.from, receivedBefore: period.before })).filter(
    (c) => lob === null || c.line_of_business === lob,
  );
  // Appeals and time-frame extensions are recorded on prior auths and on medical claims (app/appeals).
  const idsOf = (kind: CaseKind) => cases.filter((c) => c.kind === kind).map((c) => c.id);
  const [priorAuthFacts, claimFacts] = await Promise.all([
    listAppealFacts(database, organizationId, idsOf("prior_auth"), "prior_auth"),
    listAppealFacts(database, organizationId, idsOf("claim"), "claim"),
  ]);
  const byId = new Map([...priorAuthFacts, ...claimFacts]);
  return computeMetrics(cases, { ...period, lineOfBusiness: lob, now }, { kinds: ["prior_auth", "claim"], byId });
}

/** The lines of business of the organization's plans, for the report's filter. */
export async function listLinesOfBusiness(database: Database, organizationId: string): Promise<string[]> {
  const rows = await database.prisma.plan.findMany({
    where: { organization_id: organizationId },
    distinct: ["line_of_business"],
    select: { line_of_business: true },
    orderBy: { line_of_business: "asc" },
  });
  return rows.map((r) => r.line_of_business);
}
