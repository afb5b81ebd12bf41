import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/generate-tree";
import { reviewCase, selectPolicy } from "./review-case";
import { docFromPages, emptyFacts } from "../harness/synthetic";
import type { ReviewResult } from "../types";

const POLICY = `POLICY: Examplumab Prior Authorization Policy
RECOMMENDED AUTHORIZATION CRITERIA
1. Migraine Headache Prevention. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i, ii, iii, and iv):
i. Patient is ≥ 18 years of age; AND
ii. Patient has a diagnosis of migraine; AND
iii. Patient has tried at least two standard oral preventive medications from different pharmacologic classes, each for at least 8 weeks (56 days), or discontinued because of an adverse effect; AND
Note: Standard preventives are topiramate, propranolol, amitriptyline and candesartan.
iv. The medication is prescribed by or in consultation with a neurologist.
2. Hyperlipidemia. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 6 months if the patient meets ALL of the following (i and ii):
i. Patient has a diagnosis of hyperlipidemia; AND
ii. LDL-C ≥ 70 mg/dL on a lipid panel drawn within the past 90 days.
CONDITIONS NOT RECOMMENDED FOR APPROVAL
1. Concurrent use with another CGRP inhibitor (e.g., Ajovy, Emgality).`;

const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Examplumab", "examplumab"] });

function run(text: string, facts = {}): ReviewResult {
  return reviewCase({ facts: emptyFacts(facts), caseDoc: docFromPages([text]), tree, policyId: "ex", requestDate: "2026-10-01" });
}
const crit = (r: ReviewResult, re: RegExp) => r.paths[0].criteria.find((c) => re.test(c.question))!;

const HEADER = `Patient: Jane Roe DOB: 01/14/1988
Specialty: Neurology
Diagnosis: Migraine without aura ICD-10: G43.009`;

describe("reviewCase", () => {
  it("meets every criterion with cited evidence when the request documents them", () => {
    const r = run(`${HEADER}
Topiramate 100 mg daily 01/05/2026 - 04/10/2026 no improvement
Propranolol ER 80 mg daily 05/04/2026 - 05/26/2026 stopped - bradycardia`);
    expect(r.indication?.status).toBe("matched");
    expect(r.paths.map((p) => p.title)).toEqual(["Migraine Headache Prevention"]);
    expect(r.paths[0].outcome).toBe("met");
    const pt = crit(r, /preventive/);
    expect(pt.citations[0]).toMatchObject({ document: "fax", page: 1 });
    expect(r.traversal[r.traversal.length - 1].node_answer).toBe("approved");
  });

  it("age below the minimum is a clear failure", () => {
    const r = run(HEADER.replace("01/14/1988", "01/14/2010"));
    expect(crit(r, /years of age/).outcome).toBe("not_met");
  });

  it("a prior therapy named without dose or duration is insufficient, not failed", () => {
    const r = run(`${HEADER}
Tried topiramate and propranolol in the past, details unknown.`);
    expect(crit(r, /preventive/).outcome).toBe("insufficient");
  });

  it("intolerance substitutes for the trial length where the policy allows it", () => {
    const r = run(`${HEADER}
Topiramate 100 mg daily 01/05/2026 - 04/10/2026 no improvement
Propranolol 40 mg daily 05/04/2026 - 05/12/2026 stopped due to bradycardia`);
    expect(crit(r, /preventive/).outcome).toBe("met");
  });

  it("two agents of the same class count once when different classes are required", () => {
    const r = run(`${HEADER}
Propranolol 80 mg daily 01/05/2026 - 04/10/2026 no improvement
Metoprolol 50 mg daily 04/15/2026 - 08/10/2026 no improvement`);
    expect(crit(r, /preventive/).outcome).toBe("not_met");
  });

  it("short trials without intolerance fail the duration requirement", () => {
    const r = run(`${HEADER}
Topiramate 100 mg daily 01/05/2026 - 01/25/2026 no improvement
Propranolol 80 mg daily 05/04/2026 - 05/20/2026 no improvement`);
    expect(crit(r, /preventive/).outcome).toBe("not_met");
  });

  it("prescriber specialty outside the policy's list is not met; a consult note satisfies it", () => {
    const fp = run(HEADER.replace("Neurology", "Family Medicine"), { practitioner: { ...emptyFacts().practitioner, specialty: "Family Medicine" } });
    expect(crit(fp, /consultation/).outcome).toBe("not_met");
    const consult = run(`${HEADER.replace("Neurology", "Family Medicine")}\nSeen in consultation by neurology 08/2026.`);
    expect(crit(consult, /consultation/).outcome).toBe("met");
  });

  it("missing diagnosis with 'see attached notes' is insufficient", () => {
    const r = run(`Patient: Jane Roe DOB: 01/14/1988\nSpecialty: Neurology\nPlease see attached office notes.`);
    expect(r.indication?.status).toBe("no_diagnosis");
    const dx = r.paths.find((p) => p.title.startsWith("Migraine"))!.criteria.find((c) => /diagnosis of migraine/.test(c.question))!;
    expect(dx.outcome).toBe("insufficient");
    expect(dx.reason).toMatch(/attached notes/);
  });

  it("labs: threshold met, below threshold not met, stale result insufficient, pending insufficient", () => {
    const base = `Patient: John Doe DOB: 03/03/1960\nDiagnosis: Hyperlipidemia ICD-10: E78.5\n`;
    const ldl = (r: ReviewResult) => crit(r, /LDL-C/).outcome;
    expect(ldl(run(base + "LDL-C 94 mg/dL on 09/10/2026"))).toBe("met");
    expect(ldl(run(base + "LDL-C 64 mg/dL on 09/10/2026"))).toBe("not_met");
    expect(ldl(run(base + "LDL-C 162 mg/dL (06/11/2025)"))).toBe("insufficient");
    expect(ldl(run(base + "Lipid panel ordered, LDL result pending"))).toBe("insufficient");
  });

  it("an ongoing excluded drug triggers the exclusion; a negated mention does not", () => {
    expect(run(`${HEADER}\nCurrently on Ajovy 225 mg monthly since 2025, will continue.`).exclusions?.[0].outcome).toBe("met");
    expect(run(`${HEADER}\nNot on Ajovy or any other CGRP agent.`).exclusions?.[0].outcome).toBe("not_met");
  });

  it("a diagnosis outside every indication gives no applicable path", () => {
    const r = run(`Patient: Jane Roe DOB: 01/14/1988\nDiagnosis: Cluster headache ICD-10: G44.009`);
    expect(r.indication?.status).toBe("not_covered");
    expect(r.paths).toHaveLength(0);
  });
});

describe("selectPolicy", () => {
  it("matches the requested drug by brand or generic name", () => {
    const pols = [{ id: "a", drug_names: ["Humira", "adalimumab"] }, { id: "b", drug_names: ["Otezla", "apremilast"] }];
    expect(selectPolicy(emptyFacts({ medication: { ...emptyFacts().medication, drug_name: "Otezla 30 mg" } }), pols)).toBe("b");
    expect(selectPolicy(emptyFacts(), pols, docFromPages(["Request for adalimumab 40 mg"]))).toBe("a");
    expect(selectPolicy(emptyFacts(), pols, docFromPages(["Request for something else"]))).toBeNull();
  });
});
