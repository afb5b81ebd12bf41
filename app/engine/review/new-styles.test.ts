/**
 * Review + decision on policies written in layouts the dev set does not use (fixtures in
 * ../policy/new-styles.fixtures.ts) with small synthetic request texts.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/generate-tree";
import { reviewCase } from "./review-case";
import { decideCase } from "../decide/decide-case";
import { docFromPages, emptyFacts } from "../harness/synthetic";
import * as F from "../policy/new-styles.fixtures";
import type { CaseFacts, DecisionTree, EligibilityResult, ReviewResult } from "../types";

const ELIGIBLE: EligibilityResult = { eligible: true, member: null, reason: "Member active on the request date.", formulary: null, citations: [] };
const tree = (text: string, drugs: string[]) => generateDecisionTree(docFromPages([text]), { drug_names: drugs });
function run(t: DecisionTree, fax: string, facts: Partial<CaseFacts> = {}) {
  const review = reviewCase({ facts: emptyFacts(facts), caseDoc: docFromPages([fax]), tree: t, policyId: "p", requestDate: "2026-09-01" });
  const decision = decideCase({ eligibility: ELIGIBLE, review, audit: [] });
  return { review, decision: decision.final_decision };
}
const crit = (r: ReviewResult, re: RegExp) => r.paths.flatMap((p) => p.criteria).find((c) => re.test(c.question))!;
const dx = (code: string | null, description: string, primary = true) => ({ code, description, primary, citations: [] });
const med = (over: Partial<CaseFacts["medication"]>) => ({ ...emptyFacts().medication, ...over });

describe("one-sentence PBM indication (secukinumab, ankylosing spondylitis)", () => {
  const t = tree(F.PBM_ONE_SENTENCE, ["secukinumab", "cosentyx"]);
  const header = "Patient: Ana Ruiz  DOB: 04/12/1984\nDiagnosis: Ankylosing spondylitis (M45.9)\nPrescriber: Dr. Lee, Rheumatology\n";

  it("is covered and approved when every clause is documented", () => {
    const { review, decision } = run(
      t,
      header + "Ibuprofen 800 mg TID 01/05/2026 - 02/20/2026, inadequate response.\nNaproxen 500 mg BID 03/01/2026 - 04/15/2026, no improvement.",
      { diagnoses: [dx("M45.9", "Ankylosing spondylitis")], practitioner: { ...emptyFacts().practitioner, specialty: "Rheumatology" } },
    );
    expect(review.indication?.status).toBe("matched");
    expect(review.paths.map((p) => p.title)).toEqual(["Ankylosing Spondylitis"]);
    expect(decision).toBe("approved");
  });

  it("one NSAID where the policy requires two is a clear failure", () => {
    const { review, decision } = run(t, header + "Meloxicam 15 mg daily 01/05/2026 - 03/20/2026, inadequate response.", {
      diagnoses: [dx("M45.9", "Ankylosing spondylitis")],
      practitioner: { ...emptyFacts().practitioner, specialty: "Rheumatology" },
    });
    expect(crit(review, /NSAIDs/).outcome).toBe("not_met");
    expect(decision).toBe("denied");
  });
});

describe("Medicaid PDL bullets (omalizumab)", () => {
  const t = tree(F.MEDICAID_PDL, ["omalizumab", "xolair"]);
  it("approves on the initial bullets; renewal bullets are never asked", () => {
    const { review, decision } = run(
      t,
      "DOB: 02/02/2014\nDx: Moderate persistent allergic asthma J45.40\nSpecialty: Allergy & Immunology\nFluticasone 110 mcg 2 puffs BID since 01/2025, still uncontrolled.",
      { diagnoses: [dx("J45.40", "Moderate persistent allergic asthma")], practitioner: { ...emptyFacts().practitioner, specialty: "Allergy & Immunology" } },
    );
    expect(review.paths[0].criteria.map((c) => c.question).join(" ")).not.toMatch(/improvement/i);
    expect(decision).toBe("approved");
  });
});

describe("UHC outline (ustekinumab, Crohn's disease)", () => {
  const t = tree(F.UHC_STYLE, ["ustekinumab", "stelara"]);
  it("intolerance of a conventional therapy satisfies the ONE-of group", () => {
    const { review, decision } = run(t, "Diagnosis: Crohn's disease of small intestine K50.00\nAzathioprine 100 mg daily 02/2026 - 03/2026, stopped due to pancreatitis.\nGastroenterology clinic", {
      diagnoses: [dx("K50.00", "Crohn's disease of small intestine")],
      practitioner: { ...emptyFacts().practitioner, specialty: "Gastroenterology" },
    });
    expect(review.paths.map((p) => p.title)).toEqual(["Crohn's Disease"]);
    expect(decision).toBe("approved");
  });
});

describe("Cigna (mepolizumab) recency and undated labs", () => {
  const t = tree(F.CIGNA_STYLE, ["mepolizumab", "nucala"]);
  const base = "DOB 05/05/1980\nDx: Severe eosinophilic asthma J45.50\nAdvair 500/50 1 puff BID since 01/2025, uncontrolled with 3 exacerbations.\nPulmonology\n";
  const facts = { diagnoses: [dx("J45.50", "Severe eosinophilic asthma")], practitioner: { ...emptyFacts().practitioner, specialty: "Pulmonology" } };
  it("a recent dated eosinophil count meets the criterion", () => {
    const { review, decision } = run(t, base + "Blood eosinophils 420 cells/uL (08/10/2026)", facts);
    expect(crit(review, /eosinophil/).outcome).toBe("met");
    expect(decision).toBe("approved");
  });
  it("an undated count cannot show recency → needs more information", () => {
    const { review, decision } = run(t, base + "Blood eosinophils 420 cells/uL", facts);
    expect(crit(review, /eosinophil/).outcome).toBe("insufficient");
    expect(decision).toBe("needs_more_information");
  });
});

describe("Aetna (inclisiran) untreated LDL-C", () => {
  const t = tree(F.AETNA_STYLE, ["inclisiran", "leqvio"]);
  const head = "DOB 03/03/1970\nDiagnosis: Heterozygous familial hypercholesterolemia E78.01\nAtorvastatin 80 mg daily since 01/2025.\n";
  const facts = { diagnoses: [dx("E78.01", "Heterozygous familial hypercholesterolemia")] };
  it("a documented untreated LDL-C decides", () => {
    const { review, decision } = run(t, head + "Untreated LDL-C 236 mg/dL (2019)\nLDL-C 118 mg/dL 08/20/2026", facts);
    expect(crit(review, /untreated/).outcome).toBe("met");
    expect(decision).toBe("approved");
  });
  it("only an on-treatment value below the baseline threshold → insufficient, not failed", () => {
    const { review, decision } = run(t, head + "LDL-C 150 mg/dL 08/20/2026", facts);
    expect(crit(review, /untreated/).outcome).toBe("insufficient");
    expect(decision).toBe("needs_more_information");
  });
  it("an untreated value below the threshold fails", () => {
    expect(crit(run(t, head + "Pre-treatment LDL-C 172 mg/dL\nLDL-C 118 mg/dL 08/20/2026", facts).review, /untreated/).outcome).toBe("not_met");
  });
  it("a request for another lipid indication is not covered by the lead-sentence indication", () => {
    const { decision } = run(t, "Diagnosis: Coronary artery disease I25.10\nLDL-C 118 mg/dL 08/20/2026", { diagnoses: [dx("I25.10", "Coronary artery disease")] });
    expect(decision).toBe("denied");
  });
});

describe("step therapy (empagliflozin)", () => {
  const t = tree(F.STEP_THERAPY, ["empagliflozin", "jardiance"]);
  it("Step 1 trial, intolerance, or nothing", () => {
    expect(run(t, "Metformin 1000 mg BID 01/2026 - 06/2026, A1c still 8.1%.").decision).toBe("approved");
    expect(run(t, "Metformin 500 mg daily x 2 weeks, stopped due to GI upset and diarrhea.").decision).toBe("approved");
    expect(run(t, "No prior diabetes medications.").decision).toBe("denied");
  });
});

describe("quantity limit (rimegepant)", () => {
  const t = tree(F.QUANTITY_LIMIT, ["rimegepant", "nurtec"]);
  it("within the limit → approved; above it needs the documented reason", () => {
    expect(run(t, "Nurtec ODT 75 mg", { medication: med({ quantity: 8, days_supply: 30 }) }).decision).toBe("approved");
    expect(run(t, "Nurtec ODT 75 mg", { medication: med({ quantity: 24, days_supply: 30 }) }).decision).toBe("needs_more_information");
    expect(run(t, "Nurtec ODT 75 mg\nHeadache diary: 18 headache days per month", { medication: med({ quantity: 24, days_supply: 30 }) }).decision).toBe("approved");
    expect(run(t, "Nurtec ODT 75 mg\nHeadache diary: 6 headache days per month", { medication: med({ quantity: 24, days_supply: 30 }) }).decision).toBe("denied");
  });
});

describe("dose ceilings", () => {
  const P = `Clinical Policy: Examplumab
I. Initial Approval Criteria
A. Plaque Psoriasis (must meet all):
1. Diagnosis of plaque psoriasis;
2. Dose does not exceed 300 mg every 2 weeks;
Approval duration: 6 months`;
  const t = tree(P, ["examplumab"]);
  it("a requested dose above the stated maximum fails; within it, or unreadable, passes", () => {
    const f = (dosage: string) => ({ diagnoses: [dx("L40.0", "Plaque psoriasis")], medication: med({ dosage }) });
    expect(crit(run(t, "Dx L40.0", f("300 mg SC every week")).review, /Dose/).outcome).toBe("not_met");
    expect(crit(run(t, "Dx L40.0", f("300 mg SC every 2 weeks")).review, /Dose/).outcome).toBe("met");
    expect(crit(run(t, "Dx L40.0", f("as directed")).review, /Dose/).outcome).toBe("met");
  });
});

describe("excluded use named only in a diagnosis description", () => {
  const P = `Clinical Policy: Liraglutide (Victoza)
I. Initial Approval Criteria
A. Type 2 Diabetes Mellitus (must meet all):
1. Diagnosis of type 2 diabetes mellitus;
2. Age ≥ 10 years;
Approval duration: 12 months
III. Diagnoses/Indications for which coverage is NOT authorized:
A. Use for weight loss or chronic weight management in a member without type 2 diabetes mellitus.`;
  const t = tree(P, ["liraglutide", "victoza"]);
  it("applies with no code and no primary flag when no covered indication is documented", () => {
    const { review, decision } = run(t, "DOB 01/01/1980\nDiagnosis: Obesity, BMI 36", { diagnoses: [dx(null, "Obesity", false)] });
    expect(review.exclusions?.some((e) => e.outcome === "met")).toBe(true);
    expect(decision).toBe("denied");
  });
  it("does not apply when type 2 diabetes is documented", () => {
    const { review } = run(t, "DOB 01/01/1980\nDiagnosis: Type 2 diabetes mellitus; obesity", { diagnoses: [dx(null, "Type 2 diabetes mellitus", false), dx(null, "Obesity", false)] });
    expect(review.exclusions?.some((e) => e.outcome === "met")).toBe(false);
  });
});
