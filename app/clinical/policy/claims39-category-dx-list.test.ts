/**
 * claims39: a billing article whose supporting-diagnosis list is printed by category ("a. Iron
 * deficiency D50.0 …; D50.8, D50.9 …") with no "Group N" lines, under a rule that a line whose
 * diagnosis pointers "reference only codes not listed below" is denied, is read as one
 * `line_diagnosis` list of every code and range under the heading (ended by "Document History").
 */
import { describe, expect, it } from "vitest";
import { icdListed, lineDiagnosisRules } from "./bundled-codes";

const ARTICLE = [
  "Article Guidance",
  "1. Claims for 83540 and 82728 must report, in the diagnosis pointer of the service line, an ICD-10-CM code from the group",
  "below. A claim line whose diagnosis pointers reference only codes not listed below will be denied as not reasonable and",
  "necessary. Codes listed in item 21 but not referenced by the line's pointer are not used for that line.",
  "2. Z13.0 (Encounter for screening for diseases of the blood) is not a covered code under this article.",
  "ICD-10-CM Codes that Support Medical Necessity",
  "Category ICD-10-CM codes",
  "a. Iron deficiency D50.0 Iron deficiency anemia secondary to blood loss; D50.8, D50.9 (other and unspecified)",
  "b. Iron overload E83.110-E83.119 (hemochromatosis); E83.19 (other disorders of iron metabolism)",
  "c. Chronic kidney disease N18.4, N18.5 with Z79.899",
  "Document History",
  "01/01/2026: R3 - annual ICD-10-CM update; Z13.0 added to guidance 2.",
].map((text) => ({ text }));

describe("a category-printed supporting-diagnosis list", () => {
  const rules = lineDiagnosisRules(ARTICLE, () => null as never);

  it("is one line_diagnosis list of every code and range under the heading", () => {
    expect(rules).toHaveLength(1);
    const [r] = rules as { kind: string; icd10: string[]; codes?: string[] }[];
    expect(r.kind).toBe("line_diagnosis");
    expect(r.icd10).toEqual(expect.arrayContaining(["D50.0", "D50.8", "D50.9", "E83.110-E83.119", "E83.19", "N18.4", "N18.5", "Z79.899"]));
    // no code of the guidance above the heading nor of the document history below it
    expect(r.icd10).not.toContain("Z13.0");
    expect(r.codes).toBeUndefined();
  });

  it("accepts a pointed code inside a listed range and rejects the screening code", () => {
    const [r] = rules as { icd10: string[] }[];
    expect(icdListed("E83.118", r.icd10)).toBe(true);
    expect(icdListed("D50.9", r.icd10)).toBe(true);
    expect(icdListed("Z13.0", r.icd10)).toBe(false);
  });

  it("reads nothing without the article's statement that an unlisted line is denied", () => {
    const noRule = ARTICLE.filter((l) => !/reference only codes not listed|^necessary\./.test(l.text));
    expect(lineDiagnosisRules(noRule, () => null as never)).toEqual([]);
  });
});
