/**
 * GET /api/o/{orgId}/reports/prior_authorization_metrics.json?from=YYYY-MM-DD&to=YYYY-MM-DD&line_of_business=
 * Summary: CMS-0057-F prior authorization metrics (drugs and services) for the period's requests.
 * Input: ReportQuerySchema (app/reports/report-input.ts). → {success, report} (MetricsReport, app/reports/compute-metrics.ts).
 */
import type { Route } from "./+types/api.o.$orgId.reports.prior_authorization_metrics[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { ReportQuerySchema } from "~/reports/report-input";
import { getMetricsReport } from "~/reports/get-metrics-report.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const query = ReportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return ok({ report: await getMetricsReport(await getDatabase(), organization.id, query) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
