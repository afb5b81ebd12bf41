/**
 * One policy sentence → one typed criterion with its parse confidence.
 *
 * Ported from app/engine/policy/generate-tree.test.ts ("parseCriterion"), new-styles.test.ts
 * (quantity and dose limits, baseline labs) and review/generalisation.test.ts (tests, trials,
 * doses, excluded uses), 7017c33. Old kinds map to new ones: concurrent_use (negated) →
 * no_concurrent, text → documentation, screening_test → test_result, lab qualifier "baseline" →
 * baseline: true, dose_limit max {mg, per_days} → max_mg / per_days.
 */
import { describe, expect, it } from "vitest";
import {
  parseCriterion,
  parseExcludedUse,
  parseExclusion,
  parseMaxDose,
  parseMinDoses,
  parseMinDuration,
  parseQuantityLimit,
  parseRecency,
  parseThresholds,
} from "./parse-criterion";

const ctx = { drugNames: ["Widgetmab", "secukinumab", "Zentumab"] };
const parse = (text: string, note = "") => parseCriterion(text, note, ctx);

describe("parseCriterion", () => {
  it("non-drug conservative therapy: physical therapy is a class a trial can meet", () => {
    expect(parse("Failure of at least 6 weeks of physical therapy.")).toMatchObject({ kind: "prior_therapy", classes: ["physical therapy"], min_days: 42 });
    const either = parse("Failure of at least 6 weeks of conservative therapy (physical therapy or NSAIDs)");
    expect(either).toMatchObject({ kind: "prior_therapy", min_days: 42, count: 1, all_classes: false });
    expect((either as { classes: string[] }).classes.sort()).toEqual(["NSAID", "physical therapy"]);
  });
  it("age", () => {
    expect(parse("Age ≥ 6 months")).toMatchObject({ kind: "age", min_months: 6, confidence: "high" });
    expect(parse("Patient is 18 years of age or older")).toMatchObject({ kind: "age", min_years: 18, confidence: "high" });
  });

  it("prescriber", () => {
    expect(parse("Prescribed by or in consultation with a pulmonologist or an allergist/immunologist")).toMatchObject({
      kind: "prescriber",
      specialties: expect.arrayContaining(["pulmonologist", "allergist/immunologist"]),
      confidence: "high",
    });
  });

  it("lab threshold with a recency window", () => {
    expect(parse("LDL-C ≥ 70 mg/dL on a lipid panel drawn within the past 90 days")).toMatchObject({
      kind: "lab",
      measure: "LDL-C",
      op: ">=",
      value: 70,
      within_days: 90,
      confidence: "high",
    });
  });

  it("prior therapy: count, different classes, duration and intolerance", () => {
    const sentence =
      "Patient has tried at least two standard oral preventive medications from different pharmacologic classes for at least 8 weeks (56 days), or discontinued because of an adverse effect";
    expect(parse(sentence, "Standard preventives are topiramate, propranolol, amitriptyline and candesartan.")).toMatchObject({
      kind: "prior_therapy",
      drugs: ["topiramate", "propranolol", "amitriptyline", "candesartan"],
      count: 2,
      different_classes: true,
      min_days: 56,
      allow_intolerance: true,
      require_intolerance: false,
      confidence: "high",
    });
    // CHANGED: without the Note naming the agents, "standard oral preventive medications" names no
    // drug or class the reader knows: human review (low confidence), never a checkable trial
    // (old: prior_therapy with no drugs, which could only ever fail)
    expect(parse(sentence)).toMatchObject({ kind: "human_review", confidence: "low" });
  });

  it("not used together with another biologic", () => {
    expect(parse("Widgetmab is not used in combination with another biologic for asthma (e.g., Xolair, Nucala)")).toMatchObject({
      kind: "no_concurrent",
      // brand examples are read as their generics (old: "xolair", "nucala")
      drugs: expect.arrayContaining(["omalizumab", "mepolizumab"]),
      // "biologic for asthma" names the subclass, not every biologic
      classes: ["asthma biologic"],
      confidence: "high",
    });
  });

  it("dose ceilings", () => {
    expect(parse("Dose does not exceed 140 mg every 2 weeks")).toMatchObject({ kind: "dose_limit", max_mg: 140, per_days: 14, confidence: "high" });
    expect(parse("Requested dose does not exceed 1.8 mg daily")).toMatchObject({ kind: "dose_limit", max_mg: 1.8, per_days: 1 });
    // a ceiling without a single amount is kept, read with medium confidence
    expect(parse("Dose does not exceed the FDA-approved labeled dose")).toMatchObject({
      kind: "dose_limit",
      max_mg: null,
      per_days: null,
      confidence: "medium",
    });
  });

  it("a finding it cannot type is documentation of its key concepts, medium confidence", () => {
    const c = parse("Patient has enterocutaneous or rectovaginal fistulas");
    expect(c).toMatchObject({ kind: "documentation", absence: false, confidence: "medium" });
    expect(c.kind === "documentation" && c.concepts).toEqual(expect.arrayContaining([["rectovaginal", "fistulas"]]));
  });

  it("a sentence with no requirement in it is never read with high confidence", () => {
    // unknown words are kept as documentation concepts (medium), never a criterion that can deny
    expect(parse("Xq zzv plorf.")).toMatchObject({ kind: "documentation", confidence: "medium" });
    expect(parse("Patient meets ALL of the following")).toMatchObject({ kind: "human_review", confidence: "low" });
    // prior therapy required, but no drug or class the reader knows
    expect(parse("Patient has tried at least one zorbulating agent for at least 3 months")).toMatchObject({ kind: "human_review", confidence: "low" });
  });

  it("collects excluded drugs from a 'do not satisfy' note", () => {
    const c = parse(
      "Failure of at least one medium- to super-high-potency topical corticosteroid used for at least 28 consecutive days",
      "Low-potency agents (e.g., hydrocortisone 1% to 2.5%, desonide 0.05%) do not satisfy this criterion.",
    );
    expect(c).toMatchObject({
      kind: "prior_therapy",
      min_days: 28,
      min_potency: "medium",
      excluded_drugs: expect.arrayContaining(["hydrocortisone", "desonide"]),
      confidence: "high",
    });
  });

  it("TB screening test with its recency window; an exclusion about active TB is not a screening requirement", () => {
    expect(parse("Patient has had a negative TB test within the previous 12 months")).toMatchObject({
      kind: "test_result",
      test: "tuberculosis screening",
      result: "negative",
      count: 1,
      within_days: 365,
      confidence: "high",
    });
    expect(parse("Active serious infection, including active or untreated latent tuberculosis.").kind).not.toBe("test_result");
  });

  it("'unless intolerant' with 'psoralen plus ultraviolet A' in the examples does not require both classes", () => {
    expect(
      parse(
        "Patient has tried at least one traditional systemic agent for psoriasis for at least 3 months, unless intolerant (e.g., methotrexate, cyclosporine, acitretin, or psoralen plus ultraviolet A light [PUVA])",
      ),
    ).toMatchObject({
      kind: "prior_therapy",
      all_classes: false,
      allow_intolerance: true,
      min_days: 91,
    });
    // "statin plus ezetimibe" still requires both
    expect(parse("High-intensity statin plus ezetimibe for at least 8 weeks")).toMatchObject({ kind: "prior_therapy", all_classes: true, min_days: 56 });
  });

  it("untreated / baseline labs", () => {
    expect(parse("Baseline LDL-C ≥ 160 mg/dL prior to starting therapy")).toMatchObject({
      kind: "lab",
      measure: "LDL-C",
      op: ">=",
      value: 160,
      baseline: true,
    });
    expect(parse("LDL-C ≥ 70 mg/dL within the past 90 days")).not.toHaveProperty("baseline");
  });
});

