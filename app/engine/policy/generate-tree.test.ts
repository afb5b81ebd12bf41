import { describe, expect, it } from "vitest";
import { generateDecisionTree, readPolicy } from "./generate-tree";
import { parseCriterion, parseMinDuration, parseRecency, parseThresholds, type CriterionSpec } from "./criterion";
import { docFromPages } from "../harness/synthetic";

const PBM = `PRIOR AUTHORIZATION POLICY
POLICY: Widgetmab Prior Authorization Policy
RECOMMENDED AUTHORIZATION CRITERIA
1. Rheumatoid Arthritis. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i, ii, and iii):
i. Patient is ≥ 18 years of age; AND
ii. Patient meets ONE of the following (a or b):
a) Patient has tried one conventional synthetic disease-modifying antirheumatic drug (csDMARD) for at
least 3 months; OR
Note: Examples are methotrexate, leflunomide and sulfasalazine.
b) Patient has a contraindication to methotrexate, as determined by the prescriber; AND
iii. The medication is prescribed by or in consultation with a rheumatologist.
B) Patient is Currently Receiving Widgetmab. Approve for 1 year if the patient meets ALL of the following (i and ii):
i. Patient has been established on therapy for at least 6 months; AND
ii. Patient has experienced a beneficial response.
CONDITIONS NOT RECOMMENDED FOR APPROVAL
1. Concurrent use with another biologic (e.g., etanercept, secukinumab).
2. Indications not listed in this policy.
REFERENCES
1. Someone A. A paper. 2020.`;

const CLINICAL = `Clinical Policy: Examplumab
Policy/Criteria
I. Initial Approval Criteria
A. Asthma (must meet all):
1. Diagnosis of moderate-to-severe asthma;
2. Age ≥ 12 years;
3. Member has ONE of the following:
a. Blood eosinophil count ≥ 300 cells/μL on a result dated within the past 12 months;
b. Oral corticosteroid-dependent asthma;
Approval duration: 6 months
B. Chronic Spontaneous Urticaria (must meet all):
1. Diagnosis of chronic spontaneous urticaria;
2. Age ≥ 12 years;
Approval duration: 3 months
II. Continued Therapy
A. All Indications in Section I (must meet all):
1. Member is responding positively to therapy;
III. Diagnoses/Indications for which coverage is NOT authorized:
A. Non-FDA-approved indications, not addressed in this policy.`;

const PARTD_TRAILING = `Plan 2026 Formulary — Prior Authorization Criteria
GLUCOSAVE
PA Criteria Criteria Details
Type 2 diabetes mellitus: as an adjunct to diet and exercise.
Covered Uses
1. Use for weight loss or chronic weight management.
2. Type 1 diabetes mellitus.
Exclusion Criteria
1. Diagnosis of type 2 diabetes mellitus, supported by a hemoglobin A1c of 6.5% or higher within the past 12 months; AND
2. Has taken metformin for at least 90 consecutive days, or has a documented intolerance to metformin.
Required Medical Information
18 years of age or older.Age Restrictions
None.Prescriber Restrictions
12 months.Coverage Duration
Other Criteria`;

const PARTD_LEADING = `Plan 2026 Formulary — Prior Authorization Criteria
PSORIFIX
PA Criteria Criteria Details
Covered Uses Psoriatic arthritis; plaque psoriasis.
Exclusion Criteria Concurrent use with a biologic (for example secukinumab or ustekinumab).
Required Medical Information Psoriatic arthritis (PsA):
1. Diagnosis of active PsA; AND
2. A trial of methotrexate for at least 3 months.
Plaque psoriasis (PsO):
1. Psoriasis affecting at least 10% of body surface area; AND
2. A trial of at least one topical therapy for at least 4 weeks.
Age Restrictions PsA: 18 years of age or older. Plaque psoriasis: 6 years of age or older.
Prescriber Restrictions Prescribed by or in consultation with a rheumatologist (PsA) or a dermatologist (plaque psoriasis).
Coverage Duration 6 months.
Other Criteria None.`;

