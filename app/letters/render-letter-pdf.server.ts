/** Letter text → a one-or-more page US Letter PDF (pdf-lib, standard fonts). */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { safeText, wrapText } from "~/lib/pdf-text";

const PAGE: [number, number] = [612, 792];
const MARGIN = 72;
const SIZE = 11;
const LEADING = 15;

/**
 * Renders `body` (plain text; blank lines kept) under a letterhead with `organizationName`.
 * Lines in ALL CAPS are set bold (the template's headings). Returns the PDF bytes.
 */
export async function renderLetterPdf(body: string, opts: { organizationName: string; title: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setAuthor(opts.organizationName);
  doc.setCreator("PA Review");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE[0] - 2 * MARGIN;

  let page = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const header = () => {
    page.drawText(safeText(opts.organizationName, bold), { x: MARGIN, y, size: 14, font: bold, color: rgb(0.1, 0.2, 0.4) });
    y -= 10;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 0.8, color: rgb(0.1, 0.2, 0.4) });
    y -= 24;
  };
  header();
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = raw.trim().length > 3 && raw.trim() === raw.trim().toUpperCase() && /[A-Z]/.test(raw);
    const font = heading ? bold : regular;
    const lines = raw.trim() ? wrapText(raw, font, SIZE, width) : [""];
    for (const line of lines) {
      if (y < MARGIN) {
        page = doc.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      if (line) page.drawText(line, { x: MARGIN, y, size: SIZE, font });
      y -= LEADING;
    }
  }
  return doc.save();
}
