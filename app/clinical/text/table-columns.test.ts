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

describe("a grid of the policy's own sections (Section | Criteria)", () => {
  const doc = tablePage([
    [
      ["Section", 50],
      ["Criteria", 200],
    ],
    [
      ["Approval Criteria", 50],
      ["ALL of the following must be met:", 200],
    ],
    [["1. Member is 18 years of age or older; AND", 200]],
    [
      ["Approval Criteria (continued)", 50],
      ["2. Prescribed by a cardiologist.", 200],
    ],
    [
      ["Denial Criteria", 50],
      ["- Blood pressure below 90/50 mmHg;", 200],
    ],
    [
      ["Length of Authorization", 50],
      ["Initial: 6 months. Renewal: 12 months.", 200],
    ],
    [
      ["Renewal Criteria", 50],
      ["1. Member continues the drug; AND", 200],
    ],
  ]);

  it("reads each section's label as a line of its own, then its cells; a continued label goes on the section above", () => {
    const out = readTableColumns(doc, docLines(doc));
    expect(out.map((l) => l.text)).toEqual([
      "Approval Criteria",
      "ALL of the following must be met:",
      "1. Member is 18 years of age or older; AND",
      "2. Prescribed by a cardiologist.",
      "Denial Criteria",
      "- Blood pressure below 90/50 mmHg;",
      "Length of Authorization",
      "Initial: 6 months. Renewal: 12 months.",
      "Renewal Criteria",
      "1. Member continues the drug; AND",
    ]);
    expect(out.every((l) => !l.cell)).toBe(true);
    for (const l of out) expect(doc.pages[0].text.slice(l.start, l.end)).toBe(l.text);
  });
});
