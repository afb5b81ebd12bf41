/**
 * Reading classes found by the sixth blind set (fixtures/corpus/lakeshore-ma), each written here
 * with other drugs and wording: a TB requirement whose later sentences are notes and a positive-result
 * alternative; a step requirement whose ";" part defines what counts and whose next sentence offers
 * the contraindication alternative; "AGE RESTRICTIONS" / "PRESCRIBER RESTRICTIONS" sections written
 * as a heading and one sentence; a requirement written for one form of the indication only.
 */
import { describe, expect, it } from "vitest";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { decideText, dx } from "../review/test-cases";

const ctx = { drugNames: ["Examplinib"] };

describe("a test requirement followed by notes", () => {
  const c = parseCriterion(
    "Hepatitis B screening (HBsAg and anti-HBc) with its result, performed within the 6 months before the request. A test that has been ordered but not resulted does not meet this requirement. A positive test is acceptable when antiviral prophylaxis has been started.",
    "",
    ctx,
  );
  it("is the test, with the positive-result alternative, never a loose documentation item", () => {
    expect(c.kind).toBe("any");
    if (c.kind !== "any") return;
    // both tests named, each negative (a core antibody is a test of its own: eleventh-set-classes.test.ts)
    expect(c.items[0]).toMatchObject({
      kind: "all",
      items: [
        { kind: "test_result", test: "hepatitis B screening", result: "negative", within_days: 183 },
        { kind: "test_result", test: "hepatitis B core antibody", result: "negative", within_days: 183 },
      ],
    });
  });
});

describe("a ';' part that defines what counts is part of its requirement", () => {
  const c = parseCriterion(
    "A trial of at least one conventional systemic agent for at least 3 months with an inadequate response: methotrexate, leflunomide or sulfasalazine; hydroxychloroquine counts as a conventional agent only in combination. In place of the trial, the prescriber may document that the conventional agents are contraindicated or were not tolerated.",
    "",
    ctx,
  );
  it("reads one step requirement that allows contraindication and intolerance", () => {
    expect(c).toMatchObject({ kind: "prior_therapy", allow_contraindication: true, allow_intolerance: true, min_days: 91 });
  });
});

describe("restriction sections written as a heading and a sentence", () => {
  const policy = [
    "EXAMPLINIB tablets - Prior Authorization Criteria",
    "CRITERIA",
    "Examplinib is covered for adults with moderate to severe atopic dermatitis when the Required Medical Information below is documented.",
    "REQUIRED MEDICAL INFORMATION",
    "1. Diagnosis of moderate to severe atopic dermatitis.",
    "2. A trial of a medium-potency topical corticosteroid for at least 4 weeks with an inadequate response.",
    "AGE RESTRICTIONS",
    "12 years of age and older.",
    "PRESCRIBER RESTRICTIONS",
    "Prescribed by, or in consultation with, a dermatologist or an allergist.",
    "COVERAGE DURATION",
    "12 months.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplinib"] });
  const kinds = JSON.stringify([...m.common, ...m.indications.flatMap((i) => i.criteria)]);
  it("reads the age and the prescriber as requirements (never approves without them)", () => {
    expect(kinds).toContain('"kind":"age"');
    expect(kinds).toContain('"kind":"prescriber"');
  });
});

describe("a requirement for one form of the indication only", () => {
  const policy = [
    "Examplizumab Clinical Policy",
    "Criteria for Initial Approval",
    "1. Axial spondyloarthritis (must meet all):",
    "a. Diagnosis of ankylosing spondylitis or non-radiographic axial spondyloarthritis;",
    "b. For non-radiographic axial spondyloarthritis only: C-reactive protein above the upper limit of normal or sacroiliitis on MRI;",
    "c. Prescribed by or in consultation with a rheumatologist;",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplizumab"] });
  const request = (code: string, desc: string) =>
    decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplizumab 80 mg",
        `Diagnosis: ${code} ${desc}`,
        "Prescriber specialty: Rheumatology",
      ].join("\n"),
      { diagnoses: [dx(code, desc, true)] },
    ).decision.final_decision;
  it("does not apply to the other form", () => {
    expect(request("M45.6", "ankylosing spondylitis, lumbar region")).toBe("approved");
  });
  it("applies to its own form (the test can fail)", () => {
    expect(request("M45.A6", "non-radiographic axial spondyloarthritis, lumbar region")).toBe("needs_more_information");
  });
});

