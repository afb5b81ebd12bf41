/**
 * Classes of policy reading that left decidable requests pended (issue 21, pends35b):
 * 1. a section that lists what to submit ("Required Documentation"), a program summary and an
 *    "Other information" section hold no criteria;
 * 2. a sentence that only states how long an approval lasts ("Pregnancy: approve through the
 *    estimated delivery date plus 12 weeks"), a permission to receive the drug from any prescriber
 *    and the prescriber's own licensure ("must hold an active DEA registration") are no requirements
 *    — while an approval term with a condition in it stays a criterion;
 * 3. a stated hard dose maximum ("Doses above 32 mg of buprenorphine per day will not be approved")
 *    is a dose ceiling compared with the requested daily dose, worked out from quantity x strength /
 *    days supply when the directions give none;
 * 4. a lifetime (cumulative) limit on a treatment ("Total lifetime use of teriparatide and
 *    abaloparatide will not exceed 24 months") is failed by one completed course that already uses
 *    the limit, met by a statement that none of the drugs was taken, and otherwise left to a reviewer.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages, emptyFacts } from "../testing";
import { readPolicy } from "../policy/read-policy";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";

const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c.text, ...texts(c.items)] : [c.text]));
const allTexts = (policy: string) => {
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplumab"] });
  return [...m.indications.flatMap((i) => texts(i.criteria)), ...texts(m.common)].join(" | ");
};

describe("sections that hold no criteria", () => {
  const POLICY = [
    "Examplumab - Chronic Widget Disease",
    "PROGRAM SUMMARY",
    "This program encourages the use of cost-effective generic agents before brand agents and limits the quantity dispensed.",
    "APPROVAL CRITERIA",
    "1. Diagnosis of chronic widget disease; AND",
    "2. Member is 18 years of age or older; AND",
    "3. Prescribed by, or in consultation with, a rheumatologist.",
    "Required Documentation",
    "- The imaging report with its date.",
    "- Chart notes with the disease stage.",
    "References",
    "1. Doe J. Widget disease. J Widg. 2020;1:1-2.",
  ].join("\n");

  it("drops the documentation-to-submit list and the program summary but keeps the criteria", () => {
    const all = allTexts(POLICY);
    expect(all).toMatch(/18 years of age/);
    expect(all).toMatch(/rheumatologist/);
    expect(all).not.toMatch(/Chart notes with the disease stage/);
    expect(all).not.toMatch(/cost-effective generic/);
  });
});

describe("statements that are no requirements", () => {
  const POLICY = (extra: string) =>
    [
      "Examplumab - Chronic Widget Disease",
      "Criteria for approval",
      "• Diagnosis of chronic widget disease (ICD-10-CM M35.9).",
      "• The member has had a trial of methotrexate for at least 12 weeks.",
      extra,
      "• Prescribers must hold an active DEA registration with Schedule III authority.",
      "• Members may receive Examplumab from any registered prescriber; a specialist is not required.",
    ].join("\n");

  it("drops an approval term, a permission and the prescriber's licensure", () => {
    const all = allTexts(POLICY("• Pregnancy: approve through the estimated delivery date plus 12 weeks."));
    expect(all).toMatch(/methotrexate/);
    expect(all).not.toMatch(/approve through/);
    expect(all).not.toMatch(/DEA registration/);
    expect(all).not.toMatch(/from any registered prescriber/);
  });

  it("keeps an approval term that carries a condition", () => {
    const all = allTexts(POLICY("• Approve for 6 months when a urine drug screen within the past 30 days is documented."));
    expect(all).toMatch(/urine drug screen/);
  });
});

const DAY = "2026-11-14";
const judge = (policy: string, notes: string, medication: Partial<ReturnType<typeof emptyFacts>["medication"]> = {}) => {
  const facts = emptyFacts();
  facts.medication = { ...facts.medication, ...medication };
  const ctx = evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts, requestDate: DAY, requestedNames: ["Examplumab"] });
  return evaluateCriterion(parseCriterion(policy, "", { drugNames: ["Examplumab"] }), ctx, "criterion", { conditions: [], icd10: [] });
};

describe("a stated hard dose maximum", () => {
  const MAX = "Doses above 32 mg of buprenorphine per day will not be approved.";

  it("reads the sentence as a daily dose ceiling, but not one with a way around it", () => {
    expect(parseCriterion(MAX, "", { drugNames: ["buprenorphine"] })).toMatchObject({ kind: "dose_limit", max_mg: 32, per_days: 1, confidence: "high" });
    expect(parseCriterion("Total daily doses greater than 400 mg are not covered.", "", { drugNames: ["x"] })).toMatchObject({
      kind: "dose_limit",
      max_mg: 400,
    });
    expect(
      parseCriterion("Doses above 32 mg per day will not be approved unless the prescriber documents a taper plan.", "", { drugNames: ["x"] }).kind,
    ).not.toBe("dose_limit");
  });

  it("compares the daily dose worked out from quantity, strength and days supply", () => {
    const over = { strength: "8 mg", dosage: "Suboxone 8 mg/2 mg SL film", quantity: 150, quantity_unit: "films", days_supply: 30 };
    expect(judge(MAX, "Request for buprenorphine.", over).outcome).toBe("not_met");
    expect(judge(MAX, "Request for buprenorphine.", { ...over, quantity: 120 }).outcome).toBe("met");
    // a quantity in mL is no count of doses: not compared
    expect(judge(MAX, "Request for buprenorphine.", { ...over, quantity_unit: "mL" }).evidence).toBe("inferred");
  });
});

describe("a lifetime limit on a treatment", () => {
  const LIMIT =
    "Total lifetime use of parathyroid hormone analogs (teriparatide and abaloparatide, all products and all payers) will not exceed 24 months, counting the months requested.";

  it("reads the cap and the drugs it counts", () => {
    expect(parseCriterion(LIMIT, "", { drugNames: ["teriparatide"] })).toMatchObject({ kind: "cumulative_limit", max_days: 731 });
  });

  it("fails on a completed course that already used the limit", () => {
    const r = judge(LIMIT, "Completed teriparatide 20 mcg daily 04/2021 - 04/2023 (24 months), followed by zoledronic acid.");
    expect(r.outcome).toBe("not_met");
  });

  it("is met when the request states no prior use of any counted drug", () => {
    expect(judge(LIMIT, "No prior teriparatide, abaloparatide, denosumab or romosozumab.", { duration_months: 24 }).outcome).toBe("met");
  });

  it("leaves a form statement answered No, a short past course and silence to a reviewer", () => {
    expect(judge(LIMIT, "[ ] [N] No prior teriparatide or abaloparatide").outcome).toBe("insufficient");
    expect(judge(LIMIT, "Teriparatide 20 mcg daily 01/2024 - 07/2024, stopped for cost.").outcome).toBe("insufficient");
    expect(judge(LIMIT, "Osteoporosis, T-score -3.1.").outcome).toBe("insufficient");
  });
});
