/**
 * Criteria that point into a numbered-row requirements table ("Estimated GFR that meets Table A, row
 * 1") read with the row's threshold and recency; the table's rows and footnotes are no criteria of
 * their own; an "Eligibility" section of a policy with paths is every path's requirement
 * (chesapeake-md's utilization-management criteria).
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import type { Criterion } from "../contracts";
import { docLines } from "../text/lines";
import { readPolicy } from "./read-policy";
import { resolveTableRowRefs } from "./table-rows";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

const POLICY = [
  "AGENT X - UTILIZATION MANAGEMENT CRITERIA",
  "1. Eligibility",
  "1.1 The member is 18 years of age or older.",
  "1.2 The drug is prescribed by, or in consultation with, a nephrologist.",
  "2. Initial authorization",
  "Agent X is authorized for polycystic kidney disease when section 1 and ALL of items 2.1 through 2.3 are met.",
  "2.1 Diagnosis of autosomal dominant polycystic kidney disease.",
  "2.2 Rapidly progressing disease: Mayo Imaging Classification class 1C, 1D or 1E (Table",
  "A, row 3).",
  "2.3 Estimated GFR that meets Table A, row 1.",
  "Table A - Laboratory and measurement requirements",
  "Row Test Required value Result must be dated within",
  "1 eGFR (CKD-EPI 2021) 25 mL/min/1.73 m2 or higher 90 days before the request",
  "2 ALT and AST Each no higher than 3 x the upper limit of normal 60 days before the request",
  "(ULN) (1)",
  "3 Mayo Imaging Classification Class 1C, 1D or 1E (2) Any date",
  "(1) Use the upper limit of normal printed by the performing laboratory.",
  "(2) The class is taken from the radiology report.",
  "3. Exclusions - authorization is not granted when ANY applies",
  "3.1 Chronic dialysis.",
].join("\n");

describe("references into a numbered-row requirements table", () => {
  it("replaces each reference by its row's requirement, recency as 'dated within'", () => {
    const lines = resolveTableRowRefs(docLines(docFromPages([POLICY])));
    const texts = lines.map((l) => l.text);
    expect(texts).toContain("2.3 Estimated GFR that meets eGFR (CKD-EPI 2021) 25 mL/min/1.73 m2 or higher, dated within 90 days before the request.");
    // the wrapped reference: its "(Table" tail goes, the row comes in on the next line
    expect(texts).toContain("2.2 Rapidly progressing disease: Mayo Imaging Classification class 1C, 1D or 1E");
    expect(texts).toContain("Mayo Imaging Classification Class 1C, 1D or 1E.");
    // the table and its footnotes are gone
    expect(texts.some((t) => /^Row Test|^1 eGFR|^\(1\) Use the upper/.test(t))).toBe(false);
    // every line still maps into the page
    for (const l of lines) expect(l.map.length).toBe(l.text.length + 1);
  });

  it("reads the referenced row as a lab threshold with its window, and Eligibility as every path's requirement", () => {
    const m = readPolicy(docFromPages([POLICY]), { drug_names: ["agent x"] });
    const all = [...m.common, ...m.indications.flatMap((i) => flat(i.criteria))];
    expect(all.find((c) => c.kind === "lab" && /eGFR/i.test(c.text))).toMatchObject({ op: ">=", value: 25, within_days: 90 });
    expect(m.common.some((c) => c.kind === "age")).toBe(true);
    expect(m.indications.some((i) => /eligibility/i.test(i.title))).toBe(false);
    expect(all.some((c) => /upper limit of normal printed/i.test(c.text))).toBe(false);
  });

  it("leaves a policy without such a table as it is", () => {
    const lines = docLines(docFromPages([["1. Criteria", "1.1 eGFR of 25 or higher (see Table 2, row 1).", "2. Limits"].join("\n")]));
    expect(resolveTableRowRefs(lines)).toBe(lines);
  });
});
