/**
 * "Page N of the fax could not be read": pages of a case's document the reader could not read
 * (damaged, and OCR of the image found nothing; app/documents/parse-pdf.server.ts). The engine
 * decides nothing without them (apply-decision-rules.ts), so the reviewer reads them on the
 * original. Renders nothing when every page was read.
 */
export function UnreadPagesNotice({ pages, document = "fax" }: { pages: { page: number; error: string }[]; document?: string }) {
  if (!pages.length) return null;
  return (
    <section
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      role="alert"
      aria-label="Pages not read"
      data-testid="unread-pages"
    >
      <p className="font-semibold">
        {pages.length === 1 ? `Page ${pages[0].page} of the ${document} could not be read` : `${pages.length} pages of the ${document} could not be read`}
      </p>
      <ul className="mt-0.5 list-disc pl-5">
        {pages.map((p) => (
          <li key={p.page}>
            Page {p.page}: {p.error}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Nothing on {pages.length === 1 ? "it" : "them"} was used. Read the original {document}, or ask the sender for a legible copy, before deciding.
      </p>
    </section>
  );
}
