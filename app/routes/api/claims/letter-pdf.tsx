import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { getClaimLetterPdf } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims/{id}/letters/{letterId}.pdf — a service line's denial letter PDF (inline). */
const route = apiRoute({
  GET: {
    summary: "Download a medical claim's letter PDF",
    tags: ["Medical claims", "Decisions"],
    produces: "pdf",
    async handler({ organizationId, params }) {
      const pdf = await getClaimLetterPdf(await getDatabase(), organizationId, params.id!, params.letterId!);
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
