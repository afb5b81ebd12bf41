/**
 * Requirements a policy states outside its criteria lists, which an approval must not skip:
 *
 * - an age bound in an indication's title or lead ("Juvenile arthritis, ages 2 and older") is an age
 *   criterion of that path;
 * - a maximum-dose table of the dosing section ("Maximum per infusion: 8 mg/kg, rounded up to whole
 *   50 mg vials") is a ceiling: a service line's billed units, read as mg through the policy's billing
 *   unit size, are compared with it on the member's stated weight; a table of usual doses is not;
 * - a severity the diagnosis requirement names ("moderately to severely active", "severe") is never
 *   shown by a diagnosis code alone: the fax must say it, or give an activity score.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { CaseFacts, Criterion, CriterionOf } from "../contracts";
import { readPolicy } from "../policy/read-policy";
import { parseCriterion } from "../policy/parse-criterion";
import { titleAgeCriterion } from "../policy/title-age";
import { billingUnitMg, dosingTableCeiling, rowCeiling } from "../policy/dose-ceilings";
import { buildCaseIndex } from "../evidence/case-index";
import { docLines } from "../text/lines";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-05-12";
const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

describe("an age bound in an indication title", () => {
  it("reads ages written in the title or lead", () => {
    expect(titleAgeCriterion("Juvenile idiopathic arthritis, ages 2 and older", null)).toMatchObject({ min_years: 2 });
    expect(titleAgeCriterion("for adults 18 years of age and older with chronic urticaria", null)).toMatchObject({ min_years: 18 });
    expect(titleAgeCriterion("pediatric patients 6 years and older with eczema", null)).toMatchObject({ min_years: 6 });
    expect(titleAgeCriterion("Uveitis in members aged 2 to 17 years", null)).toMatchObject({ min_years: 2, max_years: 18 });
  });

  it("never reads a duration or a count as an age", () => {
    expect(titleAgeCriterion("Psoriasis after 2 years of topical therapy", null)).toBeNull();
    expect(titleAgeCriterion("Gout with 3 or more flares a year", null)).toBeNull();
  });

  it("becomes a criterion of that path only", () => {
    const text = [
      "ORAL AGENT X - COVERAGE CRITERIA",
      "CRITERIA FOR INITIAL APPROVAL",
      "1. Juvenile idiopathic arthritis (JIA), ages 2 and older. ALL of the following:",
      "a. active polyarticular JIA;",
      "b. prescribed by a rheumatologist.",
      "2. Rheumatoid arthritis (RA). ALL of the following:",
      "a. inadequate response to methotrexate;",
      "b. prescribed by a rheumatologist.",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["agent x"] });
    const jia = m.indications.find((i) => /JIA/.test(i.title));
    const ra = m.indications.find((i) => /\bRA\b/.test(i.title));
    expect(flat(jia!.criteria).find((c) => c.kind === "age")).toMatchObject({ min_years: 2 });
    expect(flat(ra!.criteria).some((c) => c.kind === "age")).toBe(false);
  });
});

const TABLE = (limitSentence: string) =>
  [
    "DOSING AND BILLING",
    "Regimen Dose Maximum per infusion",
    "Loading 8 mg/kg IV at weeks 0 and 4 8 mg/kg, rounded up to whole 50 mg vials",
    "Maintenance 8 mg/kg IV every 4 weeks 8 mg/kg, rounded up to whole 50 mg vials",
    "Billing: 5 mg = 1 unit (J7777).",
    limitSentence,
  ].join("\n");
const ceilingOf = (text: string) => {
  const doc = docFromPages([text]);
  return dosingTableCeiling(docLines(doc), () => null);
};
const lineFacts = (units: number, birth = "1980-03-01"): CaseFacts => {
  const f = emptyFacts();
  return {
    ...f,
    patient: { ...f.patient, birth_date: birth },
    medication: { ...f.medication, drug_name: "J7777 infusion", quantity: units, quantity_unit: "units", citations: [] },
    service_line: { code: "J7777", date_of_service: DAY, modifiers: [], place_of_service: "11", claim_lines: [{ code: "J7777", date_of_service: DAY }] },
  };
};
const judge = (c: Criterion, notes: string, facts: CaseFacts) =>
  evaluateCriterion(c, evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts, requestDate: DAY, requestedNames: ["J7777"] }), "criterion", {
    conditions: [],
    icd10: [],
  });

describe("a maximum-dose table", () => {
  it("reads the billing unit size however the policy writes it", () => {
    expect(billingUnitMg("Billing units = dose in mg / 25.")).toBe(25);
    expect(billingUnitMg("One billing unit of J1111 equals 2 mg of drug.")).toBe(2);
    expect(billingUnitMg("J1111 (10 mg = 1 unit); J2222 (5 mg = 1 unit)")).toBeNull();
  });

  it("reads the maximum cell, not the dose cell, of a row", () => {
    expect(rowCeiling("Adults 300 mg IV every 4 weeks 300 units per 28 days", true, 1)).toMatchObject({ max_mg: 300, per_days: 28 });
    expect(rowCeiling("Children 3 mg/kg IV every 4 weeks 3 units per kg, up to 300 units per 28 days", true, 1)).toMatchObject({ mg_per_kg: 3, max_mg: 300 });
    expect(rowCeiling("Adults 300 mg IV every 4 weeks 300 units per 28 days", true, null)).toBeNull();
  });

  it("is a high-confidence ceiling when the policy makes it a coverage limit", () => {
    const c = ceilingOf(TABLE("Units above the maximum for the member's weight are not covered."));
    expect(c?.kind).toBe("any");
    const rows = flat([c!]).filter((x): x is CriterionOf<"dose_limit"> => x.kind === "dose_limit");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ mg_per_kg: 8, vial_mg: 50, unit_mg: 5, confidence: "high" });
  });

  it("ignores a table of usual or starting doses", () => {
    const text = ["DOSAGE", "Indication Usual dose Starting dose", "Adults 200 mg daily 100 mg daily", "Children 5 mg/kg daily 2 mg/kg daily"].join("\n");
    expect(ceilingOf(text)).toBeNull();
  });

  it("leaves out a row with a condition of its own and then never denies", () => {
    const text = TABLE("Units above the maximum are not covered.").replace(
      "Billing:",
      "Escalation after loss of response 12 mg/kg IV every 4 weeks 12 mg/kg, rounded up to whole 50 mg vials\nBilling:",
    );
    const rows = flat([ceilingOf(text)!]).filter((x): x is CriterionOf<"dose_limit"> => x.kind === "dose_limit");
    expect(rows.map((r) => r.mg_per_kg)).toEqual([8, 8]);
    expect(rows.every((r) => r.confidence === "medium")).toBe(true);
  });

  const limited = () => ceilingOf(TABLE("Units above the maximum for the member's weight are not covered."))!;
  const NOTE = "Infusion note 05/12/2026\nVitals: BP 122/70, weight 68.5 kg.\nPlan: infusion today.";

  it("meets billed units within the weight-based maximum, rounded up to whole vials", () => {
    // 8 mg/kg x 68.5 kg = 548 mg -> 550 mg = 110 units
    const r = judge(limited(), NOTE, lineFacts(110));
    expect(r.outcome).toBe("met");
    expect(r.citations.some((c) => /68\.5 kg/.test(c.text))).toBe(true);
  });

  it("fails billed units clearly above a coverage-limit maximum", () => {
    expect(judge(limited(), NOTE, lineFacts(140)).outcome).toBe("not_met");
  });

  it("asks for the weight when the request does not state it", () => {
    const r = judge(limited(), "Infusion note 05/12/2026\nLost 3 kg weight since winter.", lineFacts(110));
    expect(r.outcome).toBe("insufficient");
    expect(r.missing).toMatch(/weight/i);
  });

  it("never denies on a maximum the policy does not make a coverage limit", () => {
    const c = ceilingOf(TABLE("See the prescribing information."))!;
    expect(judge(c, NOTE, lineFacts(140)).outcome).toBe("insufficient");
  });

  it("applies an adults' row only to adults", () => {
    const text = [
      "Dosing",
      "Population Dose Maximum billing units (J7777)",
      "Adults 300 mg IV every 4 weeks 300 units per 28 days",
      "One billing unit of J7777 equals 1 mg.",
      "Doses above the maximum are not medically necessary.",
    ].join("\n");
    const c = ceilingOf(text)!;
    expect(judge(c, NOTE, lineFacts(300)).outcome).toBe("met");
    expect(judge(c, NOTE, lineFacts(300, "2015-01-01")).outcome).toBe("insufficient");
    expect(judge(c, NOTE, lineFacts(360)).outcome).toBe("not_met");
  });
});

describe("a severity named by a diagnosis requirement", () => {
  const dxFacts = (code: string, description: string | null = null): CaseFacts =>
    emptyFacts({ diagnoses: [{ code, description, primary: true, citations: [] }] });
  const dx = (policy: string, notes: string, facts: CaseFacts) =>
    evaluateCriterion(
      parseCriterion(policy, "", { drugNames: ["agent x"] }),
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts, requestDate: DAY, requestedNames: ["agent x"] }),
      "criterion",
      { conditions: [], icd10: [] },
    );
  const UC = "Diagnosis of moderately to severely active ulcerative colitis";

  it("is not shown by a diagnosis code alone", () => {
    const r = dx(UC, "Request for agent x.\nDiagnosis: K51.90", dxFacts("K51.90"));
    expect(r.outcome).toBe("insufficient");
    expect(r.missing).toMatch(/severity/i);
  });

  it("is shown by the fax's words or an activity score", () => {
    expect(dx(UC, "Office note\nUlcerative colitis with severe flares, 8 bloody stools daily.", dxFacts("K51.90")).outcome).toBe("met");
    expect(dx(UC, "Office note\nPartial Mayo score 7 today.", dxFacts("K51.90")).outcome).toBe("met");
  });

  it("is not shown by a score where the fax calls the disease mild", () => {
    expect(dx(UC, "Office note\nPartial Mayo score 3 (mild), stable on mesalamine.", dxFacts("K51.90")).outcome).toBe("insufficient");
  });

  it("is not shown by a milder severity", () => {
    expect(dx(UC, "Office note\nMild to moderate ulcerative colitis, stable.", dxFacts("K51.90")).outcome).toBe("insufficient");
  });

  it("accepts a code whose own title states the severity", () => {
    expect(dx("Diagnosis of severe asthma", "Request\nDx J45.50", dxFacts("J45.50")).outcome).toBe("met");
  });

  it("requires 'severe' itself where the policy says severe", () => {
    expect(dx("Diagnosis of severe asthma", "Office note\nModerate-to-severe asthma, two bursts this year.", dxFacts("J45.909")).outcome).toBe("insufficient");
  });

  it("leaves a requirement without a severity as it was", () => {
    expect(dx("Diagnosis of ulcerative colitis", "Request\nDx K51.90", dxFacts("K51.90")).outcome).toBe("met");
  });
});
