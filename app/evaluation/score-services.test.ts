import { describe, expect, it } from "vitest";
import { formatServiceScore, scoreServices, type ServiceCaseReport } from "./score-services";

const report = (over: Partial<ServiceCaseReport> = {}): ServiceCaseReport => ({
  case_id: "c1",
  decision: "approved",
  scanned: false,
  patient: { first_name: "Martin", last_name: "Okafor", birth_date: "1968-04-22", member_id: "CHP2240187" },
  practitioner: { full_name: "Daniel Whitaker", npi: "1628394011" },
  diagnoses: ["M54.16"],
  seconds: 4,
  services: [
    {
      code: "72148",
      units: 1,
      modifiers: [],
      date_of_service: "2026-10-12",
      place_of_service: "22",
      policy: "lumbar-mri",
      decision: "approved",
      confidence: 0.9,
      criteria: [],
    },
  ],
  ...over,
});

const expected = {
  decision: "approved" as const,
  patient: { first_name: "Martin", last_name: "Okafor", birth_date: "04/22/1968", member_id: "chp2240187" },
  practitioner: { full_name: "Daniel Whitaker", npi: "1628394011" },
  diagnoses: ["M54.16"],
  services: [{ code: "72148", units: 1, date_of_service: "2026-10-12", place_of_service: "22", decision: "approved" as const }],
};

describe("claims scoring: case fields (FORMAT.md)", () => {
  it("scores patient, practitioner and diagnoses per case like a drug case, after normalising", () => {
    const s = scoreServices(
      [report(), report({ case_id: "c2", patient: { ...report().patient, member_id: "CHP2240188" }, diagnoses: ["M54.16", "M51.16"], seconds: 10 })],
      new Map([
        ["c1", expected],
        ["c2", expected],
      ]),
    );
    expect(s.fields["patient.first_name"]).toEqual({ correct: 2, total: 2, accuracy: 1 });
    expect(s.fields["patient.birth_date"]).toEqual({ correct: 2, total: 2, accuracy: 1 });
    expect(s.fields["patient.member_id"]).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect(s.fields["practitioner.npi"]).toEqual({ correct: 2, total: 2, accuracy: 1 });
    expect(s.fields.diagnoses).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    // 7 fields per case: 12 of 14 right
    expect(s.case_field_accuracy).toBeCloseTo(12 / 14);
    expect(s.field_mismatches.map((m) => [m.case_id, m.field])).toEqual([
      ["c2", "patient.member_id"],
      ["c2", "diagnoses"],
    ]);
    expect(s.median_seconds).toBe(4);
    expect(s.p95_seconds).toBe(10);
    // the line scores are unchanged
    expect(s.line_decision_accuracy).toBe(1);
    const text = formatServiceScore(s);
    expect(text).toContain("patient.member_id");
    expect(text).toMatch(/practitioner\.npi\s+100\.0% \(2\/2\)/);
    expect(text).toContain("seconds per case: median 4.0, p95 10.0");
  });

  it("does not score a field expected.json leaves out", () => {
    const s = scoreServices([report()], new Map([["c1", { decision: "approved" as const, services: expected.services }]]));
    expect(s.fields).toEqual({});
    expect(s.case_field_accuracy).toBeNull();
  });
});

describe("claims scoring: pairing of service lines", () => {
  it("pairs every line by code and date first: a missed line is missing, never another date's decision", () => {
    const line = (date: string, decision: "approved" | "denied" | "needs_more_information") => ({
      ...report().services[0]!,
      code: "93798",
      date_of_service: date,
      decision,
    });
    const want = (date: string, decision: "approved" | "denied") => ({ code: "93798", units: 1, date_of_service: date, decision });
    const s = scoreServices(
      // the engine read the 08/26 and 09/02 rows and missed 08/28
      [report({ decision: "denied", services: [line("2026-08-26", "approved"), line("2026-09-02", "denied")] })],
      new Map([
        [
          "c1",
          {
            ...expected,
            decision: "denied" as const,
            services: [want("2026-08-26", "approved"), want("2026-08-28", "approved"), want("2026-09-02", "denied")],
          },
        ],
      ]),
    );
    expect(s.covered_lines_denied).toBe(0);
    expect(s.mismatches).toEqual([{ case_id: "c1", code: "93798", expected: "approved", got: "missing" }]);
  });
});
