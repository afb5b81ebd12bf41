/**
 * Classes behind the first runs of stop 43 (the blind sets hudson-ny and cumberland-tenncare) and the
 * wasatch-ut pends, asserted on synthetic texts (drugs and conditions other than the sets'):
 * 1. vocabulary: schizoaffective and schizophreniform disorder are not schizophrenia; "bipolar
 *    depression" is bipolar disorder, never major depressive disorder; bulimia / anorexia nervosa;
 * 2. a PBM card's "REVIEWER NOTES" are no criteria; "None of the NOT APPROVABLE items applies" is the
 *    exclusion list (dropped as a criterion when the exclusions were read, kept otherwise);
 * 3. "Any diagnosis other than X, including A, B" excludes A and B unless X;
 * 4. a form's question printed with both answers ("…? Yes No") states nothing: no evidence of what it
 *    names, no diagnosis code from a code family ("F20.x"); a negation that ends the line before is read;
 * 5. counts and durations are thresholds: "7 or more such episodes", "for 3 months or longer" are never
 *    met by their words; a lifetime dose cap is met when the earlier doses and those requested stay within it;
 * 6. "The patient is not taking opioids" is no opioid trial (it had failed "no opioid tried" and denied);
 * 7. "a hemoglobin below the LLN, and a ferritin below 100 or a TSAT below 20%": the LLN limit and ONE of
 *    the two (the ferritin had been required with the TSAT, and a ferritin of 142 denied);
 * 8. a policy read down to a background paragraph's "approved for X" has no criteria (a diagnosis alone
 *    had approved);
 * 9. an exclusion for one sex ("osteoporosis in men") does not apply to a member of the other;
 * 10. a rule against two products of the requested drug does not apply when the course under way is
 *    stated to stop as the requested one starts.
 */
import { describe, expect, it } from "vitest";
import { conditionsForCode, conditionsNamedIn } from "../vocabulary/conditions";
import { parseCriterion, parseExclusion } from "../policy/parse-criterion";
import { readPolicy } from "../policy/read-policy";
import { docFromPages, emptyFacts } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { caseConditions } from "./case-conditions";
import { evalContext, evaluateCriterion } from "./evaluate";
import type { CaseFacts, Criterion } from "../contracts";

const DAY = "2026-11-05";
/** the evaluation context of a one-page fax of `lines` */
const ctxOf = (lines: string[], facts: CaseFacts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY), facts, requestDate: DAY, requestedNames: ["Examplo"] });
const doc = (text: string): Criterion => ({ kind: "documentation", text, concepts: [], absence: false, confidence: "medium" }) as Criterion;

describe("psychiatric diagnoses", () => {
  it("keeps schizoaffective and schizophreniform disorder apart from schizophrenia", () => {
    expect(conditionsForCode("F25.0").map((c) => c.name)).toEqual(["schizoaffective disorder"]);
    expect(conditionsForCode("F20.81").map((c) => c.name)).toEqual(["schizophreniform disorder"]);
    expect(conditionsForCode("F20.9").map((c) => c.name)).toEqual(["schizophrenia"]);
    expect(conditionsNamedIn("Schizoaffective disorder, bipolar type").map((c) => c.name)).not.toContain("schizophrenia");
  });
  it("reads bipolar depression as bipolar disorder only, and names the eating disorders", () => {
    expect(conditionsNamedIn("Treatment of bipolar depression").map((c) => c.name)).toEqual(["bipolar disorder"]);
    expect(conditionsNamedIn("Treatment of bipolar I depression").map((c) => c.name)).toEqual(["bipolar disorder"]);
    expect(conditionsNamedIn("major depression, recurrent").map((c) => c.name)).toEqual(["major depressive disorder"]);
    expect(conditionsNamedIn("history of bulimia nervosa or anorexia nervosa").map((c) => c.name)).toEqual(["bulimia nervosa", "anorexia nervosa"]);
  });
});

