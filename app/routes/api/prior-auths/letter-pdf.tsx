import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getLetterPdf } from "~/letters/generate-denial-letter.server";
import { getDatabase } from "~/lib/db.server";

/** GET /api/o/{orgId}/prior_auths/{id}/letters/{letter}.pdf — the letter PDF (inline); recorded in the PHI access audit. */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Download a letter PDF",
    tags: ["Decisions"],
    produces: "pdf",
    async handler({ request, auth, organizationId, params }) {
      const pdf = await getLetterPdf(await getDatabase(), organizationId, params.id!, params.letterId!);
      await recordAuditEvent(orgCaller(auth), request, {
        action: "letter.view",
        resource_type: "letter",
        resource_id: params.letterId,
        prior_auth_id: params.id,
      });
      return new Response(pdf.data, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${pdf.filename}"`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
