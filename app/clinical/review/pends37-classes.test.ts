/**
 * Classes of reading that left decidable requests pended, or could have denied them (issue 21, pend37):
 * 1. the items a scale's score is summed over ("AIMS total score (items 1-7)") name which questions
 *    count, never a range the score must fall in (a total of 15 would have "failed" 1–7);
 * 2. a scale's score is read where a chart writes it: after the date of the examination ("AIMS on
 *    04/22/2026 was 16"), as the total of its items written one by one ("face 1, lips 3, ... = TOTAL
 *    15"), and from a flowsheet row whose reference range or item span precedes the dated cells; one
 *    item of the scale ("AIMS item 8 (global severity) 3") is never its total;
 * 3. a response criterion written as a measure's change from baseline ("a current AIMS total score lower
 *    than the baseline score") is met by the request's baseline and later dated values of that measure.
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
    expect(parseThresholds("an AIMS total score between 5 and 20")).toEqual([expect.objectContaining({ measure: "AIMS", op: "between", value: 5, value_max: 20 })]);
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
    const text = [
      "Component Units (ref) 04/22/26 07/28/26 10/27/26",
      "AIMS total (items 1-7) 0-28 16 11 7",
      "AIMS item 8 (global severity) 0-4 3 2 1",
    ].join("\n");
    expect(values(text)).toEqual([
      [16, "2026-04-22"],
      [11, "2026-07-28"],
      [7, "2026-10-27"],
    ]);
  });
});

describe("a response written as a measure's change from baseline", () => {
  const spec = { kind: "response", text: "improvement is documented by a current AIMS total score that is lower than the baseline score", confidence: "high" } as Criterion;
  const judge = (notes: string) => evaluateCriterion(spec, ctxOf(notes), "criterion", { conditions: [], icd10: [] }).outcome;

  it("is met by a later value below the baseline", () => {
    expect(judge("Baseline AIMS on 04/22/2026 was 16. Examplazine started 05/06/2026.\nFollow-up AIMS on 10/27/2026 is 7.")).toBe("met");
  });

  it("is not met by a later value that did not fall, and never fails", () => {
    expect(judge("Baseline AIMS on 04/22/2026 was 12. Examplazine started 05/06/2026.\nFollow-up AIMS on 10/27/2026 is 14.")).toBe("insufficient");
    expect(judge("AIMS on 10/27/2026 is 7.")).toBe("insufficient");
  });
});
