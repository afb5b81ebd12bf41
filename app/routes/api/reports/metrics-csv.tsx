import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ReportQuerySchema } from "~/reports/report-input";
import { getMetricsReport } from "~/reports/get-metrics-report.server";
import { metricsCsv } from "~/reports/compute-metrics";

/**
 * GET /api/o/{orgId}/reports/prior_authorization_metrics.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&line_of_business=
 * The same metrics as the .json export, one row per category/urgency/metric (text/csv attachment).
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Prior authorization metrics (CMS-0057-F) as CSV",
    tags: ["Reports"],
    query: ReportQuerySchema,
    produces: "csv",
    async handler({ organizationId, query }) {
      const report = await getMetricsReport(await getDatabase(), organizationId, query);
      const filename = `prior-authorization-metrics-${report.period.from}-to-${report.period.to}.csv`;
      return new Response(metricsCsv(report), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" },
      });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
