/**
 * Policy layouts and wordings not in the dev set: one-sentence PBM indication sections, Medicaid PDL
 * bullet lists, UHC "-AND-/-OR-" outlines, Cigna "medically necessary when ONE of", Aetna lead-sentence
 * indications, step-therapy and quantity-limit programs, renewal sections that must be ignored.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree, readPolicy, sentenceCriteria, type PolicyBranch } from "./generate-tree";
import { parseCriterion, parseMaxDose, parseQuantityLimit, type CriterionSpec } from "./criterion";
import { docFromPages } from "../harness/synthetic";
import * as F from "./new-styles.fixtures";

const read = (text: string, drugs: string[]) => readPolicy(docFromPages([text]), { drug_names: drugs });
const kinds = (cs: CriterionSpec[]): unknown[] => cs.map((c) => (c.kind === "all" || c.kind === "any" ? { [c.kind]: kinds(c.items) } : c.kind));
const branch = (bs: PolicyBranch[], re: RegExp) => bs.find((b) => re.test(b.title))!;
const allText = (bs: PolicyBranch[]) => JSON.stringify(bs.map((b) => b.criteria));
const ctx = { drugNames: ["secukinumab"] };

describe("one-sentence indication sections (PBM)", () => {
  const m = read(F.PBM_ONE_SENTENCE, ["secukinumab", "cosentyx"]);

  it("reads every numbered indication, with or without child criteria", () => {
    expect(m.branches.map((b) => b.title)).toEqual(["Plaque Psoriasis", "Ankylosing Spondylitis", "Non-Radiographic Axial Spondyloarthritis", "Psoriatic Arthritis"]);
    expect(m.branches.map((b) => b.duration)).toEqual(["3 months", "6 months", "6 months", "6 months"]);
  });

  it("splits the 'if' clause into age, trial count and prescriber", () => {
    const as = branch(m.branches, /Ankylosing/);
    expect(kinds(as.criteria)).toEqual(["age", "prior_therapy", "prescriber"]);
    expect(as.criteria[0]).toMatchObject({ min_years: 18 });
    expect(as.criteria[1]).toMatchObject({ classes: ["NSAID"], count: 2, min_days: 28 });
    expect(as.criteria[2]).toMatchObject({ specialties: ["rheumatologist"] });
    expect(as.indication.conditions).toEqual(["ankylosing spondylitis"]);
  });

  it("'; or if ...' gives alternatives; a single clause with 'or' stays one criterion", () => {
    const nr = branch(m.branches, /Non-Radiographic/);
    expect(kinds(nr.criteria)).toEqual([{ any: [{ all: ["age", "text"] }, "text"] }]);
    const psa = branch(m.branches, /Psoriatic/);
    expect(psa.criteria).toHaveLength(1);
    expect(psa.criteria[0]).toMatchObject({ kind: "prescriber", specialties: ["rheumatologist", "dermatologist"] });
  });

  it("commas inside a drug list do not split clauses", () => {
    const cs = sentenceCriteria(
      "Approve for 12 months if the patient has tried methotrexate, leflunomide, or sulfasalazine for at least 3 months, and the medication is prescribed by a rheumatologist.",
      ctx,
      null,
    );
    expect(kinds(cs)).toEqual(["prior_therapy", "prescriber"]);
    expect(cs[0]).toMatchObject({ drugs: expect.arrayContaining(["methotrexate", "leflunomide", "sulfasalazine"]), min_days: 90 });
  });

  it("a one-sentence 'Initial Therapy' child of an indication is a branch titled by the indication", () => {
    const P = `RECOMMENDED AUTHORIZATION CRITERIA
1. Rheumatoid Arthritis. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient is ≥ 18 years of age and the medication is prescribed by a rheumatologist.
B) Patient is Currently Receiving Tofacitinib. Approve for 1 year if the patient has had a response.`;
    const t = read(P, ["tofacitinib", "xeljanz"]);
    expect(t.branches.map((b) => [b.title, b.duration])).toEqual([["Rheumatoid Arthritis", "6 months"]]);
    expect(kinds(t.branches[0].criteria)).toEqual(["age", "prescriber"]);
  });
});

describe("Medicaid PDL bullet list", () => {
  const m = read(F.MEDICAID_PDL, ["omalizumab", "xolair"]);
  it("reads bullets under 'Clinical Criteria:' and the 'Length of Approval' line", () => {
    expect(m.branches).toHaveLength(1);
    expect(kinds(m.branches[0].criteria)).toEqual(["age", "diagnosis", "prescriber", "prior_therapy"]);
    expect(m.branches[0].duration).toBe("12 months");
  });
  it("ignores the renewal criteria", () => {
    expect(allText(m.branches)).not.toMatch(/improvement in asthma control|continues to use/);
  });
  it("does not read bullets when numbered criteria exist (bullets there list products/dosing)", () => {
    const P = `Clinical Policy: Examplumab
I. Initial Approval Criteria
A. Asthma (must meet all):
1. Diagnosis of asthma;
2. Age ≥ 12 years;
Approval duration: 6 months
DOSAGE AND ADMINISTRATION
• Examplumab 100 mg every 4 weeks
• Examplumab 300 mg prefilled syringe`;
    const t = read(P, ["examplumab"]);
    expect(kinds(t.branches[0].criteria)).toEqual(["diagnosis", "age"]);
  });
});

describe("UnitedHealthcare-style outline", () => {
  const m = read(F.UHC_STYLE, ["ustekinumab", "stelara"]);
  it("-AND- / -OR- connector lines and (1)/(a) nesting", () => {
    expect(m.branches.map((b) => b.title)).toEqual(["Crohn's Disease", "Plaque Psoriasis"]);
    const cd = m.branches[0];
    expect(kinds(cd.criteria)).toEqual([{ all: ["diagnosis", { any: ["prior_therapy", "prior_therapy"] }, "prescriber"] }]);
    expect(cd.duration).toBe("12 months");
    // connector words never leak into criterion text
    expect(allText(m.branches)).not.toMatch(/-AND-|-OR-|Authorization will be issued/);
  });
  it("ignores Reauthorization sections", () => {
    expect(allText(m.branches)).not.toMatch(/positive clinical response/);
  });
});

describe("Cigna-style 'medically necessary when ONE of the following'", () => {
  const m = read(F.CIGNA_STYLE, ["mepolizumab", "nucala"]);
  it("one branch per indication; trailing continuation/boilerplate paragraphs are not criteria", () => {
    expect(m.branches.map((b) => b.title)).toEqual(["Asthma", "Eosinophilic Granulomatosis with Polyangiitis (EGPA)"]);
    expect(branch(m.branches, /EGPA/).indication.conditions).toEqual(["eosinophilic granulomatosis with polyangiitis"]);
    expect(allText(m.branches)).not.toMatch(/responded to therapy|site of care|ANY other use/);
  });
  it("'uncontrolled despite ICS in combination with LABA for 3 months' is a trial of both, not concurrent use", () => {
    const c = branch(m.branches, /Asthma/).criteria[2];
    expect(c).toMatchObject({ kind: "prior_therapy", all_classes: true, min_days: 90 });
    expect(branch(m.branches, /Asthma/).criteria[1]).toMatchObject({ kind: "lab", measure: "eosinophils", within_days: 42 });
  });
});

describe("Aetna-style lead sentence and baseline labs", () => {
  const m = read(F.AETNA_STYLE, ["inclisiran", "leqvio"]);
  it("the indication in the lead sentence becomes the branch and a diagnosis requirement", () => {
    expect(m.branches).toHaveLength(1);
    expect(m.branches[0].indication.conditions).toEqual(["heterozygous familial hypercholesterolemia"]);
    expect(m.branches[0].criteria[0]).toMatchObject({ kind: "diagnosis", icd10: ["E78.01"] });
    expect(m.branches[0].duration).toBe("12 months");
    expect(allText(m.branches)).not.toMatch(/reduction in LDL-C/);
  });
  it("untreated / pre-treatment LDL-C is a baseline lab; the current LDL-C is not", () => {
    const labs = m.branches[0].criteria.filter((c) => c.kind === "lab") as Extract<CriterionSpec, { kind: "lab" }>[];
    expect(labs.map((l) => [l.value, l.qualifier ?? null, l.within_days])).toEqual([[190, "baseline", null], [70, null, 90]]);
    expect(parseCriterion("Baseline LDL-C ≥ 160 mg/dL prior to starting therapy", "", ctx)).toMatchObject({ kind: "lab", qualifier: "baseline" });
  });
});

describe("step therapy and quantity limit programs", () => {
  it("names the Step 1 drugs in the step rule", () => {
    const m = read(F.STEP_THERAPY, ["empagliflozin", "jardiance"]);
    expect(kinds(m.branches[0].criteria)).toEqual([{ any: ["prior_therapy", "prior_therapy"] }]);
    const [trial, intol] = (m.branches[0].criteria[0] as { items: CriterionSpec[] }).items;
    expect(trial).toMatchObject({ drugs: ["metformin"], min_days: 90 });
    expect(intol).toMatchObject({ drugs: ["metformin"], allow_intolerance: true, allow_contraindication: true });
    expect(m.branches[0].duration).toBe("12 months");
  });
  it("a quantity-limit-only policy: within the limit, or the documented reason for more", () => {
    const m = read(F.QUANTITY_LIMIT, ["rimegepant", "nurtec"]);
    expect(kinds(m.branches[0].criteria)).toEqual([{ any: ["quantity_limit", "lab"] }]);
    expect((m.branches[0].criteria[0] as { items: CriterionSpec[] }).items[0]).toMatchObject({ amount: 16, unit: "tablets", period_days: 30 });
  });
  it("parses quantity limits and maximum doses", () => {
    expect(parseQuantityLimit("QL: 4 syringes/28 days")).toMatchObject({ amount: 4, period_days: 28 });
    expect(parseQuantityLimit("Limited to 2 pens per 28 days")).toMatchObject({ amount: 2, unit: "pens", period_days: 28 });
    expect(parseQuantityLimit("Patient has tried two triptans")).toBeNull();
    expect(parseMaxDose("Dose does not exceed 300 mg every 2 weeks")).toEqual({ mg: 300, per_days: 14 });
    expect(parseCriterion("Requested dose does not exceed 1.8 mg daily", "", ctx)).toMatchObject({ kind: "dose_limit", max: { mg: 1.8, per_days: 1 } });
  });
  it("every new layout compiles to a tree with an approve leaf per branch", () => {
    for (const [name, text] of Object.entries(F)) {
      const t = generateDecisionTree(docFromPages([text]), { drug_names: ["x"] });
      expect(t.nodes.filter((n) => n.node_action === "approved").length, name).toBeGreaterThan(0);
      expect(t.nodes.filter((n) => (n.criterion as { role?: string } | null)?.role === "criterion").length, name).toBeGreaterThan(0);
    }
  });
});
