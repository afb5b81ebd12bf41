/** Issue 24, item 6: which values read from a request are marked for a check (field-confidence.ts). */
import { describe, expect, it } from "vitest";
import { lowConfidenceFields, type FieldConfidenceInput } from "./field-confidence";

const base: FieldConfidenceInput = {
  patient: { first_name: "Derek", last_name: "Holloway", birth_date: "1970-01-02", member_id: "ZX1", citations: [{ page: 1 }] },
  prescriber: { full_name: "Ann Lee", organization_name: "Lakeside Rheumatology" },
  medication: { dosage: "40 mg every other week", strength: "40 mg" },
  eligibilityReason: "Eligible: Derek Holloway (ZX1), DOB 1970-01-02, covered 2025-01-01 to open on request date 2026-03-02.",
  pages: [{ page: 1, ocr: false, confidence: null }],
  corrected: new Set(),
};

describe("lowConfidenceFields", () => {
  it("marks nothing on a cleanly read request", () => {
    expect(lowConfidenceFields(base)).toEqual([]);
  });

  it("a name matched to the roster only as a close match is marked, with the roster's spelling", () => {
    const flags = lowConfidenceFields({
      ...base,
      patient: { ...base.patient!, first_name: "Erek" },
      eligibilityReason: 'Eligible: Derek Holloway (ZX1) … (first name "Erek" read as roster "Derek" (close match)).',
    });
    expect(flags).toEqual([{ field: "patient.first_name", reason: expect.stringContaining('Read as "Erek"'), suggestion: "Derek" }]);
  });

  it("identity read from a poor scan, a label's words as an organization and cut-off directions are marked", () => {
    const flags = lowConfidenceFields({
      ...base,
      prescriber: { full_name: "Ann Lee", organization_name: "and address" },
      medication: { dosage: "80 mg day 1, then every 12", strength: null },
      pages: [{ page: 1, ocr: true, confidence: 0.61 }],
    });
    expect(flags.map((f) => f.field).sort()).toEqual(
      ["medication.dosage", "patient.birth_date", "patient.first_name", "patient.last_name", "patient.member_id", "practitioner.organization_name"].sort(),
    );
    expect(flags.find((f) => f.field === "patient.first_name")?.reason).toContain("61%");
    // a good scan is not marked
    expect(lowConfidenceFields({ ...base, pages: [{ page: 1, ocr: true, confidence: 0.93 }] })).toEqual([]);
  });

  it("a field the reviewer corrected is never marked", () => {
    const flags = lowConfidenceFields({
      ...base,
      prescriber: { full_name: "Ann Lee", organization_name: "and address" },
      corrected: new Set(["practitioner.organization_name"]),
    });
    expect(flags).toEqual([]);
  });

  it("a form caption read as part of a name (OCR 'Crederihal' for 'Credential') is marked; real names are not", () => {
    const flags = lowConfidenceFields({ ...base, prescriber: { full_name: "Crederihal Farouk", organization_name: "Reno County Dermatology" } });
    expect(flags).toEqual([{ field: "practitioner.full_name", reason: expect.stringContaining('"Crederihal" looks like the form\'s "credential" caption') }]);
    expect(lowConfidenceFields({ ...base, patient: { ...base.patient!, first_name: "Name" } }).map((f) => f.field)).toEqual(["patient.first_name"]);
    for (const name of ["Patience Prentice", "Andress Provost", "Nadia Farouk", "Credence Signorelli"])
      expect(lowConfidenceFields({ ...base, prescriber: { full_name: name, organization_name: "Clinic One" } }), name).toEqual([]);
  });

  it("the drug line read as the directions is marked; directions that name the drug and a frequency are not", () => {
    const med = (dosage: string) => lowConfidenceFields({ ...base, medication: { dosage, strength: "150 mg/mL", drug_name: "Skyrizi" } });
    expect(med("Skyrizi (risankizumab-rzaa) 150 mg/mL pen").map((f) => f.field)).toEqual(["medication.dosage"]);
    expect(med("Skyrizi 150 mg SC at week 0, week 4, then every 12 weeks")).toEqual([]);
    expect(med("150 mg SC q12 weeks")).toEqual([]);
  });
});
