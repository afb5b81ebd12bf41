import type { Route } from "./+types/api.o.$orgId.audit_events";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listAuditEvents } from "~/audit/list-audit-events.server";
import { AuditFilterSchema } from "~/team/team-input";

/**
 * GET /api/o/{orgId}/audit_events?user=&case=&from=YYYY-MM-DD&to=YYYY-MM-DD&page= → {audit_events,
 * total, page, page_size}: the PHI access audit, newest first, 50 a page. Needs audit.read.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "audit.read");
    const filter = AuditFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { events, total, page, pageSize } = await listAuditEvents(await getDatabase(), organization.id, filter);
    return ok({ audit_events: events, total, page, page_size: pageSize });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
