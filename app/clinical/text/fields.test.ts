/** findLabeled tests ported from app/engine/extract/ocr-robustness.test.ts (7017c33). */
import { describe, expect, it } from "vitest";
import { gridPage } from "../extract/test-pages";
import { findLabeled, sectionMap } from "./fields";
import { buildModel } from "./layout";

const doc1 = (rows: [string, number][][]) => ({ page_count: 1, pages: [gridPage(1, rows, { ocr: true, confidence: 0.8 })] });

describe("findLabeled: colonless 'Label   value' on one line", () => {
  it("takes the next cell when nothing is below the label", () => {
    const m = buildModel(
      doc1([
        [
          ["ICD-10", 20],
          ["E11.22", 200],
        ],
        [["CLINICAL QUESTIONS", 20]],
      ]),
    );
    const hits = findLabeled(m, sectionMap(m), /ICD-10/, { validate: (v) => /\d/.test(v) });
    expect(hits.map((h) => h.value)).toEqual(["E11.22"]);
  });
  it("does not take a neighbouring column header that has its own value below", () => {
    const m = buildModel(
      doc1([
        [
          ["Member ID", 20],
          ["Account", 200],
        ],
        [["12345678", 200]],
      ]),
    );
    const hits = findLabeled(m, sectionMap(m), /Member ID/, { validate: () => true });
    expect(hits.map((h) => h.value)).toEqual([]);
  });
});
