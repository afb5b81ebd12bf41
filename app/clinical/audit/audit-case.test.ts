import { describe, expect, it } from "vitest";
import { auditCase } from "./audit-case";
import { docFromPages, emptyFacts } from "../testing";
import type { EligibilityResult, FormularyRow, ReviewResult } from "../contracts";

const row: FormularyRow = {
  drug_name: "Humira",
  ndc: null,
  tier: 5,
  requires_prior_auth: true,
  quantity_limit: { amount: 2, unit: "pens", period_days: 28 },
  quantity_limit_note: "Maintenance limit; induction/loading doses in the policy are allowed in the first 28 days.",
  step_therapy: [{ drug_name: "metformin", duration_days: 90 }],
};
const elig: EligibilityResult = { eligible: true, member: null, reason: "", formulary: row, citations: [] };
const review: ReviewResult = { policy_id: "p", paths: [], traversal: [] };
const med = (quantity: number, dosage: string) => ({ ...emptyFacts().medication, quantity, days_supply: 28, dosage });
const find = (fs: ReturnType<typeof auditCase>, check: string) => fs.find((f) => f.check === check)!;

describe("auditCase", () => {
  it("quantity within the limit passes; over the limit warns; loading fill allowed by the note passes", () => {
    const base = { caseDoc: docFromPages(["request"]), eligibility: elig, review, requestDate: "2026-10-01" };
    expect(find(auditCase({ ...base, facts: emptyFacts({ medication: med(2, "40 mg every other week") }) }), "quantity_limit").passed).toBe(true);
    expect(find(auditCase({ ...base, facts: emptyFacts({ medication: med(6, "40 mg weekly") }) }), "quantity_limit").passed).toBe(false);
    expect(find(auditCase({ ...base, facts: emptyFacts({ medication: med(4, "80 mg x1, then 40 mg every other week") }) }), "quantity_limit").passed).toBe(
      true,
    );
  });
  it("step therapy: trial of the required length, contraindication, or missing", () => {
    const run = (text: string) =>
      find(auditCase({ caseDoc: docFromPages([text]), facts: emptyFacts(), eligibility: elig, review, requestDate: "2026-10-01" }), "step_therapy");
    expect(run("Metformin 1000 mg BID 01/02/2025 - present").passed).toBe(true);
    expect(run("Metformin contraindicated: eGFR 24").passed).toBe(true);
    expect(run("No prior therapies.").passed).toBeNull();
  });
  it("date sanity flags a DOB on/after the request date as blocking", () => {
    const f = find(
      auditCase({
        caseDoc: docFromPages(["x"]),
        facts: emptyFacts({ patient: { ...emptyFacts().patient, birth_date: "2027-01-01" } }),
        eligibility: elig,
        review,
        requestDate: "2026-10-01",
      }),
      "date_sanity",
    );
    expect(f).toMatchObject({ passed: false, severity: "blocking" });
  });
  it("flags ongoing biologics besides a requested biologic", () => {
    const fs = auditCase({
      caseDoc: docFromPages(["Will continue Cosentyx 300 mg monthly"]),
      facts: emptyFacts(),
      eligibility: elig,
      review,
      requestDate: "2026-10-01",
      drugNames: ["adalimumab", "humira"],
    });
    expect(find(fs, "duplicate_therapy").passed).toBe(false);
  });
  it("leaves AI rules to the pipeline: no rule findings from the audit itself", () => {
    const fs = auditCase({
      caseDoc: docFromPages(["humira"]),
      facts: emptyFacts(),
      eligibility: elig,
      review,
      requestDate: "2026-10-01",
      rules: [{ name: "r", description: "d", conditions: [], actions: ["note x"] }],
    });
    expect(fs.some((f) => f.check.startsWith("rule:"))).toBe(false);
  });
});
