/**
 * Box 21 on a scanned CMS-1500 whose red captions dropped out (issue 22, class 3): there is no grid
 * to measure, so the diagnoses are the code line(s) typed right above the first item-24 row (or
 * above its shaded NDC row), undotted and OCR-damaged ("110" for I10). Nothing is read when the line
 * above holds no code, and nothing on a fax without item-24 rows.
 */
import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "../contracts";
import { extractCaseFacts } from "./extract-case";
import { readCms1500DiagnosisRows } from "./cms1500";

const scan = (lines: string[]): ParsedDocument => ({
  page_count: 1,
  pages: [{ page: 1, text: lines.join("\n"), ocr: true, confidence: 0.7, width: 612, height: 792, words: [] }],
});
const TOP = [
  "CASCADE VALLEY HEALTH PLAN",
  "x CVH5512093",
  "ROE, JANE 04 17 1961 ROE, JANE",
  "SIGNATURE ON FILE SIGNATURE ON FILE",
  "DN SAMIR HADDAD MD 1234567893",
  "X",
];

describe("box 21 on a scan without captions", () => {
  it("reads the undotted codes above the first service row, repairing OCR's digit for the first letter", () => {
    const doc = scan([...TOP, "M1711 110 E669", "03 02 26 03 02 26 22 29881 RT A 2150 00 1 1234567893", "X CVH0093 2150 00"]);
    expect(readCms1500DiagnosisRows(doc).map((d) => `${d.letter}:${d.code}`)).toEqual(["A:M17.11", "B:I10", "C:E66.9"]);
    const f = extractCaseFacts(doc);
    expect(f.diagnoses.map((d) => d.code)).toEqual(["M17.11", "I10", "E66.9"]);
    expect(f.diagnoses[0].primary).toBe(true);
    expect(f.diagnoses[0].citations[0].text).toContain("M1711");
  });

  it("reads them above the shaded NDC row and when the row's code or units are OCR-damaged", () => {
    const doc = scan([...TOP, "C5091 C7951", "N400074433902 ML10", "04 11 26 04 11 26 11 Jg355 AB 4200 00 l 1234567893"]);
    expect(readCms1500DiagnosisRows(doc).map((d) => d.code)).toEqual(["C50.91", "C79.51"]);
  });

  it("reads nothing when the line above the rows is no code line, or the fax has no item-24 row", () => {
    expect(readCms1500DiagnosisRows(scan([...TOP, "[}", "03 02 26 03 02 26 22 29881 RT A 2150 00 1 1234567893"]))).toEqual([]);
    expect(readCms1500DiagnosisRows(scan(["Clinic note 03/02/2026", "M1711 110", "Plan: arthroscopy."]))).toEqual([]);
  });
});
