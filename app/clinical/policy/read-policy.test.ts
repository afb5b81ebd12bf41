/**
 * The policy reader on every layout it supports: PBM outlines, health-plan clinical policies, CMS
 * Part D tables (labels before or after their content), one-sentence PBM indications, Medicaid PDL
 * bullets, UHC "-AND-/-OR-" outlines, Cigna "medically necessary when ONE of", Aetna lead-sentence
 * indications, step-therapy and quantity-limit programs; renewal sections are never read as
 * initial criteria.
 *
 * Ported from app/engine/policy/generate-tree.test.ts, new-styles.test.ts and the policy-reading
 * parts of review/generalisation.test.ts (7017c33). The old `branches` are now `indications`
 * (with `match.conditions`), criteria common to every indication are `common`, "concurrent_use"
 * exclusions are `current_therapy`, free-text criteria are `documentation`, and "3 months" is 91
 * days (codes/dates.ts: a month is 30.44 days; the evaluator allows 2 days' slack).
 */
import { describe, expect, it } from "vitest";
import type { Criterion, CriterionOf, PolicyIndication } from "../contracts";
import { docFromPages } from "../testing";
import { readPolicy, sentenceCriteria } from "./read-policy";
import * as F from "./new-styles.fixtures";
import * as P from "./policy.fixtures";

const read = (text: string, drugs: string[]) => readPolicy(docFromPages([text]), { drug_names: drugs });
/** criterion kinds, groups as { all: [...] } / { any: [...] } */
const kinds = (cs: Criterion[]): unknown[] => cs.map((c) => (c.kind === "all" || c.kind === "any" ? { [c.kind]: kinds(c.items) } : c.kind));
const indication = (is: PolicyIndication[], re: RegExp) => is.find((b) => re.test(b.title))!;
const allText = (is: PolicyIndication[]) => JSON.stringify(is.map((b) => b.criteria));
const items = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? c.items : []);
const asKind = <K extends Criterion["kind"]>(c: Criterion, kind: K): CriterionOf<K> => {
  expect(c.kind).toBe(kind);
  return c as CriterionOf<K>;
};

describe("readPolicy: PBM outline", () => {
  const m = read(P.PBM_WIDGETMAB, ["Widgetmab"]);

  it("reads the initial-therapy branch only, with a nested OR group", () => {
    expect(m.style).toBe("pbm_outline");
    expect(m.indications).toHaveLength(1);
    const b = m.indications[0];
    expect(b).toMatchObject({ title: "Rheumatoid Arthritis", duration: "6 months", understood: true });
    expect(b.match.conditions).toEqual(["rheumatoid arthritis"]);
    expect(kinds(b.criteria)).toEqual(["age", { any: ["prior_therapy", "contraindication"] }, "prescriber"]);
    expect(b.criteria[0]).toMatchObject({ kind: "age", min_years: 18, confidence: "high" });
    const pt = asKind(items(b.criteria[1])[0], "prior_therapy");
    // "for at least 3 months": 91 days (old engine: 90)
    expect(pt).toMatchObject({ min_days: 91, count: 1, allow_intolerance: false, confidence: "high" });
    // the Note's examples count
    expect(pt.drugs).toEqual(expect.arrayContaining(["methotrexate", "leflunomide", "sulfasalazine"]));
    expect(items(b.criteria[1])[1]).toMatchObject({ kind: "contraindication", drugs: ["methotrexate"], confidence: "high" });
    expect(b.criteria[2]).toMatchObject({ kind: "prescriber", specialties: ["rheumatologist"], confidence: "high" });
  });

  it("keeps continuation criteria apart and drops 'indications not listed' from the exclusions", () => {
    expect(allText(m.indications)).not.toMatch(/beneficial response|established on therapy/);
    expect(m.continuation.map((c) => c.text).join(" ")).toMatch(/Currently Receiving Widgetmab/);
    expect(m.exclusions).toHaveLength(1);
    expect(m.exclusions[0]).toMatchObject({ kind: "current_therapy", classes: ["biologic"], confidence: "high" });
    expect(m.unread).toEqual([]);
  });
});

