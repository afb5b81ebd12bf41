import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { ReportQuerySchema } from "~/reports/report-input";
import { getMetricsReport } from "~/reports/get-metrics-report.server";

/**
 * GET /api/o/{orgId}/reports/prior_authorization_metrics.json?from=YYYY-MM-DD&to=YYYY-MM-DD&line_of_business=
 * CMS-0057-F prior authorization metrics (drugs and services) for the period's requests.
 * → {success, report} (MetricsReport, app/reports/compute-metrics.ts).
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Prior authorization metrics (CMS-0057-F)",
    description:
      "Requests received in the period: % approved / denied, awaiting determination, average and median time to decision for standard and expedited requests, decided after due time; by drugs and by items and services.",
    tags: ["Reports"],
    query: ReportQuerySchema,
    response: z.object({ report: z.record(z.string(), z.unknown()).describe("MetricsReport") }),
    async handler({ organizationId, query }) {
      return { report: await getMetricsReport(await getDatabase(), organizationId, query) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
