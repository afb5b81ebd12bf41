/**
 * Classes of policy / fax reading that left decidable requests pended (issue 21, pends34):
 * 1. a body-weight threshold ("body weight of at least 30 kg") is a comparison against the member's
 *    weight read from the fax with its unit (kg or lb), never a documentation requirement;
 * 2. a score in a visit note that carries no date of its own is dated by the note header's visit
 *    date ("Visit 11/04/2026 Provider: ...").
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseThresholds } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { evalContext, evaluateCriterion, massInUnit } from "./evaluate";

const DAY = "2026-11-20";
const ctxOf = (text: string) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplumab"] });
const judge = (policy: string, notes: string) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["Examplumab"] }), ctxOf(notes), "criterion", { conditions: [], icd10: [] });

const WEIGHT = "Body weight of at least 30 kg (the weight must be recorded within the last 90 days).";

describe("body-weight thresholds", () => {
  it("reads 'body weight of at least 30 kg' as a weight comparison with its recency", () => {
    expect(parseThresholds("body weight of at least 30 kg")).toEqual([{ measure: "weight", op: ">=", value: 30, unit: "kg" }]);
    expect(parseCriterion(WEIGHT, "", { drugNames: ["Examplumab"] })).toMatchObject({ kind: "lab", measure: "weight", op: ">=", value: 30, within_days: 90 });
  });

  it("never reads a change of weight or weight-based dosing as a weight threshold", () => {
    expect(parseThresholds("weight loss of at least 5 kg")).toEqual([]);
    expect(parseThresholds("weight-based dosing: 60 mg for 90 kg or more")).toEqual([]);
  });

  it("fails the threshold on a dated weight below it and meets it on one above, in kg or lb", () => {
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 28.4 kg (62.6 lb), height 139 cm.").outcome).toBe("not_met");
    // 62.6 lb is 28.4 kg: never compared as 62.6 against 30
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 62.6 lb.").outcome).toBe("not_met");
    expect(judge(WEIGHT, "Vitals 11/05/2026: Wt 96.2 kg BP 124/76").outcome).toBe("met");
    expect(judge(WEIGHT, "Vitals 11/05/2026: weight 88 lbs").outcome).toBe("met");
  });

  it("leaves a weight without a unit of mass, or too old, to a reviewer", () => {
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 62.6").outcome).toBe("insufficient");
    expect(judge(WEIGHT, "Vitals 03/02/2026: Weight 28.4 kg").outcome).toBe("insufficient");
  });

  it("converts masses between kg and lb", () => {
    expect(massInUnit(62.6, " lb", "kg")).toBe(28.4);
    expect(massInUnit(30, " kg", "lb")).toBe(66.1);
    expect(massInUnit(30, " kg (66 lb)", "kg")).toBe(30);
    expect(massInUnit(62.6, "", "kg")).toBeNull();
  });
});

describe("a note's visit date dates its undated scores", () => {
  const NOTE = [
    "PROGRESS NOTE Example Dermatology",
    "DOE, Jane DOB 08/19/1970 Female MRN 12345",
    "Visit 11/04/2026 Provider: A. Smith, MD (Dermatology)",
    "Subjective: worst-itch NRS 8/10 over the past week.",
  ].join("\n");

  it("dates the score by the header's visit date", () => {
    const vals = measureValues(buildCaseIndex(docFromPages([NOTE]), DAY), measureByName("itch NRS")!);
    expect(vals.map((v) => [v.value, v.date])).toEqual([[8, "2026-11-04"]]);
  });

  it("meets a recency-bound score threshold from the dated note", () => {
    expect(judge("Worst-itch NRS of 7 or more, recorded within the last 30 days.", NOTE).outcome).toBe("met");
  });

  it("never takes a follow-up plan or a birth date for the visit date", () => {
    const plan = ["PROGRESS NOTE", "DOB 08/19/1970", "Subjective: worst-itch NRS 8/10.", "Plan: next visit 12/01/2026."].join("\n");
    const vals = measureValues(buildCaseIndex(docFromPages([plan]), DAY), measureByName("itch NRS")!);
    expect(vals.map((v) => v.date)).toEqual([null]);
  });
});

describe("weight thresholds need a unit of mass", () => {
  it("never reads 'weight-related comorbidity' beside a BMI or a unitless number as a weight threshold", () => {
    expect(parseThresholds("BMI of 27 kg/m2 or greater with at least one weight-related comorbidity")).toEqual([
      { measure: "BMI", op: ">=", value: 27, unit: "kg/m2" },
    ]);
    expect(parseThresholds("weight of at least 30")).toEqual([]);
  });
});