describe("readPolicy: clinical policy", () => {
  it("reads several indications, approval durations and no continuation criteria", () => {
    const m = read(P.CLINICAL_EXAMPLUMAB, ["Examplumab"]);
    expect(m.style).toBe("clinical_policy");
    expect(m.indications.map((b) => b.title)).toEqual(["Asthma", "Chronic Spontaneous Urticaria"]);
    expect(m.indications.map((b) => b.duration)).toEqual(["6 months", "3 months"]);
    expect(kinds(m.indications[0].criteria)).toEqual(["diagnosis", "age", { any: ["lab", "diagnosis"] }]);
    expect(items(m.indications[0].criteria[2])[0]).toMatchObject({
      kind: "lab",
      measure: "eosinophils",
      op: ">=",
      value: 300,
      within_days: 365,
      confidence: "high",
    });
    expect(m.indications[1].criteria[1]).toMatchObject({ kind: "age", min_years: 12 });
    // "Non-FDA-approved indications" is not an exclusion criterion
    expect(m.exclusions).toHaveLength(0);
    expect(allText(m.indications)).not.toMatch(/responding positively/);
  });
});

describe("readPolicy: CMS Part D tables", () => {
  it("reads a table whose labels follow their content", () => {
    const m = read(P.PARTD_TRAILING, ["Glucosave"]);
    expect(m.style).toBe("part_d_table");
    expect(m.indications).toHaveLength(1);
    expect(m.indications[0].match.conditions).toEqual(["type 2 diabetes mellitus"]);
    // the path: criteria common to every indication (compiled first), then the indication's own
    const path = [...m.common, ...m.indications[0].criteria];
    expect(kinds(path)).toEqual(["age", { all: ["diagnosis", "lab"] }, { any: ["prior_therapy", "prior_therapy"] }]);
    expect(path[0]).toMatchObject({ min_years: 18, confidence: "high" });
    expect(items(path[1])[1]).toMatchObject({ kind: "lab", measure: "A1c", op: ">=", value: 6.5, within_days: 365 });
    // "Has taken metformin for at least 90 consecutive days, or has a documented intolerance to metformin"
    const [trial, intolerance] = items(path[2]);
    expect(trial).toMatchObject({ kind: "prior_therapy", drugs: ["metformin"], min_days: 90, confidence: "high" });
    expect(intolerance).toMatchObject({ kind: "prior_therapy", drugs: ["metformin"], require_intolerance: true, allow_intolerance: true, confidence: "high" });
    expect(m.exclusions.map((e) => e.text)).toEqual(["Use for weight loss or chronic weight management.", "Type 1 diabetes mellitus."]);
    expect(m.exclusions.map((e) => e.kind)).toEqual(["excluded_use", "excluded_use"]);
  });

  // Regression (found by the ported tests, fixed): Part D labels glued to the preceding cell ("older.Age Restrictions", "12 months.Coverage Duration") are not recognised: the coverage duration is lost and the age row swallows the rows after it.
  it("reads the coverage duration and the age row of a table whose labels are glued to their content", () => {
    const m = read(P.PARTD_TRAILING, ["Glucosave"]);
    // "18 years of age or older.Age Restrictions None.Prescriber Restrictions 12 months.Coverage Duration Other Criteria"
    expect(m.indications[0].duration).toBe("12 months.");
    expect([...m.common, ...m.indications[0].criteria][0].text).toBe("18 years of age or older.");
  });

  it("reads a table with labels before content, per-indication age and prescriber", () => {
    const m = read(P.PARTD_LEADING, ["Psorifix"]);
    expect(m.indications.map((b) => b.title)).toEqual(["Psoriatic arthritis (PsA)", "Plaque psoriasis (PsO)"]);
    const [psa, pso] = m.indications;
    expect(psa.match.conditions).toEqual(["psoriatic arthritis"]);
    expect(pso.match.conditions).toEqual(["plaque psoriasis"]);
    expect(psa.criteria.find((c) => c.kind === "age")).toMatchObject({ min_years: 18 });
    expect(pso.criteria.find((c) => c.kind === "age")).toMatchObject({ min_years: 6 });
    expect(psa.criteria.find((c) => c.kind === "prescriber")).toMatchObject({ specialties: ["rheumatologist"] });
    expect(pso.criteria.find((c) => c.kind === "prescriber")).toMatchObject({ specialties: ["dermatologist"] });
    expect(psa.criteria.find((c) => c.kind === "prior_therapy")).toMatchObject({ drugs: ["methotrexate"], min_days: 91 });
    expect(pso.criteria.find((c) => c.kind === "lab")).toMatchObject({ measure: "BSA", op: ">=", value: 10 });
    expect(m.exclusions[0]).toMatchObject({ kind: "current_therapy", drugs: ["secukinumab", "ustekinumab"], confidence: "high" });
  });

  it("splits '(1) ... (2) ...' into separate criteria and exclusions", () => {
    const m = read(P.PARTD_EXAMPLO, ["Examplo"]);
    // CHANGED: a bare condition in the exclusion list ("Type 1 diabetes mellitus") is an
    // excluded_use (old: diagnosis); a concurrent-use exclusion is current_therapy (old: concurrent_use)
    expect(m.exclusions.map((e) => e.kind)).toEqual(["excluded_use", "excluded_use", "current_therapy"]);
    expect(m.exclusions[0]).toMatchObject({ conditions: ["obesity"], unless_conditions: ["type 2 diabetes mellitus"] });
    expect(m.exclusions[2]).toMatchObject({ classes: ["GLP-1 receptor agonist"] });
    expect(kinds(m.indications[0].criteria)).toEqual(["age", { all: ["diagnosis", { any: ["lab", "lab"] }] }, "prior_therapy"]);
    // either lab supports the diagnosis
    expect(items(items(m.indications[0].criteria[1])[1]).map((l) => [l.kind === "lab" && l.measure, l.kind === "lab" && l.within_days])).toEqual([
      ["A1c", 180],
      ["fasting plasma glucose", 180],
    ]);
    expect(m.indications[0].criteria[2]).toMatchObject({ drugs: ["metformin"], min_days: 90, allow_contraindication: true });
    expect(m.indications[0].match.conditions).toContain("type 2 diabetes mellitus");
    expect(m.indications[0].duration).toBe("12 months.");
  });
});

