import { describe, expect, it } from "vitest";
import { tablePage } from "../extract/test-pages";
import { docLines } from "./lines";
import { readTableColumns } from "./table-columns";

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