describe("readPolicy", () => {
  it("reads a PBM outline: initial-therapy branch only, nested OR group, exclusions without 'indications not listed'", () => {
    const m = readPolicy(docFromPages([PBM]), { drug_names: ["Widgetmab"] });
    expect(m.style).toBe("pbm_outline");
    expect(m.branches).toHaveLength(1);
    const b = m.branches[0];
    expect(b.title).toBe("Rheumatoid Arthritis");
    expect(b.duration).toBe("6 months");
    expect(b.criteria.map((c) => c.kind)).toEqual(["age", "any", "prescriber"]);
    const group = b.criteria[1] as CriterionSpec & { items: CriterionSpec[] };
    expect(group.items.map((i) => i.kind)).toEqual(["prior_therapy", "contraindication"]);
    const pt = group.items[0] as CriterionSpec & { min_days: number; count: number; drugs: string[] };
    expect(pt.min_days).toBe(90);
    expect(pt.count).toBe(1);
    expect(pt.drugs).toEqual(expect.arrayContaining(["methotrexate", "leflunomide", "sulfasalazine"]));
    // continuation criteria are ignored
    expect(JSON.stringify(b.criteria)).not.toMatch(/beneficial response/);
    expect(m.exclusions).toHaveLength(1);
    expect(m.exclusions[0].kind).toBe("concurrent_use");
  });

  it("reads a clinical policy with several indications, approval durations and no continuation criteria", () => {
    const m = readPolicy(docFromPages([CLINICAL]), { drug_names: ["Examplumab"] });
    expect(m.branches.map((b) => b.title)).toEqual(["Asthma", "Chronic Spontaneous Urticaria"]);
    expect(m.branches.map((b) => b.duration)).toEqual(["6 months", "3 months"]);
    const eos = (m.branches[0].criteria[2] as { items: { kind: string; value?: number; within_days?: number }[] }).items[0];
    expect(eos).toMatchObject({ kind: "lab", value: 300, within_days: 365 });
    expect(m.branches[0].criteria.map((c) => c.kind)).toEqual(["diagnosis", "age", "any"]);
    expect(m.exclusions).toHaveLength(0);
  });

  it("reads a Part D table whose labels follow their content", () => {
    const m = readPolicy(docFromPages([PARTD_TRAILING]), { drug_names: ["Glucosave"] });
    expect(m.style).toBe("part_d_table");
    expect(m.branches).toHaveLength(1);
    expect(m.branches[0].criteria.map((c) => c.kind)).toEqual(["age", "all", "any"]);
    // "Has taken metformin for at least 90 consecutive days, or has a documented intolerance to metformin"
    const step = m.branches[0].criteria[2] as CriterionSpec & { items: (CriterionSpec & { min_days?: number | null; require_intolerance?: boolean })[] };
    expect(step.items.map((i) => i.kind)).toEqual(["prior_therapy", "prior_therapy"]);
    expect(step.items[0].min_days).toBe(90);
    expect(step.items[1].require_intolerance).toBe(true);
    expect(m.exclusions.map((e) => e.text)).toEqual(["Use for weight loss or chronic weight management.", "Type 1 diabetes mellitus."]);
    expect(m.branches[0].duration).toBe("12 months.");
  });

  it("reads a Part D table with labels before content, per-indication age and prescriber", () => {
    const m = readPolicy(docFromPages([PARTD_LEADING]), { drug_names: ["Psorifix"] });
    expect(m.branches.map((b) => b.title)).toEqual(["Psoriatic arthritis (PsA)", "Plaque psoriasis (PsO)"]);
    const [psa, pso] = m.branches;
    expect(psa.criteria.find((c) => c.kind === "age")).toMatchObject({ min_years: 18 });
    expect(pso.criteria.find((c) => c.kind === "age")).toMatchObject({ min_years: 6 });
    expect(psa.criteria.find((c) => c.kind === "prescriber")).toMatchObject({ specialties: ["rheumatologist"] });
    expect(pso.criteria.find((c) => c.kind === "prescriber")).toMatchObject({ specialties: ["dermatologist"] });
    expect(m.exclusions[0]).toMatchObject({ kind: "concurrent_use", negated: false });
  });
});