describe("a clinical UM guideline: requirements with one item a choice among diagnoses", () => {
  const policy = [
    "Clinical UM Guideline",
    "Subject: Examplumab",
    "Clinical Indications",
    "Requests for examplumab may be approved if the following criteria are met:",
    "I. Individual is 18 years of age or older; AND",
    "II. Individual has one of the following diagnoses:",
    "A. Moderate to severe atopic dermatitis (body surface area 10% or more) and individual has had an inadequate response to, is intolerant of, or has a contraindication to a medium-potency topical corticosteroid; OR",
    "B. Chronic spontaneous urticaria and individual has had an inadequate response to a second-generation H1 antihistamine at up to four times the labeled dose; AND",
    "III. Examplumab will not be used in combination with another biologic agent.",
    "Continuation requests for examplumab may be approved if the following criterion is met:",
    "I. There is clinically significant improvement in signs and symptoms of disease.",
    "Requests for examplumab may not be approved for the following:",
    "I. Individual has an active serious infection; OR",
    "II. When the above criteria are not met and for all other indications.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplumab"] });
  it("reads each diagnosis as an indication with its own requirements, the other items for every one", () => {
    expect(m.indications.map((i) => i.match.conditions)).toEqual([["atopic dermatitis"], ["chronic spontaneous urticaria"]]);
    expect(m.common.map((c) => c.kind)).toEqual(["age", "no_concurrent"]);
    expect(JSON.stringify(m.indications[0].criteria)).toContain('"kind":"prior_therapy"');
  });
  it("reads 'may not be approved for the following' as exclusions, and the continuation list apart", () => {
    expect(m.exclusions.length).toBe(1);
    expect(m.continuation.length).toBeGreaterThan(0);
  });
});

describe("an LCD-style coverage article", () => {
  const article = [
    "Examplizumab Intravenous - Part B Drug Coverage Article",
    "Covered indications",
    "1. Rheumatoid arthritis (RA), moderately to severely active, in adults who have had an inadequate response to at least one conventional DMARD taken for at least 12 weeks.",
    "2. Giant cell arteritis (GCA) in adults, diagnosed by temporal artery biopsy or by vascular imaging.",
    "Screening requirements (all new starts)",
    "a. Hepatitis B screening: HBsAg and anti-HBc. A positive anti-HBc with a negative HBsAg does not prevent coverage when HBV DNA monitoring is documented.",
    "Limitations",
    "Examplizumab is not covered in the following situations:",
    "- Initiation of therapy when the absolute neutrophil count is below 2,000/mm3, the platelet count is below 100,000/mm3, or ALT or AST is above 1.5 times the upper limit of normal.",
    "- RA with low disease activity or in remission (CDAI of 10 or less, or DAS28 below 3.2) in a member who is not already receiving examplizumab.",
    "- Doses above 800 mg every 4 weeks.",
  ].join("\n");
  const m = readPolicy(docFromPages([article]), { drug_names: ["Examplizumab"] });
  it("reads each covered indication, the screening for every one, and the limitations as exclusions", () => {
    expect(m.indications.map((i) => i.match.conditions)).toEqual([["rheumatoid arthritis"], ["giant cell arteritis"]]);
    // the requirement's own sentence sets the result: a later "positive anti-HBc … does not prevent" is a note
    expect(m.common[0]).toMatchObject({
      kind: "all",
      items: [
        { kind: "test_result", test: "hepatitis B screening", result: "any" },
        { kind: "test_result", test: "hepatitis B core antibody", result: "any" },
      ],
    });
    expect(m.exclusions.map((e) => e.kind)).toEqual(["any", "excluded_use", "dose_limit"]);
  });
  const tree = generateDecisionTree(docFromPages([article]), { drug_names: ["Examplizumab"] });
  const request = (labs: string, extra = "") =>
    decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 11/12/2026",
        "Medication: Examplizumab 340 mg IV every 4 weeks",
        "Diagnosis: M05.79 rheumatoid arthritis. DOB 03/02/1956.",
        "Methotrexate 20 mg weekly 01/2026 to 10/2026, inadequate response.",
        "Disease activity: CDAI 28 on 10/27/2026.",
        "HBsAg negative, anti-HBc negative 10/27/2026.",
        labs,
        extra,
      ].join("\n"),
      { diagnoses: [dx("M05.79", "rheumatoid arthritis", true)] },
    ).decision;
  it("a platelet count in K/uL is compared on the policy's /mm3 scale", () => {
    expect(request("Labs 10/27/2026: ANC 4,100/mm3; platelets 248 K/uL; ALT 22 U/L.").final_decision).toBe("approved");
  });
  it("an ANC below the initiation threshold denies a new start", () => {
    expect(request("Labs 11/02/2026: ANC 1,400/mm3; platelets 248 K/uL.").final_decision).toBe("denied");
  });
  it("the same ANC never excludes a request to continue therapy", () => {
    expect(request("Labs 11/02/2026: ANC 1,400/mm3; platelets 248 K/uL.", "Request type: Renewal").final_decision).not.toBe("denied");
  });
  it("a disease-activity value outside the low-activity exclusion shows it does not apply", () => {
    const d = request("Labs 10/27/2026: ANC 4,100/mm3; platelets 248 K/uL.");
    expect(d.missing_items ?? []).not.toContainEqual(expect.stringMatching(/low disease activity/));
  });
});

