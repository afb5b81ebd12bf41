import type { Route } from "./+types/api.o.$orgId.prior_auths.$id.letters.$letterId[.]pdf";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { getLetterPdf } from "~/letters/generate-denial-letter.server";

/** GET /api/o/{orgId}/prior_auths/{id}/letters/{letter}.pdf — the letter PDF (inline). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const auth = await requireApiAuth(request, params.orgId, "cases.read");
    const pdf = await getLetterPdf(await getDatabase(), auth.organization.id, params.id, params.letterId);
    await recordAuditEvent(auth, request, { action: "letter.view", resource_type: "letter", resource_id: params.letterId, prior_auth_id: params.id });
    return new Response(pdf.data, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pdf.filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