describe("small readers", () => {
  it("reads durations, recency windows and thresholds", () => {
    // CHANGED: a month is 30.44 days (codes/dates.ts unitDays), so "3 months" is 91 days (old: 90)
    expect(parseMinDuration("for at least 3 months")).toBe(91);
    expect(parseMinDuration("at least 8 weeks (56 days)")).toBe(56);
    expect(parseMinDuration("28 consecutive days")).toBe(28);
    expect(parseMinDuration("two exacerbations in the past 12 months")).toBeNull();
    expect(parseRecency("dated within the past 12 months")).toBe(365);
    expect(parseRecency("within the previous 6 weeks")).toBe(42);
    expect(parseRecency("for at least 3 months")).toBeNull();
    expect(parseThresholds("FEV1 below 80% of predicted")[0]).toMatchObject({ measure: "FEV1", op: "<", value: 80 });
    expect(parseThresholds("Asthma Control Test (ACT) score of 19 or less")[0]).toMatchObject({ measure: "ACT", op: "<=", value: 19 });
  });

  it("parses quantity limits and maximum doses", () => {
    expect(parseQuantityLimit("QL: 4 syringes/28 days")).toMatchObject({ amount: 4, period_days: 28 });
    expect(parseQuantityLimit("Limited to 2 pens per 28 days")).toMatchObject({ amount: 2, unit: "pens", period_days: 28 });
    expect(parseQuantityLimit("Patient has tried two triptans")).toBeNull();
    expect(parseMaxDose("Dose does not exceed 300 mg every 2 weeks")).toEqual({ mg: 300, per_days: 14 });
  });

  it("reads minimum doses of a trial", () => {
    expect(parseMinDoses("Trial of metformin at a dose of at least 1,000 mg per day for at least 90 days", ctx)).toEqual([
      { drug: "metformin", mg: 1000, per: "day" },
    ]);
    expect(parseMinDoses("methotrexate at >= 15 mg per week", ctx)).toEqual([{ drug: "methotrexate", mg: 15, per: "week" }]);
    expect(parseMinDoses("atorvastatin 40 mg or higher, or rosuvastatin 20 mg or higher", ctx).map((d) => [d.drug, d.mg])).toEqual([
      ["atorvastatin", 40],
      ["rosuvastatin", 20],
    ]);
  });
});

