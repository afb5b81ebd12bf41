/**
 * Classes found by the pend analysis of issue 21 (approvable and deniable requests held for a
 * reviewer on unseen sets), written here with invented drugs and wording:
 * - a lab limit relative to the normal range ("ALT above 2 x ULN", "hemoglobin below the lower limit of
 *   normal", "within normal limits") is compared with the reference range printed beside the result
 *   on the lab report (labelled, in parentheses, or a column under a "Reference range" header), or
 *   with the ULN the policy defines itself (which overrides the laboratory's, by sex when it gives one
 *   per sex); met / not met only with both numbers, needs-more-information otherwise;
 * - an exclusion that names the covered condition with a "without previous <event>" qualifier
 *   ("... in a member without prior hospitalisation") does not apply when the request records that
 *   event (dated or in the past tense); a denial of the event, or no word of it, leaves it to a reviewer.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { referenceRangeOn } from "../evidence/reference-range";
import { decideText, dx } from "../review/test-cases";
import { docFromPages } from "../testing";
import { MEASURES } from "../vocabulary/measures";
import { generateDecisionTree } from "./compile-tree";
import { parseCriterion, parsePolicyUlns, parseRelativeLimits } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const measure = (name: string) => MEASURES.find((m) => m.name === name)!;

describe("lab limits relative to the normal range", () => {
  it("reads the multiple, the direction and the limit of each clause", () => {
    expect(parseRelativeLimits("AST more than 5 times the upper limit of normal")).toMatchObject([
      { kind: "lab", measure: "AST", op: ">", value: 5, relative: "upper" },
    ]);
    expect(parseRelativeLimits("Serum hemoglobin under the LLN")).toMatchObject([{ measure: "hemoglobin", op: "<", value: 1, relative: "lower" }]);
    expect(parseRelativeLimits("ALT no more than 1.5 x ULN")).toMatchObject([{ measure: "ALT", op: "<=", value: 1.5, relative: "upper" }]);
    expect(parseRelativeLimits("TSH within normal limits")).toMatchObject([{ measure: "TSH", op: "between", relative: "range" }]);
    // no measure the engine reads: left to a reviewer
    expect(parseRelativeLimits("Serum frobulin above 2 x ULN")).toBeNull();
    // two measures sharing one limit: each is held to it (stop 45: "ALT and AST no more than 1.5 x ULN")
    expect(parseRelativeLimits("ALT and AST within normal limits")).toMatchObject([
      { measure: "ALT", op: "between", relative: "range" },
      { measure: "AST", op: "between", relative: "range" },
    ]);
  });

  it("a sentence of a threshold and a relative limit becomes both lab requirements", () => {
    const c = parseCriterion("HCV RNA above 1,000 IU/mL and ALT greater than 3 x ULN", "", { drugNames: ["Quorvexa"] });
    expect(c.kind).toBe("all");
    const items = c.kind === "all" ? c.items : [];
    expect(items.map((i) => i.kind)).toEqual(["lab", "lab"]);
    expect(items[1]).toMatchObject({ measure: "ALT", relative: "upper", value: 3 });
  });

  it("reads the policy's own ULN, overall or per sex", () => {
    expect(parsePolicyUlns("For this policy the ULN for AST is 40 U/L for males and 32 U/L for females.").get("AST")).toEqual({ male: 40, female: 32 });
    expect(parsePolicyUlns("The upper limit of normal for ALT = 45 U/L whatever the laboratory prints.").get("ALT")).toEqual({ any: 45 });
    expect(parsePolicyUlns("ALT above 2 x ULN.").size).toBe(0);
  });

  it("finds the reference range printed with the result: labelled, in parentheses or under a table header", () => {
    const alt = measure("ALT");
    const read = (text: string, value: number, at = 0) => {
      const idx = buildCaseIndex(docFromPages([text]), "2026-10-01");
      return referenceRangeOn(idx, idx.lines[at], alt, value);
    };
    expect(read("ALT 61 U/L (ref 10-40) H", 61)).toEqual({ low: 10, high: 40 });
    expect(read("ALT 61 U/L (10 - 40)", 61)).toEqual({ low: 10, high: 40 });
    expect(read("ALT: 61 IU/L  reference range: 0-44", 61)).toEqual({ low: 0, high: 44 });
    expect(read("Analyte  Value  Units  Reference Interval  Flag\nALT  61  U/L  6 - 29  H", 61, 1)).toEqual({ low: 6, high: 29 });
    // a bare pair of numbers with no header naming a range column is no range; nor is another value's
    expect(read("ALT 61 U/L 6 - 29", 61)).toBeNull();
    expect(read("ALT 61 U/L on 09/12/2026", 61)).toBeNull();
    expect(read("ALT 33 U/L (ref 10-40)", 61)).toBeNull();
  });

  const policy = (extra: string[] = []) =>
    [
      "Quorvexa (examplimab) - chronic hepatitis B",
      "Criteria for approval",
      "1. Chronic hepatitis B. Approve for 12 months when ALL of the following are met:",
      "a. Member is 18 years of age or older; AND",
      "b. HBV DNA above 2,000 IU/mL and ALT above 2 x ULN within the 6 months before the request.",
      ...extra,
    ].join("\n");
  const over = { diagnoses: [dx("B18.1", "chronic hepatitis B")] };
  const fax = (labs: string, sex = "F") =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      `Patient: Jane Example  DOB: 04/02/1975  Sex: ${sex}`,
      "Medication: Quorvexa 25 mg tablet daily",
      "Diagnosis: B18.1 chronic hepatitis B",
      "09/15/2026 HBV DNA 52,000 IU/mL",
      `09/15/2026 ${labs}`,
    ].join("\n");

  it("approves on a value above the multiple of the printed upper limit, denies on one below", () => {
    const tree = generateDecisionTree(docFromPages([policy()]), { drug_names: ["Quorvexa"] });
    expect(decideText(tree, fax("ALT 97 U/L (ref 7-40) H"), over).decision.final_decision).toBe("approved");
    const low = decideText(tree, fax("ALT 62 U/L (ref 7-40) H"), over).decision;
    expect(low.final_decision).toBe("denied");
  });

  it("never decides on a value printed without its range", () => {
    const tree = generateDecisionTree(docFromPages([policy()]), { drug_names: ["Quorvexa"] });
    expect(decideText(tree, fax("ALT 97 U/L H"), over).decision.final_decision).toBe("needs_more_information");
  });

  it("the policy's ULN overrides the laboratory's, by the member's sex", () => {
    const withUln = policy(["Definitions", "The ULN for ALT is 30 U/L for men and 20 U/L for women in this policy, whatever range the laboratory prints."]);
    const m = readPolicy(docFromPages([withUln]), { drug_names: ["Quorvexa"] });
    expect(JSON.stringify(m.indications[0].criteria)).toContain('"uln":{"male":30,"female":20}');
    const tree = generateDecisionTree(docFromPages([withUln]), { drug_names: ["Quorvexa"] });
    // 45 is above 2 x 20 (a woman's policy ULN) though below 2 x the laboratory's 40
    expect(decideText(tree, fax("ALT 45 U/L (ref 7-40) H", "F"), over).decision.final_decision).toBe("approved");
    // ... and below 2 x 30 for a man
    expect(decideText(tree, fax("ALT 45 U/L (ref 7-40) H", "M"), over).decision.final_decision).toBe("denied");
  });
});

describe("an exclusion of the covered condition 'without a previous event'", () => {
  const policy = (exclusion: string) =>
    [
      "Quorvexa (examplimab) - chronic kidney disease",
      "Criteria for approval",
      "1. Chronic kidney disease. Approve for 12 months when ALL of the following are met:",
      "a. Member is 18 years of age or older; AND",
      "b. Prescribed by a nephrologist.",
      "Exclusions - not covered",
      `- ${exclusion}`,
    ].join("\n");
  const over = { diagnoses: [dx("N18.4", "chronic kidney disease stage 4")] };
  const fax = (body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Patient: Jane Example  DOB: 04/02/1975",
      "Prescriber: Dr. A Example, Nephrology",
      "Medication: Quorvexa 10 mg tablet daily",
      "Diagnosis: N18.4 chronic kidney disease stage 4",
      body,
    ].join("\n");
  const decide = (exclusion: string, body: string) =>
    decideText(generateDecisionTree(docFromPages([policy(exclusion)]), { drug_names: ["Quorvexa"] }), fax(body), over).decision.final_decision;

  it("does not apply when the request records the event", () => {
    expect(decide("Chronic kidney disease in a member without prior hospitalisation.", "Admitted and hospitalized for fluid overload 05/2026.")).toBe(
      "approved",
    );
    expect(decide("Chronic kidney disease without a previous transfusion.", "Transfusions: 2 units PRBC 02/2026.")).toBe("approved");
  });

  it("is left to a reviewer when the event is denied, not mentioned, or only a word like it appears", () => {
    expect(decide("Chronic kidney disease in a member without prior hospitalisation.", "No hospitalizations to date.")).toBe("needs_more_information");
    expect(decide("Chronic kidney disease in a member without prior hospitalisation.", "Stable in clinic.")).toBe("needs_more_information");
    expect(decide("Chronic kidney disease in a member without prior hospitalisation.", "Seen by the hospitalist 05/2026.")).toBe("needs_more_information");
  });
});
