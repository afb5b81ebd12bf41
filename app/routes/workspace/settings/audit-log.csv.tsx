import type { Route } from "./+types/audit-log.csv";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { exportAuditEventsCsv } from "~/audit/list-audit-events.server";
import { AuditFilterSchema } from "~/team/team-input";

/** GET /o/{org}/settings/audit-log.csv?user=&case=&from=&to= → the matching audit events as CSV. Needs audit.read. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "audit.read");
  const filter = AuditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const csv = await exportAuditEventsCsv(await getDatabase(), organization.id, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="phi-access-audit-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
