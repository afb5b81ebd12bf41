/**
 * Generic OCR-robustness rules of the extraction stage, on small synthetic OCR-like samples:
 * garbled labels ("Fist name", "NPIL #", "Diaghosis", "Icp-10"), colonless "Label   value" cells,
 * over-long ICD-10 categories ("JB82.83"), mixed-case numbered section headers whose words OCR
 * split or lost, and an NPI whose label is unreadable.
 * Ported from app/engine/extract/ocr-robustness.test.ts (7017c33); the pure ICD-10 repair
 * (repairIcd10Insertion) is tested in ../codes/icd10.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "../contracts";
import { codesIn, extractCaseFacts, icdConfirmer } from "./extract-case";
import { headerOf, sectionMap } from "../text/fields";
import { buildModel } from "../text/layout";
import { gridPage } from "./test-pages";
import { isValidNpi } from "../codes/npi";

/** OCR page from rows of [text, x] cells, as the robustness cases see them. */
const ocrGridPage = (page: number, rows: [string, number][][]) => gridPage(page, rows, { ocr: true, confidence: 0.8 });
const doc1 = (rows: [string, number][][]): ParsedDocument => ({ page_count: 1, pages: [ocrGridPage(1, rows)] });
const textDoc = (lines: string[]): ParsedDocument => ({
  page_count: 1,
  pages: [{ page: 1, text: lines.join("\n"), ocr: true, confidence: 0.8, width: 612, height: 792, words: [] }],
});

describe("garbled grid labels: 'Fist name', 'NPIL #'", () => {
  const f = extractCaseFacts(
    doc1([
      [["III. PATIENT INFORMATION", 20]],
      [
        ["Last name", 20],
        ["First name", 200],
        ["Date of birth", 380],
      ],
      [
        ["Ellis", 20],
        ["Jordan", 200],
        ["09/29/2008", 380],
      ],
      [["IV. PRESCRIBER INFORMATION", 20]],
      [
        ["Last name", 20],
        ["Fist name", 200],
        ["Specialty", 380],
      ],
      [
        ["Bell", 20],
        ["Marcus", 200],
        ["Family Medicine", 380],
      ],
      [
        ["NPIL #", 20],
        ["DEA # (if required)", 200],
        ["Contact name", 380],
      ],
      [
        ["1548213960", 20],
        ["Ana", 380],
      ],
    ]),
  );
  it("reads the first name under an OCR-damaged 'First name' label (not as a bare 'name' label)", () => {
    expect(f.practitioner).toMatchObject({ first_name: "Marcus", last_name: "Bell", full_name: "Marcus Bell" });
  });
  it("reads the NPI under 'NPIL #' (a box border read as a letter)", () => {
    expect(f.practitioner.npi).toBe("1548213960");
  });
});

describe("inline PBM form: 'Diaghosis:', colonless 'ICD-10   codes' cell, 'Icp-10:'", () => {
  it("takes codes from the next cell when the ICD-10 label has no colon and nothing below it", () => {
    const f = extractCaseFacts(
      textDoc([
        "MEDICATION",
        "Medication & strength: Ozempic 0.5 mg pen   NDC: 00169-4132-12",
        "Diaghosis: Type 2 diabetes mellitus with diabetic chronic kidney disease; Chronic kidney disease stage 4   ICD-10   E11.22; N18.4",
        "CLINICAL QUESTIONS",
      ]),
    );
    expect(f.diagnoses.map((d) => d.code)).toEqual(["E11.22", "N18.4"]);
    expect(f.diagnoses[0]).toMatchObject({ primary: true, description: "Type 2 diabetes mellitus with diabetic chronic kidney disease" });
    expect(f.diagnoses[1].description).toBe("Chronic kidney disease stage 4");
  });
  it("accepts an ICD-10 label with one garbled letter", () => {
    const f = extractCaseFacts(textDoc(["Diagnosis: Migraine with aura, not intractable   Icp-10: G43.109", "CLINICAL QUESTIONS"]));
    expect(f.diagnoses.map((d) => d.code)).toEqual(["G43.109"]);
  });
});

