import type { Route } from "./+types/api.demo_faxes.$faxId[.]pdf";
import { handleApiError, methodNotAllowed } from "~/lib/http.server";
import { demoFaxPdf, getDemoFax } from "~/demo/public-demo.server";

/**
 * GET /api/demo_faxes/{faxId}.pdf — the example fax itself (application/pdf), no account needed.
 * Unknown ids → 404 JSON. The PDFs are synthetic and the same for every visitor (cached a day).
 */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const fax = getDemoFax(params.faxId);
    const bytes = await demoFaxPdf(fax.id);
    return new Response(new Uint8Array(bytes), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${fax.id}.pdf"`, "Cache-Control": "public, max-age=86400" },
    });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Other methods → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
