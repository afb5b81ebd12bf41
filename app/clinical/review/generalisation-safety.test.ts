/**
 * Wrongful denials a fifth blind set (fixtures/corpus/buckeye-seb) found, as classes (the set itself,
 * in app/evaluation/corpus.test.ts, also covers a component of the requested combination product read
 * as "another" drug taken with it): a past "previously on X" read as current use, an exclusion that names the covered condition itself applied on the diagnosis
 * alone, and a policy whose indication section was missed denied as "not covered" on an indication
 * the reader only inferred. Each must now be needs-more-information (or approved), never a denial.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { readPolicy } from "../policy/read-policy";
import { docFromPages } from "../testing";
import { decideText, dx } from "./test-cases";

describe("'previously on X' is past use", () => {
  const policy = [
    "Examplisiran Clinical Policy",
    "Criteria for Initial Approval",
    "1. Clinical atherosclerotic cardiovascular disease (must meet all):",
    "a. Diagnosis of atherosclerotic cardiovascular disease;",
    "b. Will not be used with a PCSK9 monoclonal antibody (evolocumab, alirocumab);",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplisiran"] });
  it("a PCSK9 antibody the patient was previously on is no combination", () => {
    const { decision, review } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplisiran 284 mg SC",
        "Diagnosis: I25.10 coronary artery disease, s/p CABG 2023.",
        "Previously on Repatha (evolocumab) 140 mg q2wk 2024 to 8/2025 - stopped for injection-site reactions.",
      ].join("\n"),
      { diagnoses: [dx("I25.10", "atherosclerotic heart disease")] },
    );
    expect(decision.final_decision).not.toBe("denied");
    const combo = review.paths.flatMap((p) => p.criteria).find((c) => /PCSK9/.test(c.question));
    expect(combo?.outcome).toBe("met");
  });
});

describe("an exclusion that names the covered condition itself", () => {
  const policy = [
    "Examplovir Clinical Policy",
    "Criteria for Initial Approval",
    "1. Chronic hepatitis C (must meet all):",
    "a. Diagnosis of chronic hepatitis C;",
    "b. Member is 18 years of age or older;",
    "Approval duration: 12 weeks",
    "Exclusions - not covered",
    "- Virologic failure (relapse or non-response) after any regimen containing an NS5A inhibitor in chronic hepatitis C.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplovir"] });
  it("is never met by the diagnosis alone (it is about a prior failure the request must show)", () => {
    const { decision } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplovir daily x 12 weeks",
        "Diagnosis: B18.2 chronic hepatitis C. Treatment-naive. Age 55.",
      ].join("\n"),
      { diagnoses: [dx("B18.2", "chronic hepatitis C")] },
    );
    expect(decision.final_decision).not.toBe("denied");
  });
});

describe("an indication the reader only inferred", () => {
  // no indication heading or lead: the only condition is in an item that is really an exclusion the
  // reader could not tell apart
  const policy = [
    "Examplisiran - LDL-Cholesterol Lowering",
    "Clinical Criteria",
    "- Age 18 years or older",
    "- LDL-C of 70 mg/dL or higher measured within the past 90 days",
    "- Homozygous familial hypercholesterolemia (not studied).",
  ].join("\n");
  it("is marked inferred, and its diagnosis requirement never fails on its own", () => {
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplisiran"] });
    expect(m.indications[0].inferred).toBe(true);
  });
  it("a diagnosis outside it is needs-more-information, not 'not covered'", () => {
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplisiran"] });
    const { decision } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplisiran 284 mg SC",
        "Diagnosis: I25.10 coronary artery disease. LDL-C 104 mg/dL on 09/20/2026. Age 69.",
      ].join("\n"),
      { diagnoses: [dx("I25.10", "atherosclerotic heart disease")] },
    );
    expect(decision.final_decision).toBe("needs_more_information");
  });
});

describe("a long requirement the reader could only read as loose word groups", () => {
  const policy = [
    "Examplizumab Clinical Policy",
    "Criteria for Initial Approval",
    "1. Relapsing multiple sclerosis (must meet all):",
    "a. Diagnosis of relapsing multiple sclerosis;",
    "b. The member has had an inadequate response to, or could not tolerate, at least one preferred product, unless (a) every preferred product is contraindicated for the member, or (b) the member has received examplizumab within the past 12 months (established therapy, including under a previous health plan). Patient or prescriber preference for a dosing schedule or route is not an exception;",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  it("is not met by words every fax carries ('health plan', 'established')", () => {
    const { decision, review } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Health plan: Buckeye State Employee Benefits",
        "Medication: Examplizumab 600 mg IV every 6 months",
        "Diagnosis: G35 relapsing multiple sclerosis, established with her neurologist in 2025.",
        "She has had no disease-modifying therapy and prefers infusions twice a year.",
      ].join("\n"),
      { diagnoses: [dx("G35", "multiple sclerosis")] },
    );
    expect(decision.final_decision).not.toBe("approved");
    const step = review.paths.flatMap((p) => p.criteria).find((c) => /preferred product/.test(c.question));
    expect(step?.outcome).not.toBe("met");
  });
});
