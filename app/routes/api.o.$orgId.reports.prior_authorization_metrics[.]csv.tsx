/**
 * GET /api/o/{orgId}/reports/prior_authorization_metrics.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&line_of_business=
 * Summary: the same CMS-0057-F metrics as the .json export, one row per category/urgency/metric.
 * Input: ReportQuerySchema (app/reports/report-input.ts). → text/csv attachment; errors as JSON {success:false, errors}.
 */
import type { Route } from "./+types/api.o.$orgId.reports.prior_authorization_metrics[.]csv";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { ReportQuerySchema } from "~/reports/report-input";
import { getMetricsReport } from "~/reports/get-metrics-report.server";
import { metricsCsv } from "~/reports/compute-metrics";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const query = ReportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const report = await getMetricsReport(await getDatabase(), organization.id, query);
    const filename = `prior-authorization-metrics-${report.period.from}-to-${report.period.to}.csv`;
    return new Response(metricsCsv(report), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" },
    });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
