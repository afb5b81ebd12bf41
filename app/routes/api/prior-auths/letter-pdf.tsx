import { apiRoute } from "~/api/api-route.server";
import { getLetterPdf } from "~/letters/generate-denial-letter.server";
import { getDatabase } from "~/lib/db.server";

/** GET /api/o/{orgId}/prior_auths/{id}/letters/{letter}.pdf — the letter PDF (inline). */
const route = apiRoute({
  GET: {
    summary: "Download a letter PDF",
    tags: ["Decisions"],
    produces: "pdf",
    async handler({ organizationId, params }) {
      const pdf = await getLetterPdf(await getDatabase(), organizationId, params.id!, params.letterId!);
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
