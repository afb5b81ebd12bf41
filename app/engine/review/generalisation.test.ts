/**
 * Generic rules added for generalisation beyond the dev set (small synthetic policies and requests;
 * no real plan, drug or case text).
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree, readPolicy } from "../policy/generate-tree";
import { parseCriterion, parseExcludedUse, parseMinDoses, type CriterionSpec } from "../policy/criterion";
import { splitInlineEnumerations } from "../policy/outline";
import { boilerplateLineSet, docLines } from "../policy/text";
import { reviewCase } from "./review-case";
import { decideCase } from "../decide/decide-case";
import { buildCaseIndex } from "./evidence";
import { dailyDoseMg, therapyEvidence } from "./therapies";
import { matchMember } from "../eligibility/check-eligibility";
import { docFromPages, emptyFacts } from "../harness/synthetic";
import type { CaseFacts, DecisionTree, ReviewResult } from "../types";

const ctx = { drugNames: ["Zentumab", "zentumab"] };

// A clinical policy in the "I. Initial Approval / II. Continued / III. not authorized" style.
const CLINICAL = `Clinical Policy: Zentumab
Policy/Criteria
I. Initial Approval Criteria
A. Plaque Psoriasis (must meet all):
1. Diagnosis of plaque psoriasis;
2. Failure of at least one of the following, each used for >= 3 consecutive months, unless clinically significant adverse effects are experienced (a or b):
a. Phototherapy (narrowband UVB or PUVA);
b. A systemic agent: methotrexate, cyclosporine or acitretin;
3. Documentation of a negative tuberculosis screening test (tuberculin skin test or interferon-gamma release assay) within the past 12 months;
4. Zentumab is not prescribed concurrently with another biologic or targeted synthetic drug;
Approval duration: 6 months
B. Psoriatic Arthritis (must meet all):
1. Diagnosis of active psoriatic arthritis;
2. Prescribed by or in consultation with a rheumatologist;
Approval duration: 6 months
II. Continued Therapy
A. All Indications in Section I (must meet all):
1. Member is responding positively to therapy;
III. Diagnoses/Indications for which coverage is NOT authorized:
A. Combination use with another biologic or targeted synthetic drug.`;

const clinicalTree = generateDecisionTree(docFromPages([CLINICAL]), { drug_names: ["Zentumab", "zentumab"] });

function review(tree: DecisionTree, text: string, facts: Partial<CaseFacts> = {}): ReviewResult {
  return reviewCase({ facts: emptyFacts(facts), caseDoc: docFromPages([text]), tree, policyId: "z", requestDate: "2026-08-01" });
}
const find = (r: ReviewResult, re: RegExp) => r.paths.flatMap((p) => p.criteria).find((c) => re.test(c.question))!;
const dx = (code: string, description: string, primary: boolean) => ({ code, description, primary, citations: [] });

describe("TB / screening tests", () => {
  it("parses a TB screening criterion with its recency window", () => {
    const s = parseCriterion("Patient has had a negative TB test within the previous 12 months", "", ctx);
    expect(s).toMatchObject({ kind: "screening_test", result: "negative", within_days: 365 });
    // an exclusion about active TB is not a screening requirement
    expect(parseCriterion("Active serious infection, including active or untreated latent tuberculosis.", "", ctx).kind).not.toBe("screening_test");
  });

  it("accepts the synonyms (QuantiFERON, T-SPOT, IGRA, PPD) with dates and recency", () => {
    for (const line of ["QuantiFERON-TB Gold Plus   Negative   03/02/2026", "T-SPOT.TB negative 01/22/2026", "IGRA neg (02/10/2026)", "PPD 0 mm read 02/12/2026", "negative QFT on 03/01/2026"]) {
      const r = review(clinicalTree, `Diagnosis: plaque psoriasis L40.0\n${line}`);
      expect(find(r, /tuberculosis/).outcome, line).toBe("met");
      expect(find(r, /tuberculosis/).citations[0].document).toBe("fax");
    }
  });

  it("pending, outdated and positive results", () => {
    expect(find(review(clinicalTree, "Dx L40.0\nQuantiFERON-TB Gold Plus  Pending  Negative  07/20/2026"), /tuberculosis/).outcome).toBe("insufficient");
    expect(find(review(clinicalTree, "Dx L40.0\nQuantiFERON negative 03/01/2025"), /tuberculosis/).outcome).toBe("insufficient");
    expect(find(review(clinicalTree, "Dx L40.0\nQuantiFERON positive 06/01/2026"), /tuberculosis/).outcome).toBe("not_met");
    expect(find(review(clinicalTree, "Dx L40.0\nNo history of TB."), /tuberculosis/).outcome).toBe("insufficient");
  });
});

describe("trial groups, intolerance and doses", () => {
  it("list items under a trial requirement inherit its duration and intolerance allowance", () => {
    const m = readPolicy(docFromPages([CLINICAL]), { drug_names: ["Zentumab"] });
    const group = m.branches[0].criteria[1] as CriterionSpec & { items: (CriterionSpec & { min_days?: number; allow_intolerance?: boolean })[] };
    expect(group.kind).toBe("any");
    expect(group.items.map((i) => i.kind)).toEqual(["prior_therapy", "prior_therapy"]);
    expect(group.items[1]).toMatchObject({ min_days: 90, allow_intolerance: true });
    const r = review(clinicalTree, "Dx L40.0\nMethotrexate 15 mg weekly 02/02/2026 - 03/16/2026, stopped after 6 weeks for transaminitis.");
    expect(find(r, /Failure of at least one/).outcome).toBe("met");
    // named without dates: cannot be judged
    expect(find(review(clinicalTree, "Dx L40.0\nPrior methotrexate."), /Failure of at least one/).outcome).toBe("insufficient");
  });

  it("'unless intolerant' with 'psoralen plus ultraviolet A' in the examples does not require both classes", () => {
    const s = parseCriterion(
      "Patient has tried at least one traditional systemic agent for psoriasis for at least 3 months, unless intolerant (e.g., methotrexate, cyclosporine, acitretin, or psoralen plus ultraviolet A light [PUVA])",
      "",
      ctx,
    );
    expect(s).toMatchObject({ kind: "prior_therapy", all_classes: false, allow_intolerance: true, min_days: 90 });
    // "statin plus ezetimibe" still requires both
    expect(parseCriterion("High-intensity statin plus ezetimibe for at least 8 weeks", "", ctx)).toMatchObject({ all_classes: true });
  });

  it("'contraindication to, or intolerance with, X' is met by a documented intolerance", () => {
    const P = `Clinical Policy: Zentumab
I. Initial Approval Criteria
A. Rheumatoid Arthritis (must meet all):
1. Patient has a contraindication to, or has experienced intolerance with, methotrexate, as documented by the prescriber;
Approval duration: 6 months`;
    const t = generateDecisionTree(docFromPages([P]), { drug_names: ["Zentumab"] });
    expect(find(review(t, "MTX 10 mg weekly 07-09/2025 stopped for nausea/mucositis."), /contraindication/).outcome).toBe("met");
    expect(find(review(t, "No prior DMARDs."), /contraindication/).outcome).toBe("not_met");
  });

  it("reads dose thresholds and documented daily doses", () => {
    expect(parseMinDoses("Trial of metformin at a dose of at least 1,000 mg per day for at least 90 days", ctx)).toEqual([{ drug: "metformin", mg: 1000, per: "day" }]);
    expect(parseMinDoses("methotrexate at >= 15 mg per week", ctx)).toEqual([{ drug: "methotrexate", mg: 15, per: "week" }]);
    expect(parseMinDoses("atorvastatin 40 mg or higher, or rosuvastatin 20 mg or higher", ctx).map((d) => [d.drug, d.mg])).toEqual([["atorvastatin", 40], ["rosuvastatin", 20]]);
    expect(dailyDoseMg("metformin 1,000 mg PO BID")?.perDay).toBe(2000);
    expect(dailyDoseMg("metformin ER 2,000 mg daily")?.perDay).toBe(2000);
    expect(dailyDoseMg("MTX 15 mg weekly")?.perWeek).toBe(15);
  });

  it("a documented dose below the policy minimum is not an adequate trial", () => {
    const P = `Examplo PA Criteria
PA Criteria: Criteria Details
Covered Uses: Type 2 diabetes mellitus.
Exclusion Criteria: None.
Required Medical Information: Trial of metformin at a dose of at least 1,000 mg per day for at least 90 days.
Age Restrictions: 18 years of age and older.
Coverage Duration: 12 months.`;
    const t = generateDecisionTree(docFromPages([P]), { drug_names: ["Examplo"] });
    const low = review(t, "Dx E11.9\nMetformin 500 mg daily 01/2025 - 06/2026, A1c still high.");
    expect(find(low, /metformin/).outcome).toBe("not_met");
    const ok = review(t, "Dx E11.9\nMetformin 1,000 mg BID 01/2025 - 06/2026, A1c still high.");
    expect(find(ok, /metformin/).outcome).toBe("met");
  });

  it("narrative stop points are read as weeks, not as open-ended months", () => {
    const idx = buildCaseIndex(docFromPages(["Methotrexate started 02/02/2026; discontinued at week 6 for ALT elevation.\nAmitriptyline 25 mg qhs from 06/2025, tolerated poorly, d/c'd after two weeks."]), "2026-05-01");
    const ev = therapyEvidence(idx, ["methotrexate", "amitriptyline"], [], null);
    expect(ev.get("methotrexate")).toMatchObject({ days: 42, stopped: true, intolerance: true });
    expect(ev.get("amitriptyline")).toMatchObject({ days: 14, intolerance: true });
  });
});

describe("indication selection and combination use", () => {
  it("the primary diagnosis code decides between overlapping indications (L40.0 vs L40.50)", () => {
    const r = review(clinicalTree, "Primary diagnosis: Psoriasis vulgaris L40.0\nSecondary: Arthropathic psoriasis L40.50", {
      diagnoses: [dx("L40.0", "Psoriasis vulgaris", true), dx("L40.50", "Arthropathic psoriasis, unspecified", false)],
    });
    expect(r.paths.map((p) => p.title)).toEqual(["Plaque Psoriasis"]);
    // without a primary marker both coded indications apply
    const both = review(clinicalTree, "Diagnoses: L40.0, L40.50");
    expect(both.paths.map((p) => p.title).sort()).toEqual(["Plaque Psoriasis", "Psoriatic Arthritis"]);
  });

  it("a coded psoriatic-arthritis diagnosis is not plaque psoriasis because its description says 'psoriasis'", () => {
    const r = review(clinicalTree, "Diagnosis: Arthropathic psoriasis L40.50", { diagnoses: [dx("L40.50", "Arthropathic psoriasis, unspecified", true)] });
    expect(r.paths.map((p) => p.title)).toEqual(["Psoriatic Arthritis"]);
  });

  it("reads the 'coverage is NOT authorized' section as exclusions and counts TNF inhibitors as biologics", () => {
    const m = readPolicy(docFromPages([CLINICAL]), { drug_names: ["Zentumab"] });
    expect(m.exclusions.map((e) => e.kind)).toEqual(["concurrent_use"]);
    const r = review(clinicalTree, "Dx L40.0\nCurrent medications: Cimzia (certolizumab pegol) 200 mg every 2 weeks - to continue.");
    expect(r.exclusions?.find((e) => e.outcome === "met")).toBeTruthy();
  });

  it("a failed 'not concurrently with another biologic' criterion is a hard failure on every path", () => {
    const noExcl = CLINICAL.replace(/III\. Diagnoses[\s\S]*$/, "");
    const t = generateDecisionTree(docFromPages([noExcl]), { drug_names: ["Zentumab", "zentumab"] });
    const r = review(t, "Diagnoses: L40.0, L40.50\nRheumatologist: continue adalimumab 40 mg every other week (ongoing).\nSpecialty: Rheumatology");
    expect(r.exclusions?.some((e) => e.outcome === "met" && /concurrently/.test(e.question))).toBe(true);
    const d = decideCase({ eligibility: { eligible: true, member: null, reason: "ok", formulary: null, citations: [] }, review: r, audit: [] });
    expect(d.final_decision).toBe("denied");
  });
});

describe("Part D inline enumerations and excluded uses", () => {
  const PARTD = `Examplo PA Criteria
PA Criteria: Criteria Details
Covered Uses: All FDA-approved indications not otherwise excluded. Examplo is covered in adults with type 2 diabetes mellitus.
Exclusion Criteria: (1) Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus. (2) Type 1 diabetes mellitus. (3) Concurrent use with another GLP-1 receptor agonist.
Required Medical Information: (1) Diagnosis of type 2 diabetes mellitus supported by a hemoglobin A1c of 6.5% or greater, or a fasting plasma glucose of 126 mg/dL or greater, drawn within the past 180 days. (2) Trial of metformin for at least 90 days, unless metformin is contraindicated.
Age Restrictions: 18 years of age and older.
Prescriber Restrictions: None.
Coverage Duration: 12 months.`;
  const t = generateDecisionTree(docFromPages([PARTD]), { drug_names: ["Examplo"] });

  it("splits '(1) ... (2) ...' into separate criteria and exclusions", () => {
    const m = readPolicy(docFromPages([PARTD]), { drug_names: ["Examplo"] });
    expect(m.exclusions.map((e) => e.kind)).toEqual(["excluded_use", "diagnosis", "concurrent_use"]);
    expect(m.branches[0].criteria.map((c) => c.kind)).toEqual(["age", "all", "prior_therapy"]);
    // either lab supports the diagnosis
    const all = m.branches[0].criteria[1] as CriterionSpec & { items: CriterionSpec[] };
    expect(all.items.map((i) => i.kind)).toEqual(["diagnosis", "any"]);
    expect(m.branches[0].indication.conditions).toContain("type 2 diabetes mellitus");
  });

  it("does not split per-trial qualifiers '(1) ... (2) ...' introduced by 'for each'", () => {
    const lines = docLines(docFromPages(["a) Tried two agents and meets ONE of the following for each medication: (1) used for 8 weeks; OR (2) stopped for an adverse effect"]));
    expect(splitInlineEnumerations(lines)).toHaveLength(1);
    expect(splitInlineEnumerations(docLines(docFromPages(["Details: (1) Diagnosis of X. (2) Trial of Y."])))).toHaveLength(3);
  });

  it("an excluded use applies to the stated indication, not to a covered diagnosis", () => {
    expect(parseExcludedUse("Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus")).toMatchObject({
      kind: "excluded_use",
      conditions: ["obesity"],
      unless_conditions: ["type 2 diabetes mellitus"],
    });
    const weight = review(t, "Primary diagnosis: Obesity E66.01\nSecondary: BMI 39 Z68.39\nRequesting Examplo for weight loss. No diabetes.", {
      diagnoses: [dx("E66.01", "Obesity", true), dx("Z68.39", "BMI 39", false)],
    });
    expect(weight.exclusions?.find((e) => e.outcome === "met")?.question).toMatch(/weight loss/);
    const diabetic = review(t, "Primary diagnosis: Type 2 diabetes E11.65\nSecondary: Obesity E66.9", {
      diagnoses: [dx("E11.65", "Type 2 diabetes", true), dx("E66.9", "Obesity", false)],
    });
    expect(diabetic.exclusions?.some((e) => e.outcome === "met")).toBe(false);
  });
});

describe("citations, eligibility and boilerplate", () => {
  it("a criterion with no case evidence cites the policy passage it applied", () => {
    const r = review(clinicalTree, "Dx L40.0");
    const tb = find(r, /tuberculosis/);
    expect(tb.outcome).toBe("insufficient");
    expect(tb.citations.some((c) => c.document === "policy" && /tuberculosis/.test(c.text))).toBe(true);
    const d = decideCase({ eligibility: { eligible: true, member: null, reason: "ok", formulary: null, citations: [] }, review: r, audit: [] });
    expect(d.citations.length).toBeGreaterThan(0);
  });

  it("an illegible member ID is matched by a unique exact name and birth date, never a read ID", () => {
    const roster = [{ member_id: "ABC123", first_name: "Ann", last_name: "Lee", birth_date: "1990-01-02", gender: null, plan_identification: null, coverage_start: "2026-01-01", coverage_end: null }];
    const f = emptyFacts();
    f.patient = { ...f.patient, first_name: "Ann", last_name: "Lee", birth_date: "1990-01-02" };
    expect(matchMember(f, roster).how).toBe("identity");
    f.patient = { ...f.patient, member_id: "ZZZ999" };
    expect(matchMember(f, roster).member).toBeNull();
  });

  it("a criterion repeated word for word on another page is not a running header", () => {
    const doc = docFromPages([
      "Header A\nintro one\nintro two\nintro three\nii. Patient meets ONE of the following (a or b):\nbody\nmore body\nend one\nPage 1 of 2",
      "Header B\nii. Patient meets ONE of the following (a or b):\nbody two\nmore body two\nsomething else\nend two\nPage 2 of 2",
    ]);
    const lines = docLines(doc);
    const skip = boilerplateLineSet(lines, 2);
    // the "ii." line is at the top of page 2 but only once at a page edge → kept
    expect(lines.filter((l) => skip.has(l.index)).map((l) => l.text)).toEqual(["Page 1 of 2", "Page 2 of 2"]);
  });

  it("prescriber specialty: another specialty mentioned in the notes is not a consultation", () => {
    const P = `Clinical Policy: Zentumab
I. Initial Approval Criteria
A. Rheumatoid Arthritis (must meet all):
1. Prescribed by or in consultation with a rheumatologist;
Approval duration: 6 months`;
    const t = generateDecisionTree(docFromPages([P]), { drug_names: ["Zentumab"] });
    const f = emptyFacts();
    f.practitioner = { ...f.practitioner, specialty: "Dermatology" };
    expect(find(review(t, "Rheumatology started certolizumab last year.", f), /rheumatologist/).outcome).toBe("not_met");
    expect(find(review(t, "Seen in consultation with rheumatology (Dr. Q), who recommends therapy.", f), /rheumatologist/).outcome).toBe("met");
  });
});