describe("readPolicy: trial groups", () => {
  it("reads the 'NOT authorized' section as exclusions and drops continued therapy", () => {
    const m = read(P.CLINICAL_ZENTUMAB, ["Zentumab"]);
    expect(m.indications.map((b) => b.title)).toEqual(["Plaque Psoriasis", "Psoriatic Arthritis"]);
    expect(m.exclusions.map((e) => e.kind)).toEqual(["current_therapy"]);
    const pso = m.indications[0];
    expect(pso.criteria[2]).toMatchObject({ kind: "test_result", test: "tuberculosis screening", result: "negative", within_days: 365, confidence: "high" });
    expect(pso.criteria[3]).toMatchObject({ kind: "no_concurrent", classes: ["biologic", "targeted synthetic DMARD"], confidence: "high" });
  });

  // Regression (found by the ported tests, fixed): a trial-list header that names no drug itself ("Failure of at least one of the following, each used for >= 3 consecutive months, unless ... adverse effects (a or b):") is read as human_review, so its items lose the duration and intolerance allowance and become medium-confidence documentation.
  it("list items under a trial requirement inherit its duration and intolerance allowance", () => {
    const m = read(P.CLINICAL_ZENTUMAB, ["Zentumab"]);
    const group = m.indications[0].criteria[1];
    expect(kinds([group])).toEqual([{ any: ["prior_therapy", "prior_therapy"] }]);
    expect(items(group)[1]).toMatchObject({ kind: "prior_therapy", min_days: 91, allow_intolerance: true, confidence: "high" });
    expect(asKind(items(group)[1], "prior_therapy").drugs).toEqual(expect.arrayContaining(["methotrexate", "cyclosporine", "acitretin"]));
  });
});