describe("exclusions", () => {
  it("an excluded use applies to the stated indication, with its 'unless' conditions", () => {
    expect(parseExcludedUse("Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus")).toMatchObject({
      kind: "excluded_use",
      conditions: ["obesity"],
      unless_conditions: ["type 2 diabetes mellitus"],
      confidence: "high",
    });
  });
  it("a concurrent-use exclusion applies when the patient is on the drug", () => {
    expect(parseExclusion("Concurrent use with another GLP-1 receptor agonist", ctx)).toMatchObject({
      kind: "current_therapy",
      classes: ["GLP-1 receptor agonist"],
      confidence: "high",
    });
    expect(parseExclusion("Patients younger than 18 years of age", ctx)).toMatchObject({ kind: "age", max_years: 18 });
  });
});

describe("conservative (non-drug) care is no prior drug", () => {
  it("reads a required course of conservative management as non-drug care for a reviewer, never as drugs the reader could not name", () => {
    const c = parse("At least 8 weeks of conservative management have failed, unless the joint is mechanically blocked");
    expect(c.kind).toBe("human_review");
    const why = (c as { why?: string }).why ?? "";
    expect(why).not.toMatch(/drugs or classes/);
    expect(why).toMatch(/non-drug/);
    expect(why).toMatch(/8 weeks/);
  });
});

describe("a fragment of pronouns is no documentation requirement", () => {
  it("never makes a criterion a fax meets by the word 'they' or 'it'", () => {
    expect(parse("they are").kind).toBe("human_review");
    expect(parse("it is").kind).toBe("human_review");
  });
});
