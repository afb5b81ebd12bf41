import { apiRoute } from "~/api/api-route.server";
import { demoFaxPdf, getDemoFax } from "~/demo/public-demo.server";

/**
 * GET /api/demo_faxes/{faxId}.pdf — the example fax itself (application/pdf), no account needed.
 * Unknown ids → 404 JSON. The PDFs are synthetic and the same for every visitor (cached a day).
 */
const route = apiRoute({
  auth: "public",
  GET: {
    summary: "An example fax of the public demo (PDF)",
    tags: ["Demo"],
    produces: "pdf",
    async handler({ params }) {
      const fax = getDemoFax(params.faxId ?? "");
      const bytes = await demoFaxPdf(fax.id);
      return new Response(new Uint8Array(bytes), {
        headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${fax.id}.pdf"`, "Cache-Control": "public, max-age=86400" },
      });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