describe("a PBM criteria card", () => {
  const card = (withExclusions: boolean) =>
    readPolicy(
      docFromPages([
        [
          "CLINICAL CRITERIA CARD CC-0999",
          "Examplo (examplozumab) tablets",
          "APPROVE WHEN ALL APPLY",
          "1. Member is 18 years of age or older.",
          "2. Diagnosis of major depressive disorder.",
          "3. None of the NOT APPROVABLE items applies.",
          ...(withExclusions
            ? ["NOT APPROVABLE", "- Treatment of bipolar depression.", "- Current or prior diagnosis of bulimia nervosa or anorexia nervosa."]
            : []),
          "REVIEWER NOTES",
          "a. A trial counts only when the drug, the dose and the length of use are documented.",
          "b. Patient preference, cost or convenience is not intolerance.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
  it("reads no reviewer note as a criterion", () => {
    const text = JSON.stringify(card(true).indications.map((i) => i.criteria));
    expect(text).not.toMatch(/A trial counts only|Patient preference/);
  });
  it("drops the reference to the exclusion list when the list was read, and keeps it otherwise", () => {
    const read = card(true);
    expect(JSON.stringify(read.indications.map((i) => i.criteria))).not.toContain("NOT APPROVABLE items");
    expect(read.exclusions.map((e) => e.kind)).toEqual(["excluded_use", "excluded_use"]);
    expect(read.exclusions[0]).toMatchObject({ conditions: ["bipolar disorder"] });
    expect(JSON.stringify(card(false).indications.map((i) => i.criteria))).toContain("NOT APPROVABLE items");
  });
});

describe("an exclusion of every diagnosis but one", () => {
  it("excludes the listed diagnoses unless the covered one", () => {
    const ex = parseExclusion(
      "Any diagnosis other than schizophrenia, including schizoaffective disorder, schizophreniform disorder or bipolar disorder with psychotic features.",
      {
        drugNames: ["Examplo"],
      },
    );
    expect(ex).toMatchObject({ kind: "excluded_use", unless_conditions: ["schizophrenia"] });
    expect(ex.kind === "excluded_use" && ex.conditions).toEqual(["schizoaffective disorder", "schizophreniform disorder", "bipolar disorder"]);
    const facts = emptyFacts({ diagnoses: [{ code: "F25.0", description: "Schizoaffective disorder, bipolar type", primary: true, citations: [] }] });
    const ctx = ctxOf(["Diagnosis: Schizoaffective disorder, bipolar type ICD-10 F25.0"], facts);
    expect(evaluateCriterion(ex, ctx, "exclusion", { conditions: ["schizophrenia"], icd10: ["F20"] }).outcome).toBe("met");
  });
});

describe("a form's question printed with both answers", () => {
  it("is no evidence of what it names", () => {
    const spec = parseExclusion("Current or prior diagnosis of pheochromocytoma.", { drugNames: ["Examplo"] });
    const asked = ctxOf(["5. Current or prior pheochromocytoma? Yes No", "Comments: none"]);
    expect(evaluateCriterion(spec, asked, "exclusion").outcome).not.toBe("met");
    const stated = ctxOf(["Assessment: pheochromocytoma resected 2019."]);
    expect(evaluateCriterion(spec, stated, "exclusion").outcome).not.toBe("not_met");
    // as a requirement, the question does not document it either
    const req = doc("Documentation of a completed sleep diary");
    (req as { concepts: string[][] }).concepts = [["sleep", "diary"]];
    expect(evaluateCriterion(req, ctxOf(["3. Completed sleep diary attached? Yes No"])).outcome).toBe("insufficient");
    expect(evaluateCriterion(req, ctxOf(["A completed sleep diary (14 nights) is attached."])).outcome).toBe("met");
  });
  it("gives no diagnosis code from a code family in the question", () => {
    const idx = buildCaseIndex(
      docFromPages(["Diagnosis Schizoaffective disorder, bipolar type ICD-10 F25.0\n2. Diagnosis of schizophrenia (F20.x)? Yes No"]),
      DAY,
    );
    const codes = caseConditions(emptyFacts(), idx).map((c) => c.code);
    expect(codes).toContain("F25.0");
    expect(codes).not.toContain("F20");
  });
  it("reads a negation that ends the line before the name", () => {
    const spec = parseExclusion("A monoamine oxidase inhibitor (MAOI) taken within the past 14 days.", { drugNames: ["Examplo"] });
    const ctx = ctxOf(["Bupropion will be stopped the day Examplo starts. No seizures, no eating disorder, no", "MAOI. Note attached."]);
    expect(evaluateCriterion(spec, ctx, "exclusion").outcome).toBe("not_met");
  });
  it("does not carry a form's answer column into the next line", () => {
    const req = doc("HBV screening has been completed");
    (req as { concepts: string[][] }).concepts = [["hbv", "screening", "completed"]];
    const ctx = ctxOf(["Currently on another disease-modifying therapy [ ] Yes [X] No", "HBV screening completed before the first dose [X] Yes [ ] No"]);
    expect(evaluateCriterion(req, ctx).outcome).toBe("met");
  });
});

describe("counts and durations", () => {
  it("never meets a count or a minimum duration by its words", () => {
    const count = parseCriterion("7 or more such episodes of tonsillitis in the 12 months before the surgical consultation", "", { drugNames: [] });
    expect(evaluateCriterion(count, ctxOf(["Recurrent episodes of tonsillitis since the surgical consultation in 2025."])).outcome).toBe("insufficient");
    const lasting = doc("Bilateral otitis media with effusion present for 3 months or longer with hearing difficulty");
    (lasting as { concepts: string[][] }).concepts = [
      ["bilateral", "otitis", "media"],
      ["hearing", "difficulty"],
    ];
    expect(evaluateCriterion(lasting, ctxOf(["Bilateral otitis media with effusion; hearing difficulty at school."])).outcome).toBe("insufficient");
  });
  it("counts a table of dated visits", () => {
    const c = parseCriterion("Participation in a supervised program with at least 4 visits", "", { drugNames: [] });
    const rows = [
      "Supervised program (physician-supervised)",
      "Visit Weight (kg) Counselling",
      "01/13/2026 121.9 diet",
      "02/10/2026 121.0 diet",
      "03/10/2026 120.4 diet",
      "04/14/2026 119.6 diet",
    ];
    expect(evaluateCriterion(c, ctxOf(rows)).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(rows.slice(0, 5))).outcome).toBe("insufficient");
  });
  it("meets a lifetime dose cap only when the earlier doses and the doses requested stay within it", () => {
    const cap = parseCriterion("The total number of examplozumab doses, including doses given before enrollment, will not exceed 12.", "", {
      drugNames: ["Examplo"],
    });
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 0"])).outcome).toBe("met");
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 12"])).outcome).toBe("insufficient");
    expect(evaluateCriterion(cap, ctxOf(["No earlier doses: first course."])).outcome).toBe("met");
    expect(evaluateCriterion(cap, ctxOf(["Examplozumab requested for 12 monthly doses."])).outcome).toBe("insufficient");
    // the doses requested count: 11 earlier + 12 asked is over a cap of 12
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 11", "Sig: 210 mg SC monthly x 12 months"])).outcome).toBe(
      "insufficient",
    );
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 4", "Remaining course: for 8 doses"])).outcome).toBe("met");
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 4"])).outcome).toBe("insufficient");
    expect(evaluateCriterion(cap, ctxOf(["Number of examplozumab doses previously received 0", "Monthly x 12"])).outcome).toBe("met");
  });
});

describe("a drug the member must not be taking", () => {
  it("is a concurrent-use rule, never a trial", () => {
    const c = parseCriterion("The patient is not taking opioids and is not in acute opioid withdrawal.", "", { drugNames: ["Examplo"] });
    expect(c).toMatchObject({ kind: "no_concurrent", classes: ["opioid"] });
    const ctx = ctxOf(["Medications: lithium 600 mg daily. No opioids; urine drug screen negative 10/21/2026."]);
    expect(evaluateCriterion(c, ctx).outcome).not.toBe("not_met");
  });
});

describe("two measured limits joined by 'or' in an 'and' sentence", () => {
  it("requires the relative limit and one of the two", () => {
    const c = parseCriterion(
      "Iron deficiency anemia is documented by laboratory results obtained within the 60 days before the request: a hemoglobin below the laboratory's lower limit of normal, and a serum ferritin below 100 ng/mL or a transferrin saturation (TSAT) below 20%.",
      "",
      { drugNames: ["Examplo"] },
    );
    expect(c.kind).toBe("all");
    const items = c.kind === "all" ? c.items : [];
    expect(items.map((i) => i.kind)).toEqual(["lab", "any"]);
    expect(items[0]).toMatchObject({ measure: "hemoglobin", relative: "lower" });
  });
});

describe("a policy read down to a background paragraph", () => {
  it("has no criteria to approve on", () => {
    const p = readPolicy(
      docFromPages([
        [
          "STATE PHARMACY PROGRAM WORKSHEET",
          "Q Question Approvable answer Documentation / notes",
          "A1 Is the patient enrolled in the program? Yes Attestation accepted.",
          "PROGRAM NOTES (background - not criteria)",
          "Examplo was approved for narcolepsy in patients 7 years and older. Respiratory depression and CNS depression are boxed warnings.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const criteria = p.indications.flatMap((i) => i.criteria);
    expect(criteria.every((c) => c.kind !== "diagnosis")).toBe(true);
  });
});

describe("an exclusion for one sex", () => {
  it("does not apply to a member of the other", () => {
    const ex = parseExclusion("Osteoporosis in men.", { drugNames: ["Examplo"] });
    const woman = emptyFacts({ diagnoses: [{ code: "M81.0", description: "Osteoporosis", primary: true, citations: [] }] });
    woman.patient.gender = "female";
    const covered = { conditions: ["osteoporosis"], icd10: ["M81"] };
    expect(evaluateCriterion(ex, ctxOf(["Dx: M81.0 postmenopausal osteoporosis"], woman), "exclusion", covered).outcome).toBe("not_met");
    const unknown = emptyFacts({ diagnoses: woman.diagnoses });
    expect(evaluateCriterion(ex, ctxOf(["Dx: M81.0 osteoporosis"], unknown), "exclusion", covered).outcome).toBe("insufficient");
  });
});

describe("two products of the requested drug", () => {
  it("are not used together when the course under way stops as the requested one starts", () => {
    const ex = parseExclusion(
      "Use together with another bupropion-containing product. A bupropion product that is stopped when Examplo is started is not used together.",
      {
        drugNames: ["Examplo", "bupropion"],
      },
    );
    const ctx = (lines: string[]) =>
      evalContext({
        idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY),
        facts: emptyFacts(),
        requestDate: DAY,
        requestedNames: ["Examplo", "bupropion"],
      });
    const course = "Current medications: bupropion XL 300 mg daily since 06/15/2026, still taking.";
    expect(evaluateCriterion(ex, ctx([course, "Bupropion XL will be stopped the day Examplo starts."]), "exclusion").outcome).toBe("not_met");
    expect(evaluateCriterion(ex, ctx([course]), "exclusion").outcome).toBe("insufficient");
  });
});
