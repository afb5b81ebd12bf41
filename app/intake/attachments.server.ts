/**
 * Supporting documents sent with an electronic request (a PAS bundle's DocumentReference PDFs):
 * each is read by the same pipeline as a fax (isolated PDF parse with OCR for scanned pages, then
 * pages, chunks and embeddings stored under its own document row), and its pages are appended to the
 * case document the clinical pipeline reads, so its evidence counts like a faxed page would.
 */
import type { Database } from "~/lib/db.server";
import type { ParsedDocument } from "~/clinical/contracts";
import type { AttemptFence } from "~/queue/fence.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { indexDocument, type EmbedFn } from "~/documents/store-document.server";

/**
 * `caseDoc` followed by the pages of every PDF document of kind "attachment" in `documents`
 * (renumbered after the case document's pages). Each attachment is parsed and indexed for
 * `owner` (its chunks belong to the prior auth when `prior_auth_id` is given). Throws what
 * parseDocumentIsolated throws (DocumentError for an unreadable PDF: the intake fails permanently,
 * as for an unreadable fax). Citations into an appended page name the case document with that page.
 */
export async function withAttachments(
  database: Database,
  owner: { organization_id: string; prior_auth_id?: string | null },
  documents: { id: string; kind: string; content_type: string; data: Uint8Array }[],
  caseDoc: ParsedDocument,
  embed: EmbedFn | undefined,
  fence: AttemptFence | undefined,
): Promise<ParsedDocument> {
  const attachments = documents.filter((d) => d.kind === "attachment" && d.content_type === "application/pdf");
  if (!attachments.length) return caseDoc;
  const pages = [...caseDoc.pages];
  for (const doc of attachments) {
    const parsed = await parseDocumentIsolated(new Uint8Array(doc.data), {});
    await indexDocument(database, { id: doc.id, organization_id: owner.organization_id, prior_auth_id: owner.prior_auth_id ?? null }, parsed, embed, { fence });
    for (const page of parsed.pages) pages.push({ ...page, page: pages.length + 1 });
  }
  return { ...caseDoc, page_count: pages.length, pages };
}
