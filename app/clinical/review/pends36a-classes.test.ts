/**
 * Classes of exclusion reading that left decidable requests pended (issue 21, pends36a): an
 * exclusion whose excluded form is defined by a measured value ("mild hemophilia B (factor IX
 * activity greater than 5%)", "heart failure with reduced ejection fraction (ejection fraction below
 * 40%)") is decided by the value the request states, compared with the threshold — it applies when
 * every stated value meets it, does not apply when a stated value fails it — and never by the
 * condition's name alone. A level measured on treatment (peak, trough, post-infusion) never makes it
 * apply, and a time written beside a level ("72 h post dose") is no value of it.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { parseExclusion } from "../policy/parse-criterion";
import { unreadQualifiers } from "../policy/parse-coverage";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { docFromPages } from "../testing";
import { decideText, dx } from "./test-cases";

const ctx = { drugNames: ["Examplumab"] };

const factorPolicy = [
  "Examplumab Clinical Policy",
  "Criteria for Initial Approval",
  "1. Hemophilia B (must meet all):",
  "a. Prescribed by or in consultation with a hematologist;",
  "Approval duration: 12 months",
  "Exclusions - not covered",
  "- mild hemophilia B (factor IX activity greater than 5%)",
].join("\n");

const request = (lab: string) =>
  [
    "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
    "Medication: Examplumab 80 mg SC every 2 weeks",
    "Diagnosis: D67 hereditary factor IX deficiency.",
    "Patient is 30 years old (DOB 03/02/1996).",
    "Prescriber specialty: Hematology",
    lab,
  ].join("\n");

function decideFactor(lab: string) {
  const tree = generateDecisionTree(docFromPages([factorPolicy]), { drug_names: ["Examplumab"] });
  return decideText(tree, request(lab), { diagnoses: [dx("D67", "hereditary factor IX deficiency", true)] }).decision;
}

describe("an exclusion whose form is defined by a value is decided by the stated value", () => {
  it("reads the threshold of the exclusion as part of it (no unread value)", () => {
    const c = parseExclusion("mild hemophilia B (factor IX activity greater than 5%)", ctx);
    expect(c.kind).toBe("excluded_use");
    expect(unreadQualifiers(c)).toEqual([]);
  });

  it("applies when the stated level meets the threshold", () => {
    const d = decideFactor("Labs 09/20/2026: Factor IX activity (one-stage) 12 % (ref 50-150) L");
    expect(d.final_decision).toBe("denied");
  });

  it("does not apply when the stated level is below it", () => {
    const d = decideFactor("Labs 09/20/2026: Factor IX activity (one-stage) 2 % (ref 50-150) L");
    expect(d.final_decision).toBe("approved");
  });

  it("a level written as a bound on the other side ('<1%') never makes it apply", () => {
    const d = decideFactor("Baseline factor IX activity <1 % at diagnosis (2001).");
    expect(d.final_decision).not.toBe("denied");
  });

  it("a level measured after a dose never makes it apply", () => {
    const d = decideFactor("Labs 09/20/2026: Factor IX activity (peak, 30 min post-infusion) 64 %");
    expect(d.final_decision).not.toBe("denied");
  });

  it("stated values that disagree leave it to a reviewer, never a denial", () => {
    const d = decideFactor("Factor IX activity 3 % on 03/2026.\nLabs 09/20/2026: Factor IX activity 9 %");
    expect(d.final_decision).not.toBe("denied");
  });

  it("without a stated level it is not applied on a value it does not have", () => {
    const d = decideFactor("Bleeding history: 3 joint bleeds this year.");
    expect(d.final_decision).not.toBe("denied");
  });
});

describe("an exclusion that names the covered condition with a defining value", () => {
  const hfPolicy = [
    "Examplumab Clinical Policy",
    "Criteria for Initial Approval",
    "1. Heart failure (must meet all):",
    "a. Prescribed by or in consultation with a cardiologist;",
    "Approval duration: 12 months",
    "Exclusions - not covered",
    "- Heart failure with reduced ejection fraction (LVEF below 40%)",
  ].join("\n");
  const hfRequest = (echo: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Medication: Examplumab 20 mg daily",
      "Diagnosis: I50.30 diastolic heart failure.",
      "Patient is 70 years old (DOB 03/02/1956).",
      "Prescriber specialty: Cardiology",
      echo,
    ].join("\n");
  const decideHf = (echo: string) =>
    decideText(generateDecisionTree(docFromPages([hfPolicy]), { drug_names: ["Examplumab"] }), hfRequest(echo), {
      diagnoses: [dx("I50.30", "diastolic heart failure", true)],
    }).decision;

  it("applies on a stated ejection fraction below the threshold", () => {
    expect(decideHf("Echocardiogram 09/12/2026: LVEF 30%.").final_decision).toBe("denied");
  });
  it("does not apply on a stated ejection fraction above it", () => {
    expect(decideHf("Echocardiogram 09/12/2026: LVEF 55%.").final_decision).toBe("approved");
  });
  it("is never applied on the diagnosis alone", () => {
    expect(decideHf("Symptoms: dyspnea on exertion, NYHA II.").final_decision).not.toBe("denied");
  });
});

describe("a time beside a level is no value of it", () => {
  it("reads no '72' from 'trough, 72 h post dose'", () => {
    const idx = buildCaseIndex(docFromPages(["Factor IX activity (trough, 72 h post dose) 4 % 50-150 L"]), "2026-10-01");
    const vals = measureValues(idx, measureByName("factor IX activity")!);
    expect(vals.map((v) => v.value)).not.toContain(72);
  });
});

describe("a form defined by a value is never shown by the condition's code alone", () => {
  const policy = [
    "Examplumab Clinical Policy",
    "Criteria for Initial Approval",
    "1. Chronic kidney disease (must meet all):",
    "a. Prescribed by or in consultation with a nephrologist;",
    "Approval duration: 12 months",
    "Exclusions - not covered",
    "- Heart failure with reduced ejection fraction (LVEF below 40%)",
  ].join("\n");
  const req = (echo: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Medication: Examplumab 20 mg daily",
      "Diagnosis: I50.30 diastolic heart failure; N18.4 chronic kidney disease stage 4.",
      "Patient is 70 years old (DOB 03/02/1956).",
      "Prescriber specialty: Nephrology",
      echo,
    ].join("\n");
  const decide = (echo: string) =>
    decideText(generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplumab"] }), req(echo), {
      diagnoses: [dx("I50.30", "diastolic heart failure", true), dx("N18.4", "chronic kidney disease stage 4", false)],
    }).decision;

  it("a heart-failure code with a preserved ejection fraction is no denial", () => {
    expect(decide("Echocardiogram 09/12/2026: LVEF 60%.").final_decision).not.toBe("denied");
  });
  it("a heart-failure code without an ejection fraction is no denial", () => {
    expect(decide("Symptoms: edema, NYHA II.").final_decision).not.toBe("denied");
  });
});
