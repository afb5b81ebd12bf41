/** GET /o/{orgId}/forms/{formId}/preview.pdf[?lob=] — the form filled with sample values, as a PDF (inline). */
import type { Route } from "./+types/$formId.preview.pdf";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { previewLetterFormPdf } from "~/letters/manage-letter-forms.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "member");
  const lob = new URL(request.url).searchParams.get("lob")?.slice(0, 100) ?? null;
  try {
    const pdf = await previewLetterFormPdf(await getDatabase(), organization.id, params.formId, lob);
    return new Response(new Uint8Array(pdf.data), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${pdf.filename}"`, "Cache-Control": "no-store" },
    });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  }
}
