import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { getClaimLetterPdf } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims/{id}/letters/{letterId}.pdf — a service line's denial letter PDF (inline). */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Download a medical claim's letter PDF",
    tags: ["Medical claims", "Decisions"],
    produces: "pdf",
    async handler({ request, auth, organizationId, params }) {
      const pdf = await getClaimLetterPdf(await getDatabase(), organizationId, params.id!, params.letterId!);
      await recordAuditEvent(orgCaller(auth), request, { action: "letter.view", resource_type: "letter", resource_id: params.letterId });
      return new Response(new Uint8Array(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="denial-letter.pdf"`,
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
