/** Test helper: synthetic pages for the extraction tests (not used by the app). */
import type { DocumentPageText, WordBox } from "~/documents/types";

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
