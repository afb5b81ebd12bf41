/**
 * Extraction classes from the CMS coverage-determination form and provider-portal printouts (blind
 * sets lakeshore-ma and summit-cigna), written with other names and drugs: a drug-history table's
 * DOSAGE column is no direction for the requested drug, separate STRENGTH and FREQUENCY boxes give
 * the strength and the directions, a word in running prose is no field label, and a title-case panel
 * title ("Patient") opens its section like an all-caps one.
 */
import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "../contracts";
import { extractCaseFacts } from "./extract-case";
import { gridPage } from "./test-pages";

describe("a coverage-determination form with strength / frequency boxes and a drug-history table", () => {
  const doc: ParsedDocument = {
    page_count: 1,
    pages: [
      gridPage(1, [
        [["DIAGNOSIS AND MEDICAL INFORMATION", 40]],
        [
          ["MEDICATION:", 40],
          ["STRENGTH AND ROUTE OF ADMINISTRATION:", 240],
          ["FREQUENCY:", 440],
        ],
        [
          ["Examplinib", 40],
          ["4 mg by mouth", 240],
          ["once daily", 440],
        ],
        [["DRUG HISTORY: (FOR TREATMENT OF THE CONDITION(S) REQUIRING THE REQUESTED DRUG)", 40]],
        [
          ["DRUG NAME", 40],
          ["DOSAGE", 190],
          ["DATES (start - stop)", 280],
          ["REASON STOPPED / RESULT", 400],
        ],
        [
          ["Methotrexate", 40],
          ["20 mg PO weekly", 190],
          ["01/2025 - 06/2025", 280],
          ["Failure", 400],
        ],
        [["[ ] Medical need for a higher dosage (specify below: dosage form(s) and/or dosage(s) tried and outcome for each)", 40]],
        [["FORM-CDR-2026 page 2 of 3", 40]],
      ]),
    ],
  };
  const f = extractCaseFacts(doc, { knownDrugNames: ["Examplinib"] });
  it("reads the strength box and the directions from strength and frequency", () => {
    expect(f.medication.strength).toBe("4 mg");
    expect(f.medication.dosage).toBe("4 mg by mouth once daily");
  });
  it("never takes an earlier drug's dosage or the line after a sentence as the directions", () => {
    expect(f.medication.dosage ?? "").not.toMatch(/weekly|page/i);
  });
});

describe("a portal printout with a title-case panel title and labels without colons", () => {
  const doc: ParsedDocument = {
    page_count: 1,
    pages: [
      gridPage(1, [
        [["CareLink Portal | Authorization Request Summary", 40]],
        [["Patient", 50]],
        [
          ["Name ABERNATHY-COLE, JUNE", 125],
          ["Subscriber ID QX4410293", 360],
        ],
        [["Date of Birth 04/11/1958", 102]],
        [["Medication", 50]],
        [["Medication Examplinib 4 mg tablet", 108]],
      ]),
    ],
  };
  const f = extractCaseFacts(doc, { knownDrugNames: ["Examplinib"] });
  it("reads the member's name under the panel", () => {
    expect(f.patient).toMatchObject({ first_name: "June", last_name: "Abernathy-Cole" });
  });
});
