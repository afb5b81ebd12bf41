import type { ParsedDocument } from "~/documents/types";

/**
 * A plain-text document (an ePA's synthetic document) as a ParsedDocument: pages split on form
 * feeds, words with offsets and a nominal layout (12 pt lines on a US-letter page) so citations work.
 */
export function textToParsedDocument(text: string): ParsedDocument {
  const pages = text.split("\f").map((t, i) => {
    const pageText = t.replace(/\r\n?/g, "\n");
    const words: ParsedDocument["pages"][number]["words"] = [];
    let line = 0;
    let lineStart = 0;
    for (let i2 = 0; i2 <= pageText.length; i2++) {
      if (i2 === pageText.length || pageText[i2] === "\n") {
        const lineText = pageText.slice(lineStart, i2);
        for (const m of lineText.matchAll(/\S+/g)) {
          const start = lineStart + m.index!;
          words.push({ text: m[0], start, end: start + m[0].length, x: 36 + m.index! * 6, y: 36 + line * 14, w: m[0].length * 6, h: 12 });
        }
        line++;
        lineStart = i2 + 1;
      }
    }
    return { page: i + 1, text: pageText, ocr: false, confidence: null, width: 612, height: Math.max(792, 72 + line * 14), words };
  });
  return { page_count: pages.length, pages };
}
