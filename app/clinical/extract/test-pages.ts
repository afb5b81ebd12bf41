/** Test helper: synthetic pages for the extraction tests (not used by the app). */
import type { DocumentPageText, ParsedDocument, WordBox } from "~/documents/types";

/**
 * A page from rows of [text, x] cells (y advances 14 pt per row); words carry real boxes, as the
 * document layer produces. `ocr` marks it as an OCR page with the given mean `confidence`.
 */
export function gridPage(page: number, rows: [string, number][][], opts: { ocr?: boolean; confidence?: number } = {}): DocumentPageText {
  let text = "";
  const words: WordBox[] = [];
  rows.forEach((cells, r) => {
    let line = "";
    for (const [cell, x] of cells) {
      if (line) line += "   ";
      let cx = x;
      for (const w of cell.split(" ")) {
        const start = text.length + line.length;
        line += w;
        words.push({ text: w, start, end: start + w.length, x: cx, y: 40 + r * 14, w: w.length * 5, h: 9 });
        cx += w.length * 5 + 2.5;
        line += " ";
      }
      line = line.trimEnd();
    }
    text += line + "\n";
  });
  const ocr = opts.ocr ?? false;
  return { page, text, ocr, confidence: ocr ? (opts.confidence ?? 0.9) : null, width: 612, height: 792, words };
}

/**
 * A one-page document from rows of [text, x] cells, one line per row (y advances 12 pt), words boxed
 * 5 pt per character with 3 pt spaces — the geometry the column-table reader is tested on.
 */
export function tablePage(rows: [string, number][][]): ParsedDocument {
  let text = "";
  const words: WordBox[] = [];
  rows.forEach((cells, r) => {
    const parts: string[] = [];
    for (const [cell, x] of cells) {
      let cx = x;
      for (const w of cell.split(" ")) {
        const start = text.length + parts.join(" ").length + (parts.length ? 1 : 0);
        parts.push(w);
        words.push({ text: w, start, end: start + w.length, x: cx, y: 100 + r * 12, w: w.length * 5, h: 10 });
        cx += w.length * 5 + 3;
      }
    }
    text += parts.join(" ") + "\n";
  });
  return { page_count: 1, pages: [{ page: 1, text, ocr: false, confidence: null, width: 612, height: 792, words }] } as ParsedDocument;
}