describe("generateDecisionTree", () => {
  it("lays out exclusions → indication → criteria chain → approved, with denied leaves and passages", () => {
    const t = generateDecisionTree(docFromPages([CLINICAL]), { drug_names: ["Examplumab"] });
    const pick = t.nodes.find((n) => (n.criterion as { role?: string } | null)?.role === "indication")!;
    const branchEdges = t.edges.filter((e) => e.source === pick.id).map((e) => e.condition);
    expect(branchEdges).toEqual(expect.arrayContaining(["Asthma", "Chronic Spontaneous Urticaria", "None of the listed indications"]));
    const approved = t.nodes.filter((n) => n.node_action === "approved");
    expect(approved).toHaveLength(2);
    expect(approved[0].reason).toBe("Approval duration: 6 months");
    const q = t.nodes.filter((n) => n.node_type === "question" && n !== pick);
    for (const n of q) {
      expect(n.passage?.document).toBe("policy");
      expect(t.nodes.some((d) => d.parent_id === n.id && d.node_action === "denied" && d.condition === "No")).toBe(true);
    }
    // every edge mirrors a node's parent link
    for (const n of t.nodes) if (n.parent_id) expect(t.edges).toContainEqual({ source: n.parent_id, target: n.id, condition: n.condition });
  });
});

describe("parseCriterion", () => {
  const ctx = { drugNames: ["Widgetmab"] };
  it("recognises age, prescriber, lab, prior therapy, concurrent use, dose and unknown text", () => {
    expect(parseCriterion("Age ≥ 6 months", "", ctx)).toMatchObject({ kind: "age", min_months: 6 });
    expect(parseCriterion("Prescribed by or in consultation with a pulmonologist or an allergist/immunologist", "", ctx)).toMatchObject({ kind: "prescriber", specialties: expect.arrayContaining(["pulmonologist", "allergist/immunologist"]) });
    expect(parseCriterion("LDL-C ≥ 70 mg/dL on a lipid panel drawn within the past 90 days", "", ctx)).toMatchObject({ kind: "lab", measure: "LDL-C", op: ">=", value: 70, within_days: 90 });
    expect(parseCriterion("Patient has tried at least two standard oral preventive medications from different pharmacologic classes for at least 8 weeks (56 days), or discontinued because of an adverse effect", "", ctx)).toMatchObject({ kind: "prior_therapy", count: 2, different_classes: true, min_days: 56, allow_intolerance: true });
    expect(parseCriterion("Widgetmab is not used in combination with another biologic for asthma (e.g., Xolair, Nucala)", "", ctx)).toMatchObject({ kind: "concurrent_use", negated: true, drugs: expect.arrayContaining(["xolair", "nucala"]) });
    expect(parseCriterion("Dose does not exceed 140 mg every 2 weeks", "", ctx).kind).toBe("dose_limit");
    expect(parseCriterion("Patient has enterocutaneous or rectovaginal fistulas", "", ctx)).toMatchObject({ kind: "text", phrases: expect.arrayContaining(["rectovaginal fistulas"]) });
  });
  it("collects excluded drugs from a 'do not satisfy' note", () => {
    const c = parseCriterion("Failure of at least one medium- to super-high-potency topical corticosteroid used for at least 28 consecutive days", "Low-potency agents (e.g., hydrocortisone 1% to 2.5%, desonide 0.05%) do not satisfy this criterion.", ctx);
    expect(c).toMatchObject({ kind: "prior_therapy", min_days: 28, excluded_drugs: expect.arrayContaining(["hydrocortisone", "desonide"]) });
  });
  it("reads durations, recency windows and thresholds", () => {
    expect(parseMinDuration("for at least 3 months")).toBe(90);
    expect(parseMinDuration("at least 8 weeks (56 days)")).toBe(56);
    expect(parseMinDuration("two exacerbations in the past 12 months")).toBeNull();
    expect(parseRecency("dated within the past 12 months")).toBe(365);
    expect(parseThresholds("FEV1 below 80% of predicted")[0]).toMatchObject({ measure: "FEV1", op: "<", value: 80 });
    expect(parseThresholds("Asthma Control Test (ACT) score of 19 or less")[0]).toMatchObject({ measure: "ACT", op: "<=", value: 19 });
  });
});