describe("over-long ICD-10 category repair ('JB82.83')", () => {
  it("keeps the single one-character deletion confirmed by the condition named next to the code", () => {
    const asthma = icdConfirmer("Eosinophilic asthma");
    expect(asthma("J82.83")).toBe(true);
    expect(asthma("B82.83")).toBe(false);
    expect(codesIn("JB82.83", false, "Eosinophilic asthma").map((c) => c.code)).toEqual(["J82.83"]);
    expect(codesIn("JB82.83", false)).toEqual([]); // repairs need context
  });
  it("repairs a code in a grid cell under 'ICD-10 code' using the description beside it", () => {
    const f = extractCaseFacts(
      doc1([
        [
          ["Primary diagnosis", 20],
          ["ICD-10 code", 400],
        ],
        [
          ["Eosinophilic asthma", 20],
          ["JB82.83", 400],
        ],
        [
          ["Secondary diagnosis", 20],
          ["ICD-10 code(s)", 400],
        ],
        [
          ["Severe persistent asthma, uncomplicated", 20],
          ["J45.50", 400],
        ],
      ]),
    );
    expect(f.diagnoses.map((d) => d.code)).toEqual(["J82.83", "J45.50"]);
  });
  it("reads a letter OCR put in the digit position of a code ('JB2.83' → J82.83)", () => {
    expect(codesIn("JB2.83", false).map((c) => c.code)).toEqual(["J82.83"]);
  });
});

describe("numbered section headers and an unreadable NPI label", () => {
  const doc = doc1([
    [["Section I - Submission", 20]],
    [
      ["Section 1 -", 20],
      ["Information", 200],
    ],
    [
      ["Last name", 20],
      ["First name", 200],
      ["Date of birth", 380],
    ],
    [
      ["Achebe", 20],
      ["Samuel", 200],
      ["04/02/1979", 380],
    ],
    [["Section IV - Prescri ber Information", 20]],
    [
      ["Last name", 20],
      ["First name", 200],
      ["Credential", 380],
      ["NPY &", 480],
    ],
    [
      ["Farouk", 20],
      ["Nadia", 200],
      ["MD", 380],
      ["1298403571", 480],
    ],
    [
      ["Phone", 20],
      ["Fax", 200],
    ],
    [
      ["2125550139", 20],
      ["(620) 555-0134", 200],
    ],
    [["Section V - Medication Information", 20]],
  ]);
  it("recognises mixed-case 'Section N - Title' headers, also with OCR-split title words", () => {
    const m = buildModel(doc);
    const lines = m.pages[0].lines;
    expect(headerOf(lines[0])).toBe("submission");
    expect(headerOf(lines[4])).toBe("prescriber");
    expect(headerOf(lines[9])).toBe("medication");
    // title lost to OCR: the section is inferred from the block's labels (Date of birth → patient)
    expect(sectionMap(m).get("1:2")).toBe("patient");
  });
  it("takes a check-digit-valid bare 10-digit number in the prescriber section as the NPI", () => {
    expect(isValidNpi("1298403571")).toBe(true);
    expect(isValidNpi("2125550139")).toBe(true); // the phone number also passes the check digit: excluded by its label
    const f = extractCaseFacts(doc);
    expect(f.practitioner).toMatchObject({ last_name: "Farouk", npi: "1298403571", npi_valid: true });
    expect(f.patient).toMatchObject({ first_name: "Samuel", last_name: "Achebe" });
  });
  // Regression (found by the ported tests, fixed): a grid 'First name' label takes the next column header ('Credential') as its value instead of the cell below it ('Nadia').
  it("reads the prescriber's first name under 'First name', not the 'Credential' column header beside it", () => {
    // minimal: rows [Last name | First name | Credential] / [Farouk | Nadia | MD] under a prescriber header
    // → practitioner.first_name "Credential", full_name "Credential Farouk" (expected "Nadia", "Nadia Farouk")
    expect(extractCaseFacts(doc).practitioner).toMatchObject({ first_name: "Nadia", full_name: "Nadia Farouk" });
  });
});
