/**
 * Reading classes found by the ninth blind set (fixtures/corpus/gateway-mo), each written here with
 * other drugs and wording: multi-level bullets ("- item" then "o sub-item") where a "ONE of the
 * following:" item owns the "o" lines below it; an indication title ending in ":" above its bulleted
 * requirements; an exclusion that names a subpopulation ("… in a member currently receiving
 * dialysis", "… in a member with cancer who …") applied on the diagnosis alone; a numbered yes/no
 * decision flow ("Go to #n", "Deny") read as one indication per question.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { readPolicy } from "./read-policy";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { decideText, dx } from "../review/test-cases";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const treeOf = (text: string, drug = "Examplizumab") => generateDecisionTree(docFromPages([text]), { drug_names: [drug] });

describe("multi-level bullets and an indication title ending in a colon", () => {
  const policy = [
    "CLINICAL EDIT CRITERIA",
    "Drug/Drug Class: Examplizumab - Dermatology Biologic Agents",
    "Approval Criteria",
    "Chronic spontaneous urticaria:",
    "- Documented diagnosis of chronic spontaneous urticaria (ICD-10-CM L50.1) AND",
    "- Participant aged 12 years or older AND",
    "- Disease activity documented by ONE of the following:",
    "o Urticaria Activity Score (UAS7) of 16 or higher within the 30 days before the request OR",
    "o Daily hives for at least 6 weeks despite second-generation antihistamine at up to 4 times the standard dose AND",
    "- Prescribed by or in consultation with an allergist/immunologist or a dermatologist",
    "Bullous pemphigoid:",
    "- Participant aged 18 years or older AND",
    "- Documented diagnosis of bullous pemphigoid (L12.0) AND",
    "- Prescribed by or in consultation with a dermatologist",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplizumab"] });

  it("reads one indication per titled section, each with its own requirements", () => {
    const titles = m.indications.map((i) => i.title);
    expect(titles.some((t) => /urticaria/i.test(t))).toBe(true);
    expect(titles.some((t) => /pemphigoid/i.test(t))).toBe(true);
    const csu = m.indications.find((i) => /urticaria/i.test(i.title))!;
    // the pemphigoid requirements are not in the urticaria path
    expect(flat(csu.criteria).some((c) => /pemphigoid/i.test(c.text ?? ""))).toBe(false);
  });

  it("nests the 'o' lines under the ONE-of item: a choice, never two requirements", () => {
    const csu = m.indications.find((i) => /urticaria/i.test(i.title))!;
    const choice = flat(csu.criteria).find((c) => c.kind === "any");
    expect(choice).toBeDefined();
    const inChoice = flat(choice!.kind === "any" ? choice!.items : []).map((c) => c.text ?? "");
    expect(inChoice.some((t) => /UAS7/.test(t))).toBe(true);
    expect(inChoice.some((t) => /daily hives/i.test(t))).toBe(true);
    // neither alternative is a top-level requirement of the path
    expect(csu.criteria.some((c) => /UAS7/.test(c.text ?? "") && c.kind !== "any" && c.kind !== "all")).toBe(false);
  });

  it("never denies when one alternative fails and the other is not documented", () => {
    const tree = treeOf(policy);
    const d = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplizumab 300 mg every 4 weeks",
        "Diagnosis: L50.1 chronic spontaneous urticaria. DOB 03/02/1980.",
        "Prescriber specialty: Allergy and Immunology",
        "UAS7 score 12 on 09/20/2026.",
      ].join("\n"),
      { diagnoses: [dx("L50.1", "chronic spontaneous urticaria", true)] },
    );
    expect(d.decision.final_decision).toBe("needs_more_information");
  });
});

describe("an exclusion that names a subpopulation", () => {
  const policy = [
    "Exampoetin Criteria for Use",
    "Approval criteria",
    "1. Diagnosis of anemia due to chronic kidney disease; AND",
    "2. Hemoglobin below 10 g/dL within the 30 days before the request; AND",
    "3. Prescribed by or in consultation with a nephrologist.",
    "Exclusions",
    "1. Anemia of chronic kidney disease in a member currently receiving maintenance hemodialysis.",
    "2. Anemia in a member with cancer who is not receiving myelosuppressive chemotherapy.",
  ].join("\n");
  const tree = treeOf(policy, "Exampoetin");
  const request = (extra: string) =>
    decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Exampoetin 10,000 units weekly",
        "Diagnosis: D63.1 anemia in chronic kidney disease; N18.4 chronic kidney disease, stage 4. DOB 03/02/1950.",
        "Prescriber specialty: Nephrology",
        "Hemoglobin 9.2 g/dL on 09/25/2026.",
        extra,
      ].join("\n"),
      { diagnoses: [dx("D63.1", "anemia in chronic kidney disease", true), dx("N18.4", "chronic kidney disease, stage 4", false)] },
    ).decision;

  it("is not applied on the diagnosis alone: a member not on dialysis and without cancer is approved", () => {
    const d = request("Not on dialysis. eGFR 24.");
    expect(d.final_decision).toBe("approved");
  });

  it("a past course of hemodialysis that ended is not current hemodialysis: never a denial", () => {
    expect(request("Temporary hemodialysis in 2022 for acute kidney injury, recovered.").final_decision).not.toBe("denied");
  });

  it("applies, or is left to a reviewer, when the request shows the subpopulation — never approved", () => {
    const d = request("Receives hemodialysis three times weekly at the dialysis unit.");
    expect(d.final_decision).not.toBe("approved");
  });
});

describe("a numbered yes/no decision flow", () => {
  const policy = [
    "Clinical Prior Authorization Criteria: Examplitinib",
    "1. Is the client 18 years of age or older? [ ] Yes (Go to #2) [ ] No (Deny)",
    "2. Does the client have a diagnosis of moderate to severe atopic dermatitis? [ ] Yes (Go to #3) [ ] No (Deny)",
    "3. Has the client tried a topical calcineurin inhibitor for at least 4 weeks? [ ] Yes (Go to #4) [ ] No (Deny)",
    "4. Are baseline ANC >= 1000 and lymphocytes >= 500 documented within 90 days? [ ] Yes (Approve - 365 days) [ ] No (Deny)",
  ].join("\n");
  it("is never approved on one of its steps", () => {
    const d = decideText(
      treeOf(policy, "Examplitinib"),
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplitinib 100 mg daily",
        "Diagnosis: L20.9 atopic dermatitis, severe. DOB 03/02/1984.",
        "CBC pending.",
      ].join("\n"),
      { diagnoses: [dx("L20.9", "atopic dermatitis", true)] },
    );
    expect(d.decision.final_decision).toBe("needs_more_information");
  });
});

describe("an exclusion for a subpopulation defined by what it lacks", () => {
  const policy = [
    "Exampaglutide Criteria for Use",
    "Approval criteria",
    "1. Diagnosis of type 2 diabetes mellitus; AND",
    "2. Patient is 18 years of age or older.",
    "Exclusions",
    "1. Weight loss or weight management in a patient without type 2 diabetes (including patients with prediabetes).",
  ].join("\n");
  const tree = treeOf(policy, "Exampaglutide");
  const request = (dxs: ReturnType<typeof dx>[], line: string) =>
    decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Exampaglutide 2.5 mg weekly",
        `Diagnosis: ${dxs.map((d) => `${d.code} ${d.description}`).join("; ")}. DOB 03/02/1980.`,
        line,
      ].join("\n"),
      { diagnoses: dxs },
    ).decision.final_decision;

  it("a parenthesis naming who is in the subpopulation is not what it lacks: prediabetes for weight loss is still excluded", () => {
    expect(request([dx("E66.812", "obesity, class 2", true), dx("R73.03", "prediabetes", false)], "Requested for weight loss.")).not.toBe("approved");
  });

  it("does not apply to a member who has the condition the subpopulation lacks", () => {
    expect(request([dx("E11.9", "type 2 diabetes mellitus without complications", true)], "A1c 8.1% on 09/01/2026; also to help with weight loss.")).not.toBe(
      "denied",
    );
  });
});

describe("a pharmacy coverage policy with 'Coverage Determination' and 'Coverage Limitations' sections", () => {
  const policy = [
    "Examplamab Pharmacy Coverage Policy",
    "Description",
    "Examplamab is a monoclonal antibody given every 6 months for osteoporosis at high risk for fracture.",
    "Coverage Determination",
    "Examplamab may be considered medically necessary when the criteria of ONE of the following sections (A or B) are met:",
    "A. Osteoporosis. Approve for 12 months when ALL of the following (1, 2 and 3) are met:",
    "1. The member is 50 years of age or older; AND",
    "2. A bone mineral density T-score of -2.5 or lower on a DXA scan performed within the past 2 years; AND",
    "3. A serum calcium of 8.5 mg/dL or higher (corrected for albumin when the albumin is below 4.0 g/dL) measured within the 90 days before the request.",
    "B. Continuation of therapy. Approve for 12 months when the member has received Examplamab within the past 12 months.",
    "Coverage Limitations",
    "Examplamab is not considered medically necessary in the following situations:",
    "1. Concomitant use with another osteoporosis agent: teriparatide (Forteo) or romosozumab (Evenity).",
    "2. Pregnancy.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplamab"] });

  it("reads the criteria under 'Coverage Determination' (not skipped with the Description) and the limitations as exclusions", () => {
    const osteo = m.indications.find((i) => /osteoporosis/i.test(i.title));
    expect(osteo?.understood).toBe(true);
    expect(m.exclusions.some((c) => /teriparatide|concomitant/i.test(c.text ?? ""))).toBe(true);
  });

  it("a value under a 'when' clause says how another value is read: never an alternative that meets the requirement", () => {
    const osteo = m.indications.find((i) => /osteoporosis/i.test(i.title))!;
    const labs = flat(osteo.criteria).filter((c) => c.kind === "lab");
    expect(labs.some((c) => c.kind === "lab" && c.measure === "calcium")).toBe(true);
    expect(labs.some((c) => c.kind === "lab" && c.measure === "albumin")).toBe(false);
  });

  it("a request continuing teriparatide with it is not approved", () => {
    const d = decideText(
      treeOf(policy, "Examplamab"),
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplamab 60 mg every 6 months",
        "Diagnosis: M81.0 age-related osteoporosis. DOB 03/02/1950.",
        "DXA 08/01/2026: T-score -3.1 femoral neck. Calcium 9.4 mg/dL on 09/20/2026. Albumin 3.6 g/dL on 09/20/2026.",
        "Current medications: Forteo (teriparatide) 20 mcg daily - continue with Examplamab (combination therapy).",
      ].join("\n"),
      { diagnoses: [dx("M81.0", "age-related osteoporosis", true)] },
    );
    expect(d.decision.final_decision).not.toBe("approved");
  });
});
