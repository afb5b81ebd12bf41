/**
 * Classes of reading that left decidable requests pended, or could have denied them (issue 21, pend37):
 * 1. the items a scale's score is summed over ("AIMS total score (items 1-7)") name which questions
 *    count, never a range the score must fall in (a total of 15 would have "failed" 1–7);
 * 2. a scale's score is read where a chart writes it: after the date of the examination ("AIMS on
 *    04/22/2026 was 16"), as the total of its items written one by one ("face 1, lips 3, ... = TOTAL
 *    15"), and from a flowsheet row whose reference range or item span precedes the dated cells; one
 *    item of the scale ("AIMS item 8 (global severity) 3") is never its total;
 * 3. a response criterion written as a measure's change from baseline ("a current AIMS total score lower
 *    than the baseline score") is met by the request's baseline and later dated values of that measure;
 * 4. pulmonary function values (FVC, DLCO as % of predicted) are measures: "50% of predicted or greater"
 *    is a threshold, "corrected for hemoglobin" names no hemoglobin requirement, a volume restated as
 *    its percentage ("FVC 2.31 L = 58% predicted") is read as both, and litres never meet or fail a
 *    percentage;
 * 5. a trend of values each dated in parentheses ("31 (06/2025) -> 27 (04/14/2026) -> 24 (10/20/2026)") gives
 *    each value its own date (never the first value with the latest date), and a date written in the
 *    sentence after a value dates that sentence, never the value;
 * 6. "the member is not receiving X" is a requirement met by X's stated absence ("has never taken X").
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseThresholds } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { MEASURES } from "../vocabulary/measures";
import { evalContext, evaluateCriterion } from "./evaluate";
import type { Criterion } from "../contracts";

const DAY = "2026-11-18";
const AIMS = MEASURES.find((m) => m.name === "AIMS")!;
const idxOf = (text: string) => buildCaseIndex(docFromPages([text]), DAY);
const ctxOf = (text: string) => evalContext({ idx: idxOf(text), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplazine"] });
const values = (text: string) => measureValues(idxOf(text), AIMS).map((v) => [v.value, v.date]);

describe("a scale's item span is no threshold", () => {
  it("reads no range from 'total score (items 1-7)'", () => {
    expect(parseThresholds("A baseline AIMS total score (items 1-7), with the date of the examination, is documented")).toEqual([]);
    const c = parseCriterion("A baseline AIMS total score (items 1-7), with the date of the examination, is documented", "", { drugNames: ["Examplazine"] });
    expect(JSON.stringify(c)).not.toContain('"op":"between"');
  });

  it("still reads a real score range", () => {
    expect(parseThresholds("an AIMS total score between 5 and 20")).toEqual([
      expect.objectContaining({ measure: "AIMS", op: "between", value: 5, value_max: 20 }),
    ]);
  });
});

describe("a scale's score where a chart writes it", () => {
  it("reads the total of items written one by one", () => {
    const text =
      "Psychiatry consult 10/29/2026: tardive dyskinesia. AIMS 10/29/2026 items 1-7: face 1, lips 3,\njaw 3, tongue 3, upper ext 2, lower ext 2, trunk 1 = TOTAL 15.";
    expect(values(text)).toEqual([[15, "2026-10-29"]]);
  });

  it("reads the score after the date of the examination, dated by it", () => {
    const text = "Baseline AIMS on 04/22/2026 was 16 (moderate). Drug started 05/13/2026.\nHis follow-up AIMS on 10/27/2026 is 7.";
    expect(values(text)).toEqual([
      [16, "2026-04-22"],
      [7, "2026-10-27"],
    ]);
  });

  it("reads a flowsheet row past its item span and reference range, never one item's row", () => {
    const text = ["Component Units (ref) 04/22/26 07/28/26 10/27/26", "AIMS total (items 1-7) 0-28 16 11 7", "AIMS item 8 (global severity) 0-4 3 2 1"].join(
      "\n",
    );
    expect(values(text)).toEqual([
      [16, "2026-04-22"],
      [11, "2026-07-28"],
      [7, "2026-10-27"],
    ]);
  });
});

describe("a response written as a measure's change from baseline", () => {
  const spec = {
    kind: "response",
    text: "improvement is documented by a current AIMS total score that is lower than the baseline score",
    confidence: "high",
  } as Criterion;
  const judge = (notes: string) => evaluateCriterion(spec, ctxOf(notes), "criterion", { conditions: [], icd10: [] }).outcome;

  it("is met by a later value below the baseline", () => {
    expect(judge("Baseline AIMS on 04/22/2026 was 16. Examplazine started 05/06/2026.\nFollow-up AIMS on 10/27/2026 is 7.")).toBe("met");
  });

  it("is not met by a later value that did not fall, and never fails", () => {
    expect(judge("Baseline AIMS on 04/22/2026 was 12. Examplazine started 05/06/2026.\nFollow-up AIMS on 10/27/2026 is 14.")).toBe("insufficient");
    expect(judge("AIMS on 10/27/2026 is 7.")).toBe("insufficient");
  });
});

describe("pulmonary function values", () => {
  const POLICY =
    "Pulmonary function tests dated within the 90 days before the request show BOTH of the following: (a) Forced vital capacity (FVC) of 50% of predicted or greater; (b) Diffusing capacity of the lung for carbon monoxide (DLCO), corrected for hemoglobin, of 30% of predicted or greater";

  it("reads FVC and DLCO thresholds, and no hemoglobin requirement", () => {
    const th = parseThresholds(POLICY);
    expect(th).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ measure: "FVC", op: ">=", value: 50, unit: "%" }),
        expect.objectContaining({ measure: "DLCO", op: ">=", value: 30, unit: "%" }),
      ]),
    );
    expect(th.map((t) => t.measure)).not.toContain("hemoglobin");
  });

  const fvc = { kind: "lab", text: "FVC >= 50 %", measure: "FVC", op: ">=", value: 50, unit: "%", within_days: 90, confidence: "high" } as Criterion;
  const judge = (notes: string) => evaluateCriterion(fvc, ctxOf(notes), "criterion", { conditions: [], icd10: [] }).outcome;

  it("meets a percentage threshold with a volume restated as its percentage of predicted", () => {
    expect(judge("PFT 10/28/2026: FVC 2.31 L = 58% predicted; DLCO corrected for Hgb = 36% predicted.")).toBe("met");
  });

  it("never fails a percentage threshold on litres alone", () => {
    expect(judge("PFT 10/28/2026: FVC 2.31 L; DLCO 14.1.")).toBe("insufficient");
  });

  it("does not read the FEV1/FVC ratio as an FVC", () => {
    const fv = MEASURES.find((m) => m.name === "FVC")!;
    expect(measureValues(idxOf("Spirometry 10/28/2026: FEV1/FVC 0.62, post-bronchodilator."), fv)).toEqual([]);
  });
});

describe("a dated trend, and values that are no results", () => {
  const EGFR = MEASURES.find((m) => m.name === "eGFR")!;
  it("reads no value from a unit's body-surface term or a reference limit, and no date from the next sentence", () => {
    const row = "Component Units (ref) 09/08/25 03/12/26 10/30/26\neGFR (CKD-EPI 2021) mL/min/1.73m2 (>=60) 88 71";
    expect(measureValues(idxOf(row), EGFR).map((v) => v.value)).toEqual([]);
    const prose = "His eGFR is 71 mL/min/1.73 m2. A baseline hepatic panel on 10/30/2026 was normal (ALT 25, AST 22).";
    expect(measureValues(idxOf(prose), EGFR).map((v) => [v.value, v.date])).toEqual([[71, null]]);
  });

  it("dates each value of a trend by its own parenthesised date", () => {
    const text = "- GFR (CKD-EPI 2021): 31 (06/2025) -> 27 (04/14/2026) -> 24 (10/20/2026).";
    expect(measureValues(idxOf(text), EGFR).map((v) => [v.value, v.date])).toEqual([
      [31, "2025-06-01"],
      [27, "2026-04-14"],
      [24, "2026-10-20"],
    ]);
  });
});

describe("a requirement that the member is not receiving a drug", () => {
  const POLICY = "The member is not receiving tolvaptan (Samsca) for hyponatremia.";
  it("is read as an absence", () => {
    const c = parseCriterion(POLICY, "", { drugNames: ["Examplazine"] });
    expect(c).toMatchObject({ kind: "documentation", absence: true });
  });

  it("is met by the drug's stated absence, and never met by its use", () => {
    const c = parseCriterion(POLICY, "", { drugNames: ["Examplazine"] });
    const judge = (notes: string) => evaluateCriterion(c, ctxOf(notes), "criterion", { conditions: [], icd10: [] }).outcome;
    expect(judge("He takes no CYP3A inhibitor now. He has never taken Samsca. He is not on dialysis.")).toBe("met");
    expect(judge("Hospitalised 10/2026 for hyponatremia, started on Samsca 15 mg daily.")).not.toBe("met");
  });
});