describe("readPolicy: one-sentence indication sections (PBM)", () => {
  const m = read(F.PBM_ONE_SENTENCE, ["secukinumab", "cosentyx"]);

  it("reads every numbered indication, with or without child criteria", () => {
    expect(m.indications.map((b) => b.title)).toEqual([
      "Plaque Psoriasis",
      "Ankylosing Spondylitis",
      "Non-Radiographic Axial Spondyloarthritis",
      "Psoriatic Arthritis",
    ]);
    expect(m.indications.map((b) => b.duration)).toEqual(["3 months", "6 months", "6 months", "6 months"]);
    expect(m.indications[0].criteria[1]).toMatchObject({ kind: "prior_therapy", min_days: 91, allow_intolerance: true, count: 1 });
  });

  it("splits the 'if' clause into age, trial count and prescriber", () => {
    const as = indication(m.indications, /Ankylosing/);
    expect(kinds(as.criteria)).toEqual(["age", "prior_therapy", "prescriber"]);
    expect(as.criteria[0]).toMatchObject({ min_years: 18, confidence: "high" });
    expect(as.criteria[1]).toMatchObject({ classes: ["NSAID"], count: 2, min_days: 28, allow_intolerance: false, confidence: "high" });
    expect(as.criteria[2]).toMatchObject({ specialties: ["rheumatologist"] });
    expect(as.match.conditions).toEqual(["ankylosing spondylitis"]);
  });

  it("'; or if ...' gives alternatives; a single clause with 'or' stays one criterion", () => {
    const nr = indication(m.indications, /Non-Radiographic/);
    // CHANGED: free text ("objective signs of inflammation") is a medium-confidence documentation criterion (old: "text")
    expect(kinds(nr.criteria)).toEqual([{ any: [{ all: ["age", "documentation"] }, "documentation"] }]);
    expect(items(items(nr.criteria[0])[0])[1]).toMatchObject({ confidence: "medium", concepts: [["objective", "signs", "inflammation"]] });
    const psa = indication(m.indications, /Psoriatic/);
    expect(psa.criteria).toHaveLength(1);
    expect(psa.criteria[0]).toMatchObject({ kind: "prescriber", specialties: ["rheumatologist", "dermatologist"] });
  });

  it("commas inside a drug list do not split clauses", () => {
    const reader = { doc: docFromPages([""]), docName: "policy", ctx: { drugNames: ["secukinumab"] }, unread: [], continuation: [], renewals: [] };
    const cs = sentenceCriteria(
      "Approve for 12 months if the patient has tried methotrexate, leflunomide, or sulfasalazine for at least 3 months, and the medication is prescribed by a rheumatologist.",
      reader,
      null,
    );
    expect(kinds(cs)).toEqual(["prior_therapy", "prescriber"]);
    expect(cs[0]).toMatchObject({ drugs: expect.arrayContaining(["methotrexate", "leflunomide", "sulfasalazine"]), min_days: 91, confidence: "high" });
  });

  it("a one-sentence 'Initial Therapy' child of an indication is a branch titled by the indication", () => {
    const t = read(
      `RECOMMENDED AUTHORIZATION CRITERIA
1. Rheumatoid Arthritis. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient is ≥ 18 years of age and the medication is prescribed by a rheumatologist.
B) Patient is Currently Receiving Tofacitinib. Approve for 1 year if the patient has had a response.`,
      ["tofacitinib", "xeljanz"],
    );
    expect(t.indications.map((b) => [b.title, b.duration])).toEqual([["Rheumatoid Arthritis", "6 months"]]);
    expect(kinds(t.indications[0].criteria)).toEqual(["age", "prescriber"]);
  });
});

