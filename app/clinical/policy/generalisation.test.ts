/**
 * Policy wordings found when the engine met a blind set written for other plans (fixtures/corpus/
 * frontrange-hmo) and public payer policy structures (PBM "Approve for 1 year if", health-plan
 * weight-management guidelines, JAK-inhibitor combination exclusions), in our own words. Each test is
 * a class of misreading that led to a wrongful denial, a lost requirement or a lost indication.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, CriterionOf } from "../contracts";
import { docFromPages } from "../testing";
import { classesNamedIn } from "../vocabulary/drugs";
import { parseCriterion, parseThresholds } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const read = (text: string, drugs: string[]) => readPolicy(docFromPages([text]), { drug_names: drugs });
const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const names = (text: string) => classesNamedIn(text).map((c) => c.name);

describe("drug classes in combination exclusions", () => {
  it("'biologic DMARD' and 'targeted synthetic DMARD' are not the conventional DMARDs given with them", () => {
    expect(names("Concurrent use with a biologic or another targeted synthetic DMARD")).not.toContain("conventional synthetic DMARD");
    expect(names("not in combination with a biologic DMARD")).not.toContain("conventional synthetic DMARD");
    expect(names("a biologic disease-modifying antirheumatic drug")).not.toContain("conventional synthetic DMARD");
    // a bare DMARD still is one
    expect(names("failure of two DMARDs")).toContain("conventional synthetic DMARD");
  });
  it("'another anti-IL-5 biologic or anti-IgE biologic' names those subclasses, not every biologic", () => {
    expect(names("will not use it in combination with another anti-IL-5 biologic or anti-IgE biologic")).toEqual(["asthma biologic"]);
    expect(names("not used with another biologic (e.g., a TNF inhibitor)")).toContain("biologic");
  });
  it("'potent immunosuppressants (e.g., azathioprine, cyclosporine)' names its examples, not every immunomodulator", () => {
    expect(names("a biologic DMARD or potent immunosuppressant (e.g., azathioprine, cyclosporine)")).not.toContain("immunomodulator");
    expect(names("has tried an immunosuppressant")).toContain("immunomodulator");
  });
});

describe("measures written as abbreviations", () => {
  it("reads 'BMI of 30 kg/m2 or greater' and 'BMI >= 30' (the abbreviation's case guard no longer rejects every spelling)", () => {
    expect(parseThresholds("BMI of 30 kg/m2 or greater")).toEqual([{ measure: "BMI", op: ">=", value: 30, unit: "kg/m2" }]);
    expect(parseThresholds("BMI >= 30 kg/m2")[0]).toMatchObject({ measure: "BMI", op: ">=", value: 30 });
    expect(parseThresholds("FEV1 < 80% predicted")[0]).toMatchObject({ measure: "FEV1", op: "<", value: 80 });
  });
  it("a threshold that comes 'with at least one comorbidity' keeps the comorbidity as a requirement", () => {
    const c = parseCriterion(
      "BMI of 27 kg/m2 or greater with at least ONE weight-related comorbidity: hypertension, type 2 diabetes mellitus, or dyslipidemia",
      "",
      {
        drugNames: ["Examplin"],
      },
    );
    expect(c.kind).toBe("all");
    const items = (c as CriterionOf<"all">).items;
    expect(items[0]).toMatchObject({ kind: "lab", measure: "BMI", value: 27 });
    expect(items[1]).toMatchObject({ kind: "diagnosis", confidence: "high" });
    expect((items[1] as CriterionOf<"diagnosis">).icd10).toEqual(expect.arrayContaining(["I10", "E11"]));
  });
  it("a listed comorbidity the vocabulary does not know makes the list one that never denies on its own", () => {
    const c = parseCriterion("BMI of 27 kg/m2 or greater with at least one comorbidity: hypertension or established cardiovascular disease", "", {
      drugNames: ["Examplin"],
    }) as CriterionOf<"all">;
    expect(c.items[1]).toMatchObject({ kind: "diagnosis", confidence: "medium" });
  });
});

const WEIGHT_GUIDELINE = `Weight Management: Examplin
Purpose
Examplin is indicated for chronic weight management in adults and in pediatric patients 12 years of age and older.
Initial Authorization (approve for 4 months)
ALL of the following must be documented:
1. The member is 12 years of age or older.
2. Body mass index (BMI) criterion, by age on the date of the request:
a. Adults 18 years and older: BMI of 30 kg/m2 or greater; OR BMI of 27 kg/m2 or greater with at least ONE weight-related comorbidity: hypertension, type 2 diabetes mellitus, dyslipidemia.
b. Members 12 to 17 years: BMI at or above the 95th percentile for age and sex on CDC growth charts.
3. The weight and height used for the BMI were measured in a clinical setting within the 30 days before the request.
4. The member is participating in a reduced-calorie diet and increased physical activity.
Reauthorization (approve for 12 months)
1. The member has lost at least 5% of baseline body weight since starting Examplin.
References
1. Examplin prescribing information. 2025.`;

describe("a flat requirement list with age bands", () => {
  const m = read(WEIGHT_GUIDELINE, ["Examplin"]);
  const crit = m.indications.flatMap((i) => flat(i.criteria));
  it("keeps every numbered requirement, not only the one with sub-items", () => {
    expect(m.indications).toHaveLength(1);
    expect(crit.some((c) => c.kind === "age" && c.min_years === 12)).toBe(true);
    expect(crit.some((c) => /reduced-calorie diet/.test(c.text))).toBe(true);
    expect(crit.some((c) => /clinical setting within the 30 days/.test(c.text))).toBe(true);
  });
  it("reads age bands as alternatives, each its band's age AND its requirement", () => {
    const bands = crit.find((c) => c.kind === "any" && /by age/.test(c.text)) as CriterionOf<"any">;
    expect(bands).toBeDefined();
    expect(bands.items).toHaveLength(2);
    const [adult, teen] = bands.items as CriterionOf<"all">[];
    expect(adult.items[0]).toMatchObject({ kind: "age", min_years: 18 });
    expect(flat([adult]).some((c) => c.kind === "lab" && c.measure === "BMI" && c.value === 30)).toBe(true);
    expect(teen.items[0]).toMatchObject({ kind: "age", min_years: 12, max_years: 18 });
  });
});

describe("continuation criteria in a PBM 'Approve for 1 year if' sentence", () => {
  const m = read(
    `Inflammatory Conditions - Examplast Prior Authorization Policy
RECOMMENDED AUTHORIZATION CRITERIA
FDA-Approved Indications
1. Plaque Psoriasis. Approve for the duration noted if the patient meets ONE of the following (A or B):
A) Initial Therapy. Approve for 4 months if the patient meets ALL of the following (i and ii):
i. Patient is >= 18 years of age; AND
ii. The medication is prescribed by or in consultation with a dermatologist.
B) Patient is Currently Receiving Examplast. Approve for 1 year if the patient has responded to examplast, as determined by the prescriber.
References
1. Examplast tablets [prescribing information]. 2025.`,
    ["Examplast", "examplast"],
  );
  it("is current use AND a response (the 'if' condition is no longer cut away with the duration)", () => {
    const kinds = m.indications[0].continuation?.criteria.map((c) => c.kind);
    expect(kinds).toEqual(["on_therapy", "response"]);
    expect(m.indications[0].continuation?.duration).toBe("1 year");
  });
  it("'paid claims for X within the previous 120 days' is current use; 'not re-reviewed at reauthorization' is no requirement", () => {
    const m3 = read(
      `Examplant
Criteria for Initial Approval
1. Migraine. Approve for 6 months if the patient is >= 18 years of age.
Reauthorization
1. Member has paid claims for Examplant, or an approved Examplant authorization, within the previous 120 days; AND
2. Prescriber documents a positive response to therapy; AND
3. The triptan history is not re-reviewed at reauthorization.
References
1. Label.`,
      ["Examplant"],
    );
    expect(m3.indications[0].continuation?.criteria.map((c) => c.kind)).toEqual(["on_therapy", "response"]);
  });
  it("a lower-case 'and' inside a continuation sentence does not split it", () => {
    const m2 = read(
      `Examplumab
Criteria for Initial Approval
1. Plaque psoriasis. Approve for 1 year if the patient is >= 18 years of age.
Continuation of therapy: the patient is currently receiving examplumab AND there is documentation of a positive clinical response (for example fewer abscesses and nodules).
References
1. Label.`,
      ["examplumab"],
    );
    const cont = m2.indications[0].continuation?.criteria ?? [];
    expect(cont.map((c) => c.kind)).toEqual(["on_therapy", "response"]);
  });
});

describe("indications written as unnumbered sub-headings (specialty pharmacy clinical policy bulletins)", () => {
  const m = read(
    `Specialty Pharmacy Clinical Policy Bulletin: Examplizumab
Criteria for Initial Approval
Eosinophilic Asthma
Authorization of 6 months may be granted for members 6 years of age or older with severe asthma when all of the following criteria are met:
A. Member has a baseline blood eosinophil count of at least 150 cells per microliter within 6 weeks of the request.
B. Member will not use examplizumab in combination with another anti-IL-5 biologic.
Chronic Rhinosinusitis with Nasal Polyps
Authorization of 6 months may be granted for members 18 years of age or older with chronic rhinosinusitis with nasal polyps when all of the following criteria are met:
A. Member has had an inadequate response to an intranasal corticosteroid.
Eosinophilic Granulomatosis with Polyangiitis
Authorization of 12 months may be granted for members 18 years of age or older with relapsing or refractory eosinophilic granulomatosis with polyangiitis.
Continuation of Therapy
Eosinophilic Asthma
Authorization of 12 months may be granted for members for continued treatment of severe asthma when all of the following criteria are met:
A. Asthma control has improved on examplizumab treatment as demonstrated by a reduction in exacerbations.
B. Member will not use examplizumab in combination with another anti-IL-5 biologic.
Chronic Rhinosinusitis with Nasal Polyps
Authorization of 12 months may be granted for members for continued treatment of CRSwNP when all of the following criteria are met:
A. The member has achieved a positive clinical response to examplizumab.
References
1. Label.`,
    ["examplizumab"],
  );
  it("reads each sub-heading as an indication with its own criteria", () => {
    expect(m.indications.map((i) => i.title)).toEqual([
      "Eosinophilic Asthma",
      "Chronic Rhinosinusitis with Nasal Polyps",
      "Eosinophilic Granulomatosis with Polyangiitis",
    ]);
    expect(m.indications.every((i) => i.understood)).toBe(true);
    const asthma = flat(m.indications[0].criteria);
    expect(asthma.some((c) => c.kind === "lab" && c.measure.toLowerCase().startsWith("eos"))).toBe(true);
    expect(flat(m.indications[1].criteria).some((c) => c.kind === "lab")).toBe(false);
  });
  it("keeps the lead's age ('for members 6 years of age or older with …') as a requirement", () => {
    expect(m.indications[0].criteria[0]).toMatchObject({ kind: "age", min_years: 6 });
  });
  it("a one-sentence indication keeps its age AND its disease state, never the age alone", () => {
    const egpa = flat(m.indications[2].criteria);
    expect(egpa.some((c) => c.kind === "age" && c.min_years === 18)).toBe(true);
    expect(egpa.some((c) => c.kind === "documentation" && /relapsing/.test(c.text))).toBe(true);
  });
  it("gives each indication its own continuation criteria, not the other's", () => {
    const [asthma, crs] = m.indications;
    expect(asthma.continuation?.criteria.some((c) => /asthma control/i.test(c.text))).toBe(true);
    expect(asthma.continuation?.criteria.some((c) => /nasal|CRSwNP|achieved a positive/i.test(c.text))).toBe(false);
    expect(crs.continuation?.criteria.some((c) => c.kind === "response")).toBe(true);
    expect(crs.continuation?.criteria.some((c) => /asthma control/i.test(c.text))).toBe(false);
  });
});

describe("sentences inside criteria that are not requirements to have something", () => {
  const m = read(
    `Examplizumab Policy
Criteria for Initial Approval
1. Relapsing multiple sclerosis (must meet all):
a. Diagnosis of relapsing multiple sclerosis;
b. Hepatitis B virus screening (HBsAg and anti-HBc) has been done and the results are documented; members with active hepatitis B are not eligible;
c. A positive anti-HBc result does not prevent approval;
d. Prescribed by or in consultation with a neurologist.
Footnotes
(a) Results older than 6 months are not accepted.
(b) A pending test does not satisfy the criterion.
References
1. Label.`,
    ["examplizumab"],
  );
  const crit = flat(m.indications[0].criteria);
  it("'members with active hepatitis B are not eligible' is an exclusion, never a requirement to have hepatitis B", () => {
    expect(crit.some((c) => c.kind === "diagnosis" && /hepatitis b/i.test(c.text))).toBe(false);
    expect(m.exclusions.some((e) => /active hepatitis B/i.test(e.text))).toBe(true);
  });
  it("'does not prevent approval' is information, not a requirement for a positive result", () => {
    expect(crit.some((c) => /does not prevent approval/.test(c.text))).toBe(false);
  });
  it("footnotes after the list are not criteria of its last item", () => {
    expect(crit.some((c) => /older than 6 months|pending test/.test(c.text))).toBe(false);
    expect(crit.some((c) => c.kind === "prescriber")).toBe(true);
  });
});
