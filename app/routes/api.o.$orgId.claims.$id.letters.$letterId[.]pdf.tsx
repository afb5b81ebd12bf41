import type { Route } from "./+types/api.o.$orgId.claims.$id.letters.$letterId[.]pdf";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { getClaimLetterPdf } from "~/claims/claim-review.server";

/** GET /api/o/{orgId}/claims/{id}/letters/{letter}.pdf — a claim line's denial letter PDF (inline). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId);
    const pdf = await getClaimLetterPdf(await getDatabase(), organization.id, params.id, params.letterId);
    return new Response(new Uint8Array(pdf), { headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="denial-letter.pdf"`, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