describe("readPolicy: Medicaid PDL bullet list", () => {
  const m = read(F.MEDICAID_PDL, ["omalizumab", "xolair"]);
  it("reads bullets under 'Clinical Criteria:' and the 'Length of Approval' line", () => {
    expect(m.indications).toHaveLength(1);
    expect(m.indications[0].match.conditions).toEqual(["asthma"]);
    expect(kinds(m.indications[0].criteria)).toEqual(["age", "diagnosis", "prescriber", "prior_therapy"]);
    expect(m.indications[0].criteria[0]).toMatchObject({ min_years: 6 });
    expect(m.indications[0].criteria[3]).toMatchObject({ classes: ["inhaled corticosteroid"], min_days: 91 });
    expect(m.indications[0].duration).toBe("12 months");
  });
  it("ignores the renewal criteria", () => {
    expect(allText(m.indications)).not.toMatch(/improvement in asthma control|continues to use/);
  });
  it("does not read bullets when numbered criteria exist (bullets there list products/dosing)", () => {
    const t = read(
      `Clinical Policy: Examplumab
I. Initial Approval Criteria
A. Asthma (must meet all):
1. Diagnosis of asthma;
2. Age ≥ 12 years;
Approval duration: 6 months
DOSAGE AND ADMINISTRATION
• Examplumab 100 mg every 4 weeks
• Examplumab 300 mg prefilled syringe`,
      ["examplumab"],
    );
    expect(kinds(t.indications[0].criteria)).toEqual(["diagnosis", "age"]);
  });
});

describe("readPolicy: UnitedHealthcare-style outline", () => {
  const m = read(F.UHC_STYLE, ["ustekinumab", "stelara"]);
  it("-AND- / -OR- connector lines and (1)/(a) nesting", () => {
    expect(m.indications.map((b) => b.title)).toEqual(["Crohn's Disease", "Plaque Psoriasis"]);
    const cd = m.indications[0];
    // CHANGED: the "ALL of the following" group is the indication's own criteria list (old: one "all" criterion)
    expect(kinds(cd.criteria)).toEqual(["diagnosis", { any: ["prior_therapy", "prior_therapy"] }, "prescriber"]);
    expect(items(cd.criteria[1])[0]).toMatchObject({
      drugs: expect.arrayContaining(["azathioprine", "mercaptopurine", "methotrexate"]),
      allow_intolerance: true,
      allow_contraindication: true,
    });
    expect(cd.duration).toBe("12 months");
    // connector words never leak into criterion text
    expect(allText(m.indications)).not.toMatch(/-AND-|-OR-|Authorization will be issued/);
  });
  it("ignores Reauthorization sections", () => {
    expect(allText(m.indications)).not.toMatch(/positive clinical response/);
  });
});

