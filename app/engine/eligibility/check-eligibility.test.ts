import { describe, expect, it } from "vitest";
import type { CaseFacts, FormularyRow, RosterMember } from "../types";
import { canonicalMemberId, checkEligibility, matchFormulary } from "./check-eligibility";

const roster: RosterMember[] = [
  { member_id: "GLM40218376", first_name: "Marisol", last_name: "Vega", birth_date: "1971-06-22", gender: "female", plan_identification: "X", coverage_start: "2026-01-01", coverage_end: null },
  { member_id: "GLM39984410", first_name: "Lorraine", last_name: "Whitaker", birth_date: "1963-12-02", gender: "female", plan_identification: "X", coverage_start: "2026-01-01", coverage_end: "2026-08-31" },
  { member_id: "GLM41650093", first_name: "Aaron", last_name: "Feldman", birth_date: "2001-07-07", gender: "male", plan_identification: "X", coverage_start: "2026-09-01", coverage_end: null },
  { member_id: "GLM41899901", first_name: "Leila", last_name: "Nasser", birth_date: "1982-09-03", gender: "female", plan_identification: "X", coverage_start: "2026-01-01", coverage_end: null },
];
const formulary: FormularyRow[] = [
  { drug_name: "Humira", ndc: "00074-0554-02", tier: 5, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
  { drug_name: "Ozempic", ndc: "00169-4132-12", tier: 3, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
  { drug_name: "Ozempic", ndc: "00169-4130-13", tier: 3, requires_prior_auth: true, quantity_limit: null, step_therapy: [] },
];

function facts(p: Partial<CaseFacts["patient"]>, requestDate: string | null, med: Partial<CaseFacts["medication"]> = {}): CaseFacts {
  return {
    request_date: requestDate,
    urgency: "standard",
    patient: { first_name: null, last_name: null, birth_date: null, gender: null, member_id: null, insurance_plan: null, citations: [], ...p },
    practitioner: { full_name: null, first_name: null, last_name: null, credential: null, npi: null, npi_valid: null, specialty: null, phone: null, fax: null, organization_name: null, state_license: null, citations: [] },
    medication: { drug_name: "Humira", generic_name: "adalimumab", strength: null, dosage: null, quantity: null, quantity_unit: null, days_supply: null, duration_months: null, ndc: "00074-0554-02", drug_class: null, citations: [], ...med },
    diagnoses: [], prior_therapies: [], concurrent_therapies: [], labs: [], notes: [],
  };
}

const vega = { first_name: "Marisol", last_name: "Vega", birth_date: "1971-06-22", member_id: "GLM40218376" };

describe("checkEligibility", () => {
  it("is eligible when ID, name and DOB match and the date is inside coverage", () => {
    const r = checkEligibility(facts(vega, "2026-10-06"), roster, formulary);
    expect(r.eligible).toBe(true);
    expect(r.member?.member_id).toBe("GLM40218376");
    expect(r.formulary?.drug_name).toBe("Humira");
    expect(r.reason).toMatch(/^Eligible/);
  });
  it("tolerates OCR confusions in the member ID", () => {
    const r = checkEligibility(facts({ ...vega, member_id: "GLM4O2l8376" }, "2026-10-06"), roster, formulary);
    expect(r.eligible).toBe(true);
  });
  it("is not eligible after coverage ended", () => {
    const r = checkEligibility(facts({ first_name: "Lorraine", last_name: "Whitaker", birth_date: "1963-12-02", member_id: "GLM39984410" }, "2026-10-19"), roster, formulary);
    expect(r.eligible).toBe(false);
    expect(r.reason).toMatch(/ended 2026-08-31/);
  });
  it("is not eligible before coverage starts", () => {
    const r = checkEligibility(facts({ first_name: "Aaron", last_name: "Feldman", birth_date: "2001-07-07", member_id: "GLM41650093" }, "2026-08-15"), roster, formulary);
    expect(r.eligible).toBe(false);
    expect(r.reason).toMatch(/starts 2026-09-01/);
  });
  it("is eligible on the first and last day of coverage", () => {
    expect(checkEligibility(facts({ first_name: "Aaron", last_name: "Feldman", birth_date: "2001-07-07", member_id: "GLM41650093" }, "2026-09-01"), roster, formulary).eligible).toBe(true);
    expect(checkEligibility(facts({ first_name: "Lorraine", last_name: "Whitaker", birth_date: "1963-12-02", member_id: "GLM39984410" }, "2026-08-31"), roster, formulary).eligible).toBe(true);
  });
  it("is not eligible for an unknown member, even one character away from a roster ID", () => {
    const r = checkEligibility(facts({ first_name: "Samir", last_name: "Nasser", birth_date: "1980-05-21", member_id: "GLM41899902" }, "2026-10-06"), roster, formulary);
    expect(r.eligible).toBe(false);
    expect(r.member).toBeNull();
    expect(r.reason).toMatch(/not on the plan roster/);
  });
  it("is not eligible when the ID exists but name or DOB disagree", () => {
    const r1 = checkEligibility(facts({ ...vega, last_name: "Vargas" }, "2026-10-06"), roster, formulary);
    expect(r1.eligible).toBe(false);
    expect(r1.reason).toMatch(/identity does not match/);
    const r2 = checkEligibility(facts({ ...vega, birth_date: "1971-06-23" }, "2026-10-06"), roster, formulary);
    expect(r2.eligible).toBe(false);
  });
  it("returns null when the request date is unknown", () => {
    expect(checkEligibility(facts(vega, null), roster, formulary).eligible).toBeNull();
  });
});

describe("matchFormulary", () => {
  it("prefers the NDC row, then the drug name", () => {
    expect(matchFormulary(facts(vega, "2026-10-06", { drug_name: "Ozempic", ndc: "00169-4130-13" }), formulary)?.ndc).toBe("00169-4130-13");
    expect(matchFormulary(facts(vega, "2026-10-06", { drug_name: "semaglutide", generic_name: "semaglutide", ndc: null }), formulary)?.drug_name).toBe("Ozempic");
    expect(matchFormulary(facts(vega, "2026-10-06", { drug_name: "Lipitor", generic_name: "atorvastatin", ndc: null }), formulary)).toBeNull();
  });
  it("canonicalises confusable ID characters", () => {
    expect(canonicalMemberId("GLM4O2l8376")).toBe(canonicalMemberId("GLM40218376"));
  });
});
