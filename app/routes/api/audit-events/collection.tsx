import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { listAuditEvents } from "~/audit/list-audit-events.server";
import { getDatabase } from "~/lib/db.server";
import { AuditEventJsonSchema } from "~/team/team-api-schemas";
import { AuditFilterSchema } from "~/team/team-input";

/**
 * GET /api/o/{orgId}/audit_events?user=&case=&from=YYYY-MM-DD&to=YYYY-MM-DD&page= → {audit_events,
 * total, page, page_size}: the PHI access audit, newest first, 50 a page. Needs audit.read.
 */
const route = apiRoute({
  GET: {
    permission: "audit.read",
    summary: "PHI access audit",
    description: "Who read or changed which case, document, letter or chat, newest first, 50 a page. Unparseable filters are ignored.",
    tags: ["Team"],
    query: AuditFilterSchema,
    response: z.object({ audit_events: z.array(AuditEventJsonSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
    async handler({ organizationId, query }) {
      const { events, total, page, pageSize } = await listAuditEvents(await getDatabase(), organizationId, query);
      return { audit_events: events, total, page, page_size: pageSize };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
