import { describe, expect, it } from "vitest";
import type { ParsedDocument, WordBox } from "~/documents/types";
import { docLines } from "./lines";
import { readTableColumns } from "./table-columns";

/** A one-page document from rows of cells ([text, x] pairs), one line per row, words boxed. */
function tablePage(rows: [string, number][][]): ParsedDocument {
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

describe("readTableColumns", () => {
  const doc = tablePage([
    [["Examplant criteria", 50]],
    [
      ["Initial approval (6 months)", 50],
      ["Reauthorization (12 months)", 320],
    ],
    [
      ["- Member is 18 years of age or older", 50],
      ["- Member has paid claims for Examplant", 320],
    ],
    [
      ["- Diagnosis of migraine", 50],
      ["- Prescriber documents a positive response", 320],
    ],
    [["This policy applies to all commercial plans and is reviewed every year by the committee.", 50]],
  ]);

  it("reads a two-column criteria table column by column, each line verbatim page text", () => {
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out).toEqual([
      "Examplant criteria",
      "Initial approval (6 months)",
      "- Member is 18 years of age or older",
      "- Diagnosis of migraine",
      "Reauthorization (12 months)",
      "- Member has paid claims for Examplant",
      "- Prescriber documents a positive response",
      "This policy applies to all commercial plans and is reviewed every year by the committee.",
    ]);
    for (const l of readTableColumns(doc, docLines(doc))) expect(doc.pages[0].text.slice(l.start, l.end)).toBe(l.text);
  });

  it("leaves text without a column header row as it is", () => {
    const plain = tablePage([
      [["1. Diagnosis of migraine", 50]],
      [
        ["Member ID", 50],
        ["K4471903501", 320],
      ],
    ]);
    expect(readTableColumns(plain, docLines(plain)).map((l) => l.text)).toEqual(docLines(plain).map((l) => l.text));
  });
});
