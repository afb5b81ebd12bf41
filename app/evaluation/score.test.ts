import { describe, expect, it } from "vitest";
import { ndc11, normalizeValue, scoreReports, type CaseReport } from "./score";

const report = (over: Partial<CaseReport>): CaseReport => ({
  case_id: "c",
  decision: "approved",
  confidence: 0.9,
  patient: { first_name: "Dana", last_name: "Whitfield", birth_date: "1979-03-14", member_id: "ACM1" },
  practitioner: { full_name: "Priya Raman", npi: "1234567893" },
  medication: { drug_name: "Humira", ndc: "00074055402" },
  diagnoses: ["M05.79"],
  policy: "adalimumab",
  criteria: [],
  seconds: 2,
  processing_seconds: 1,
  ...over,
});

describe("evaluation scoring", () => {
  it("normalises case, whitespace and date formats", () => {
    expect(normalizeValue("  Dana  ")).toBe("dana");
    expect(normalizeValue("03/14/1979")).toBe("1979-03-14");
    expect(normalizeValue("March 14, 1979")).toBe("1979-03-14");
  });
  it("compares NDCs as 11 digits", () => {
    expect(ndc11("0074-0554-02")).toBe("00074055402");
    expect(ndc11("00074-0554-02")).toBe(ndc11("00074055402"));
  });
  it("computes accuracy, the confusion matrix, approved-denied count and field accuracy", () => {
    const expected = new Map([
      [
        "a",
        {
          decision: "approved" as const,
          patient: { first_name: "DANA", birth_date: "03/14/1979" },
          medication: { ndc: "00074-0554-02" },
          diagnoses: ["M05.79"],
        },
      ],
      ["b", { decision: "approved" as const, practitioner: { npi: "1234567893" } }],
      ["c", { decision: "needs_more_information" as const, diagnoses: ["E11.65", "E66.9"] }],
    ]);
    const s = scoreReports(
      [
        report({ case_id: "a" }),
        report({ case_id: "b", decision: "denied", practitioner: { full_name: null, npi: null } }),
        report({ case_id: "c", decision: "needs_more_information", diagnoses: ["E66.9", "E11.65"] }),
        report({ case_id: "unscored" }),
      ],
      expected,
    );
    expect(s.scored).toBe(3);
    expect(s.accuracy).toBeCloseTo(2 / 3);
    expect(s.confusion.approved.denied).toBe(1);
    expect(s.confusion.approved.approved).toBe(1);
    expect(s.approved_denied).toBe(1);
    expect(s.fields["patient.birth_date"].accuracy).toBe(1);
    expect(s.fields["medication.ndc"].accuracy).toBe(1);
    expect(s.fields["practitioner.npi"].accuracy).toBe(0);
    expect(s.fields.diagnoses.accuracy).toBe(1); // order does not matter
    expect(s.field_accuracy).toBeCloseTo(5 / 6);
    expect(s.mismatches.map((m) => `${m.case_id}:${m.field}`)).toEqual(["b:decision", "b:practitioner.npi"]);
  });
});
