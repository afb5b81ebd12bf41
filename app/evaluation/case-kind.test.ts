import { describe, expect, it } from "vitest";
import { textToParsedDocument } from "~/intake/text-document";
import { caseKindFromFax } from "./case-kind";

const MEDICAL_CODES = ["72148", "72149", "E0601"];

describe("caseKindFromFax (a set mixing drug and medical cases)", () => {
  it("reads a medical request from a service line with a governed code", () => {
    const doc = textToParsedDocument(
      "MEDICAL PRIOR AUTHORIZATION REQUEST\nPatient: Martin Okafor DOB 04/22/1968 Member ID CHP2240187\nService requested: CPT 72148 MRI lumbar spine without contrast, 1 unit, date of service 10/12/2026, POS 22\nDiagnosis: M54.16",
    );
    expect(caseKindFromFax(doc, MEDICAL_CODES)).toBe("medical");
  });

  it("reads a pharmacy request (drug, NDC, no service code) as a drug case", () => {
    const doc = textToParsedDocument(
      "PRESCRIPTION DRUG PRIOR AUTHORIZATION REQUEST\nPatient: Dana Whitfield DOB 03/14/1979 Member ID ACM100234\nMedication: Humira 40 mg/0.4 mL pen, NDC 00074-0554-02, 2 pens every 28 days\nDiagnosis: M05.79 rheumatoid arthritis\nPrescriber: Priya Raman MD NPI 1234567893, 1200 Lake Shore Dr, Chicago IL 60611",
    );
    expect(caseKindFromFax(doc, MEDICAL_CODES)).toBe("drug");
  });

  it("a code no medical policy of the set governs does not make a case medical", () => {
    const doc = textToParsedDocument("Service requested: CPT 99213 office visit, date of service 10/12/2026");
    expect(caseKindFromFax(doc, MEDICAL_CODES)).toBe("drug");
  });
});
