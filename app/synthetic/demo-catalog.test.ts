import { describe, expect, it } from "vitest";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_PRESCRIBERS, DEMO_ROSTER, demoManifest } from "./demo-catalog";
import { ageOn, isValidNpi, makeNpi, npiCheckDigit } from "./util";

describe("NPI check digit", () => {
  it("matches the published CMS example (123456789 -> 3)", () => {
    expect(npiCheckDigit("123456789")).toBe(3);
    expect(isValidNpi("1234567893")).toBe(true);
    expect(isValidNpi("1234567890")).toBe(false);
    expect(isValidNpi(makeNpi("987654321"))).toBe(false); // must start with 1 or 2
    expect(isValidNpi(makeNpi("198765432"))).toBe(true);
  });
});

describe("demo catalog", () => {
  it("has valid prescriber NPIs everywhere", () => {
    for (const p of DEMO_PRESCRIBERS) expect(isValidNpi(p.npi), p.npi).toBe(true);
    for (const c of DEMO_CASES) expect(isValidNpi(c.prescriber.npi), c.id).toBe(true);
  });

  it("has a 12-member roster with one ended coverage, all on the demo plan", () => {
    expect(DEMO_ROSTER).toHaveLength(12);
    expect(DEMO_ROSTER.filter((m) => m.coverage_end).length).toBeGreaterThanOrEqual(1);
    expect(new Set(DEMO_ROSTER.map((m) => m.member_id)).size).toBe(12);
    for (const m of DEMO_ROSTER) expect(m.plan_identification).toBe(DEMO_PLAN.identification);
  });

  it("has formulary rows with 5-4-2 NDCs, and every case NDC is on the formulary", () => {
    for (const r of DEMO_FORMULARY) expect(r.ndc).toMatch(/^\d{5}-\d{4}-\d{2}$/);
    for (const c of DEMO_CASES)
      expect(
        DEMO_FORMULARY.some((r) => r.ndc === c.medication.ndc && r.drug_name === c.medication.drug_name),
        c.id,
      ).toBe(true);
  });

  it("has three policies in the three styles, with the expected section headings", () => {
    expect(DEMO_POLICIES.map((p) => p.style).sort()).toEqual(["clinical_policy", "part_d_table", "pbm_initial_therapy"]);
    const byStyle = Object.fromEntries(DEMO_POLICIES.map((p) => [p.style, p.text]));
    expect(byStyle.part_d_table).toMatch(
      /Covered Uses:.*\n[\s\S]*Exclusion Criteria:[\s\S]*Required Medical Information:[\s\S]*Age Restrictions:[\s\S]*Prescriber Restrictions:[\s\S]*Coverage Duration:[\s\S]*Other Criteria:/,
    );
    expect(byStyle.pbm_initial_therapy).toMatch(/Initial Therapy\. Approve for 6 months if the patient meets ALL of the following/);
    expect(byStyle.clinical_policy).toMatch(
      /I\. Initial Approval Criteria[\s\S]*\(must meet all\)[\s\S]*Approval duration: 6 months[\s\S]*II\. Continued Therapy[\s\S]*References/,
    );
  });

  it("has cases covering all three outcomes, consistent with roster and policies", () => {
    const decisions = new Set(DEMO_CASES.map((c) => c.expected.decision));
    expect(decisions).toEqual(new Set(["approved", "denied", "needs_more_information"]));
    expect(DEMO_CASES.filter((c) => c.scanned).length).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_CASES.map((c) => c.layout))).toEqual(new Set(["plan_form", "uniform_form", "pbm_checkbox"]));
    for (const c of DEMO_CASES) {
      const m = DEMO_ROSTER.find((r) => r.member_id === c.patient.member_id);
      expect(m, c.id).toBeDefined();
      expect(c.patient.birth_date).toBe(m!.birth_date);
      expect(
        DEMO_POLICIES.some((p) => p.id === c.policy_id),
        c.id,
      ).toBe(true);
      for (const d of c.diagnoses) if (d.code) expect(d.code).toMatch(/^[A-Z]\d{2}(\.[0-9A-Z]{1,4})?$/);
      expect(ageOn(c.patient.birth_date, c.request_date)).toBeGreaterThanOrEqual(18);
      const active = m!.coverage_start <= c.request_date && (!m!.coverage_end || m!.coverage_end >= c.request_date);
      if (!active) expect(c.expected.decision).toBe("denied");
    }
  });

  it("exposes an eval-style manifest", () => {
    const man = demoManifest();
    expect(man.plan.identification).toBe("PSH-PPO-2026");
    expect(man.cases).toHaveLength(DEMO_CASES.length);
    expect(man.policies.map((p) => p.file)).toContain("policies/etanercept.pdf");
  });
});
