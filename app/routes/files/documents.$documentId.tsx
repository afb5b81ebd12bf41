import type { Route } from "./+types/documents.$documentId";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { pageNotFound } from "~/lib/http.server";
import { loadSignedDocument } from "~/documents/signed-url.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getUser } from "~/auth/session.server";

/**
 * GET /documents/{id}?expires=&signature= — a stored document through an expiring signed link
 * (app/documents/signed-url.server.ts), served inline. Bad, expired or forged links → 404. Case
 * documents (PHI) are recorded in the access audit.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const doc = await loadSignedDocument(await getDatabase(), params.documentId, new URL(request.url).searchParams);
    // A signed link names no person: the reader is the signed-in user when there is one.
    if (doc.prior_auth_id || doc.claim_id) {
      const user = await getUser(request);
      await recordAuditEvent({ organization: { id: doc.organization_id }, user, via: "signed_link" }, request, {
        action: "document.view",
        resource_type: "document",
        resource_id: params.documentId,
        prior_auth_id: doc.prior_auth_id,
      });
    }
    const filename = doc.filename.replace(/["\\\r\n]/g, "_");
    return new Response(doc.data, {
      headers: {
        "Content-Type": doc.content_type === "application/pdf" ? "application/pdf" : "text/plain; charset=utf-8",
        "Content-Disposition": `inline; filename="${filename}"`,
        // Patient documents (PHI): never kept in a browser or proxy cache.
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return pageNotFound();
    throw err;
  }
}