describe("readPolicy: Cigna-style 'medically necessary when ONE of the following'", () => {
  const m = read(F.CIGNA_STYLE, ["mepolizumab", "nucala"]);
  it("one indication each; trailing continuation/boilerplate paragraphs are not criteria", () => {
    expect(m.indications.map((b) => b.title)).toEqual(["Asthma", "Eosinophilic Granulomatosis with Polyangiitis (EGPA)"]);
    expect(indication(m.indications, /EGPA/).match.conditions).toContain("eosinophilic granulomatosis with polyangiitis");
    expect(allText(m.indications)).not.toMatch(/responded to therapy|site of care|ANY other use/);
  });
  // Regression (found by the ported tests, fixed): the EGPA indication also matches "vasculitis" (M31: GPA, microscopic polyangiitis) because "granulomatosis with polyangiitis" is a vasculitis alias inside "Eosinophilic Granulomatosis with Polyangiitis".
  it("the EGPA indication is EGPA only, not every vasculitis", () => {
    expect(indication(m.indications, /EGPA/).match.conditions).toEqual(["eosinophilic granulomatosis with polyangiitis"]);
  });
  it("'uncontrolled despite ICS in combination with LABA for 3 months' is a trial of both, not concurrent use", () => {
    const asthma = indication(m.indications, /Asthma/);
    expect(asthma.criteria[2]).toMatchObject({
      kind: "prior_therapy",
      all_classes: true,
      min_days: 91,
      class_groups: [["inhaled corticosteroid"], ["long-acting beta agonist"]],
      confidence: "high",
    });
    expect(asthma.criteria[1]).toMatchObject({ kind: "lab", measure: "eosinophils", op: ">=", value: 150, within_days: 42, confidence: "high" });
  });
});

describe("readPolicy: Aetna-style lead sentence and baseline labs", () => {
  const m = read(F.AETNA_STYLE, ["inclisiran", "leqvio"]);
  it("the indication in the lead sentence becomes the indication and a diagnosis requirement", () => {
    expect(m.indications).toHaveLength(1);
    expect(m.indications[0].match.conditions).toEqual(["heterozygous familial hypercholesterolemia"]);
    expect(m.indications[0].criteria[0]).toMatchObject({ kind: "diagnosis", icd10: ["E78.01"], confidence: "high" });
    expect(m.indications[0].duration).toBe("12 months");
    expect(allText(m.indications)).not.toMatch(/reduction in LDL-C/);
  });
  it("untreated / pre-treatment LDL-C is a baseline lab; the current LDL-C is not", () => {
    const labs = m.indications[0].criteria.filter((c): c is CriterionOf<"lab"> => c.kind === "lab");
    expect(labs.map((l) => [l.value, l.baseline ?? false, l.within_days])).toEqual([
      [190, true, null],
      [70, false, 90],
    ]);
    expect(m.indications[0].criteria.find((c) => c.kind === "prior_therapy")).toMatchObject({ classes: ["statin"], min_days: 56, allow_intolerance: true });
  });
});

describe("readPolicy: step therapy and quantity limit programs", () => {
  it("names the Step 1 drugs in the step rule", () => {
    const m = read(F.STEP_THERAPY, ["empagliflozin", "jardiance"]);
    expect(m.style).toBe("step_therapy");
    expect(kinds(m.indications[0].criteria)).toEqual([{ any: ["prior_therapy", "prior_therapy"] }]);
    const [trial, intol] = items(m.indications[0].criteria[0]);
    expect(trial).toMatchObject({ drugs: ["metformin"], min_days: 90, confidence: "high" });
    expect(intol).toMatchObject({ drugs: ["metformin"], allow_intolerance: true, allow_contraindication: true, confidence: "high" });
    expect(m.indications[0].duration).toBe("12 months");
    // NEW: a program that names no indication is not "understood": it never approves on its own
    expect(m.indications[0].understood).toBe(false);
  });
  it("a quantity-limit-only policy: within the limit, or the documented reason for more", () => {
    const m = read(F.QUANTITY_LIMIT, ["rimegepant", "nurtec"]);
    expect(m.style).toBe("quantity_limit");
    expect(kinds(m.indications[0].criteria)).toEqual([{ any: ["quantity_limit", "lab"] }]);
    expect(items(m.indications[0].criteria[0])[0]).toMatchObject({ amount: 16, unit: "tablets", period_days: 30, confidence: "high" });
    expect(items(m.indications[0].criteria[0])[1]).toMatchObject({ kind: "lab", measure: "headache days per month", op: ">=", value: 15 });
    expect(m.indications[0].understood).toBe(false);
  });
});