describe("use, quantity table and a quantity that must be quoted", () => {
  const policy = [
    "Examplegepant Pharmacy Criteria",
    "Initial approval",
    "1. Diagnosis of migraine with or without aura.",
    "2. Member is 18 years of age or older.",
    "3. Requested for the ACUTE treatment of migraine attacks.",
    "Not covered",
    "- Preventive (scheduled daily) use: examplegepant has no preventive indication.",
    "Quantity Limits",
    "Product Limit Notes",
    "Examplegepant 50 mg tablet 16 tablets per 30 days Maximum 200 mg in 24 hours",
    "Examplegepant 100 mg tablet 16 tablets per 30 days Maximum 200 mg in 24 hours",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplegepant"] });
  it("reads the use as a requirement, preventive use as an exclusion, and the one table limit as a requirement", () => {
    expect(JSON.stringify(m.indications[0].criteria)).toContain('"kind":"use_mode"');
    expect(m.exclusions[0]).toMatchObject({ kind: "use_mode", mode: "preventive" });
    expect(m.common[0]).toMatchObject({ kind: "quantity_limit", amount: 16, period_days: 30 });
  });
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplegepant"] });
  const request = (lines: string[]) =>
    decideText(tree, ["PRIOR AUTHORIZATION REQUEST  Date: 11/16/2026", "DOB 06/08/1990", "Diagnosis: G43.019 migraine", ...lines].join("\n"), {
      diagnoses: [dx("G43.019", "migraine without aura, intractable", true)],
    }).decision;
  it("approves acute use within the limit", () => {
    expect(request(["Medication: Examplegepant 50 mg, take 1 tablet at onset, may repeat in 2 hours", "Quantity / Days Supply 8 / 30"]).final_decision).toBe(
      "approved",
    );
  });
  it("denies a quoted quantity above the limit (a combined 'Quantity / Days Supply' label)", () => {
    const d = request(["Medication: Examplegepant 100 mg, 1 tablet at onset as needed", "Qty / days supply 30 / 30 days Refills: 5"]);
    expect(d.final_decision).toBe("denied");
  });
  it("denies preventive use stated outright", () => {
    expect(request(["Medication: Examplegepant 50 mg, 1 tablet daily for migraine prevention", "Quantity / Days Supply 16 / 30"]).final_decision).toBe(
      "denied",
    );
  });
});

describe("checkbox criteria sheets and safety labs", () => {
  const sheet = [
    "PREFERRED DRUG LIST CLINICAL CRITERIA",
    "Clinical criteria - non-preferred agents (each box that applies must be met)",
    "[ ] Diagnosis of type 2 diabetes mellitus, heart failure, or chronic kidney disease with eGFR of 20 mL/min/1.73 m2 or more",
    "[ ] Age 18 years or older",
    "[ ] Type 2 diabetes: trial and failure of metformin for at least 90 days",
    "Not approved",
    "- Type 1 diabetes mellitus, including use as an adjunct to insulin",
  ].join("\n");
  const m = readPolicy(docFromPages([sheet]), { drug_names: ["Examplogliflozin"] });
  const all = JSON.stringify([...m.common, ...m.indications.flatMap((i) => i.criteria)]);
  it("reads boxes as criteria, 'X:' prefixes as scoped, 'Not approved' as exclusions, and eGFR 20 (not the 1.73 m2)", () => {
    expect(all).toContain('"measure":"eGFR","op":">=","value":20');
    expect(all).toContain('"applies_to":["type 2 diabetes mellitus"]');
    expect(m.exclusions[0]).toMatchObject({ kind: "excluded_use", conditions: ["type 1 diabetes mellitus"] });
  });
  it("reads 'baseline' safety labs as current values of a new start, and the absolute lymphocyte count", () => {
    const c = parseCriterion(
      "Baseline laboratory values obtained within the 3 months before the request show platelet count at least 150,000/mm3 and absolute lymphocyte count (ALC) at least 500/mm3",
      "",
      ctx,
    );
    const s = JSON.stringify(c);
    expect(s).toContain('"measure":"ALC"');
    expect(s).not.toContain('"baseline":true');
  });
});

describe("a count in thousands per microlitre against a floor per mm3", () => {
  const policy = [
    "Examplitinib Clinical Policy",
    "Criteria for Initial Approval",
    "1. Atopic dermatitis (must meet all):",
    "a. Diagnosis of atopic dermatitis;",
    "b. Absolute lymphocyte count (ALC) at least 500/mm3 within the 3 months before the request;",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplitinib"] });
  const run = (lab: string) =>
    decideText(
      tree,
      ["PRIOR AUTHORIZATION REQUEST  Date: 11/10/2026", "Diagnosis: L20.89 atopic dermatitis", `11/04/2026 Absolute lymphocytes ${lab}`].join("\n"),
      {
        diagnoses: [dx("L20.89", "atopic dermatitis", true)],
      },
    ).decision.final_decision;
  it("1.6 K/uL is 1,600/mm3, and a scan's '16 K/uL' (decimal lost) never reads as a failure", () => {
    expect(run("1.6 K/uL 1.0-4.8")).toBe("approved");
    expect(run("16 K/uL 10-48")).not.toBe("denied");
  });
  it("0.4 K/uL is 400/mm3, below the floor (the test can fail)", () => {
    expect(run("0.4 K/uL 1.0-4.8 L")).toBe("denied");
  });
});