describe("readPolicy: indications the reader cannot tie to a condition", () => {
  it("'All FDA-approved indications' is not understood", () => {
    const m = read(
      `Examplo PA Criteria
PA Criteria: Criteria Details
Covered Uses: All FDA-approved indications not otherwise excluded.
Exclusion Criteria: None.
Required Medical Information: Trial of metformin for at least 90 days.
Age Restrictions: 18 years of age and older.
Coverage Duration: 12 months.`,
      ["Examplo"],
    );
    expect(m.indications).toHaveLength(1);
    expect(m.indications[0]).toMatchObject({ understood: false, match: { conditions: [], icd10: [] } });
  });
});

describe("indications written as a heading line with a lead-in paragraph, and 'without' in a title", () => {
  const policy = [
    "Criteria for Initial Approval",
    "Examplo is medically necessary for the following indications in members 18 years of age or older:",
    "A. Clinical atherosclerotic cardiovascular disease (ASCVD)",
    "For members with clinical ASCVD (history of acute coronary syndrome, myocardial infarction, stable or unstable angina,",
    "coronary or other arterial revascularization, stroke, transient ischemic attack, or peripheral arterial disease of atherosclerotic",
    "origin) when ALL of the following criteria are met:",
    "1. The member has an LDL-C of 70 mg/dL or greater, drawn within the 90 days before the request; and",
    "2. Has been receiving a high-intensity statin together with ezetimibe for at least 8 consecutive weeks.",
    "B. Primary hyperlipidemia without ASCVD or HeFH",
    "1. Untreated (pre-treatment) LDL-C of 190 mg/dL or greater.",
    "Approval duration: 12 months.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });

  it("keeps the indication whose heading line is followed by a long lead-in paragraph (it was dropped, leaving its patients no path)", () => {
    expect(m.indications.map((i) => i.title)).toEqual([
      "Clinical atherosclerotic cardiovascular disease (ASCVD)",
      "Primary hyperlipidemia without ASCVD or HeFH",
    ]);
    expect(m.indications[0].match.conditions).toEqual(["atherosclerotic cardiovascular disease"]);
    expect(m.indications[0].criteria.map((c) => c.kind)).toEqual(["lab", "prior_therapy"]);
  });

  it("'has been receiving A together with B for at least 8 weeks' is a trial of both, not any current use of either", () => {
    const trial = m.indications[0].criteria[1] as CriterionOf<"prior_therapy">;
    expect(trial).toMatchObject({ kind: "prior_therapy", all_classes: true, min_days: 56 });
  });

  it("conditions after 'without' are what the indication is not, never what it matches", () => {
    expect(m.indications[1].match.conditions).not.toContain("atherosclerotic cardiovascular disease");
    expect(m.indications[1].match.conditions).not.toContain("heterozygous familial hypercholesterolemia");
  });
});

describe("readPolicy: definitions and paragraphs the plan says do not apply", () => {
  const POLICY = [
    "Home Oxygen Concentrator Coverage",
    "Criteria",
    "The concentrator is medically necessary when ALL of the following are met:",
    "1. Resting oxygen saturation is 88% or lower on room air.",
    "2. Desaturation is defined as a fall of the oxygen saturation by 4 points from baseline for 5 minutes.",
    "3. A face-to-face evaluation by the treating practitioner within 30 days before the order is documented.",
    "4. Limited coverage under a registry study for members who meet none of the criteria above. [Not applicable to plan members.]",
  ].join("\n");
  it("reads neither a definition nor a not-applicable paragraph as a requirement", () => {
    const model = read(POLICY, ["home oxygen concentrator"]);
    const text = JSON.stringify([...model.indications.map((i) => i.criteria), model.common]);
    expect(text).toMatch(/Resting oxygen saturation/);
    expect(text).toMatch(/face-to-face evaluation/);
    expect(text).not.toMatch(/Desaturation is defined as/);
    expect(text).not.toMatch(/registry study/);
  });
});
