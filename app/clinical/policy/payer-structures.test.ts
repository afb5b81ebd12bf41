/**
 * Structures of real commercial payer policies the reader must not misread (found on public
 * UnitedHealthcare, Centene and Cigna/ESI documents; the fixtures below are written in our own words
 * with the same structure): nested numbered lists that restart at 1 under a lettered heading,
 * requirement items that name a condition, specialty and "not in combination with" lists of bare
 * names, "(a or b)" / "(i and ii)" spelled-out operators over mutually exclusive items, disease
 * states a diagnosis requirement adds, footnotes, and reference lists.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, CriterionOf, PolicyIndication } from "../contracts";
import { docFromPages } from "../testing";
import { readPolicy } from "./read-policy";

const read = (text: string, drugs: string[]) => readPolicy(docFromPages([text]), { drug_names: drugs });
const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const ind = (is: PolicyIndication[], re: RegExp) => is.find((b) => re.test(b.title))!;

const UHC_STYLE = `Examplumab Prior Authorization/Medical Necessity
1. Background:
Examplumab is indicated for atopic dermatitis and chronic rhinosinusitis with nasal polyposis.
2. Coverage Criteria:
A. Atopic Dermatitis
1. Initial Authorization
a. Examplumab will be approved based on all of the following criteria:
(1) Diagnosis of moderate-to-severe chronic atopic dermatitis
-AND-
(2) Patient is not receiving Examplumab in combination with any of the following:
(a) Anti-interleukin-13 therapy [e.g., Adbry (tralokinumab)]
(b) Janus kinase inhibitor [e.g., Rinvoq (upadacitinib), Cibinqo (abrocitinib)]
-AND-
(3) Prescribed by one of the following:
(a) Dermatologist
(b) Allergist
(c) Immunologist
Authorization will be issued for 12 months.
2. Reauthorization
a. Examplumab will be approved based on documentation of positive clinical response.
B. Chronic Rhinosinusitis with Nasal Polyposis
1. Initial Authorization
a. Examplumab will be approved based on all of the following criteria:
(1) Diagnosis of chronic rhinosinusitis with nasal polyposis (CRSwNP) defined by all of the following:
(a) Two or more of the following symptoms for longer than 12 weeks duration:
i. Nasal obstruction or congestion
ii. Loss of sense of smell
-AND-
(b) Presence of bilateral nasal polyposis
-AND-
(2) Prescribed by one of the following:
(a) Otolaryngologist
(b) Allergist
Authorization will be issued for 12 months.
3. Additional Clinical Rules:
Supply limits may be in place.
4. References:
1. Smith J. Atopic dermatitis and asthma outcomes. J Allergy. 2020.
2. Doe A. Nasal polyps in chronic rhinosinusitis. Rhinology. 2021.`;

describe("UnitedHealthcare-style nested outline", () => {
  const m = read(UHC_STYLE, ["Examplumab"]);

  it("one indication per lettered heading, even though the numbered lists restart at 1 beneath them", () => {
    expect(m.indications.map((i) => i.title)).toEqual(["Atopic Dermatitis", "Chronic Rhinosinusitis with Nasal Polyposis"]);
    expect(m.indications.map((i) => i.duration)).toEqual(["12 months", "12 months"]);
  });

  it("a requirement that names a condition ('Diagnosis of CRSwNP defined by all of the following') is a criterion, not an indication", () => {
    const crs = ind(m.indications, /Rhinosinusitis/);
    expect(flat(crs.criteria).some((c) => c.kind === "diagnosis" && c.conditions.includes("chronic rhinosinusitis with nasal polyps"))).toBe(true);
    expect(m.indications.some((i) => /^Diagnosis of|^Prescribed by/.test(i.title))).toBe(false);
  });

  it("a list of bare specialty names under 'Prescribed by one of the following' is one prescriber criterion", () => {
    const ad = ind(m.indications, /Atopic/);
    const pr = flat(ad.criteria).find((c): c is CriterionOf<"prescriber"> => c.kind === "prescriber")!;
    expect(pr).toMatchObject({ confidence: "high" });
    expect(pr.specialties.sort()).toEqual(["allergist/immunologist", "dermatologist"]);
    expect(flat(ad.criteria).some((c) => c.kind === "human_review")).toBe(false);
  });

  it("'not receiving X in combination with any of the following' forbids each listed therapy, by its example drugs", () => {
    const ad = ind(m.indications, /Atopic/);
    const nc = flat(ad.criteria).filter((c): c is CriterionOf<"no_concurrent"> => c.kind === "no_concurrent");
    expect(nc.map((c) => c.drugs)).toEqual([["tralokinumab"], ["upadacitinib", "abrocitinib"]]);
  });

  it("renewal, 'additional clinical rules' and reference lists are not initial criteria or indications", () => {
    expect(JSON.stringify(m.indications.map((i) => i.criteria))).not.toMatch(/positive clinical response|Supply limits|J Allergy|Rhinology/);
    // the renewal passage is kept apart as the indication's continuation criteria, never initial ones
    expect(ind(m.indications, /Atopic/).continuation?.criteria.map((c) => c.kind)).toEqual(["response"]);
    expect(m.indications.some((i) => /References/.test(i.title))).toBe(false);
  });
});

const CENTENE_STYLE = `Clinical Policy: Examplimab
I. Initial Approval Criteria
A. Acute Lymphoblastic Leukemia (must meet all):
1. Diagnosis of B-cell precursor acute lymphoblastic leukemia;
2. Prescribed by or in consultation with an oncologist or hematologist;
3. Requested as treatment for (a or b):
a. B-ALL in remission but positive for minimal residual disease (MRD+);
b. Relapsed or refractory B-ALL (i and ii):
i. Philadelphia chromosome-negative (Ph-) disease;
ii. Philadelphia chromosome-positive (Ph+) disease and intolerant or refractory to at least one tyrosine kinase inhibitor;
*Prior authorization may be required for these agents
Approval duration: 6 months`;

describe("Centene-style spelled-out operators and disease states", () => {
  const m = read(CENTENE_STYLE, ["Examplimab"]);
  const all = flat(m.indications[0].criteria);
  const group = m.indications[0].criteria.find((c) => /Requested as treatment/.test(c.text))!;

  it("'(a or b)' is a choice between its items", () => {
    expect(group.kind).toBe("any");
  });

  it("'(i and ii)' over mutually exclusive items (Ph-negative / Ph-positive) is read as alternatives, not two requirements", () => {
    const tests = all.filter((c): c is CriterionOf<"test_result"> => c.kind === "test_result");
    expect(tests.map((t) => t.result).sort()).toEqual(["negative", "positive"]);
    const relapsed = flat([group]).find((c) => (c.kind === "any" || c.kind === "all") && /Relapsed or refractory/.test(c.text))!;
    expect(relapsed.kind).toBe("all");
    // the relapsed/refractory state AND one of the two Ph alternatives
    expect(flat([relapsed]).some((c) => c.kind === "any" && c.items.some((i) => i.kind === "test_result"))).toBe(true);
  });

  it("a diagnosis requirement's disease state ('in remission but MRD-positive') must be documented; the diagnosis alone never meets it", () => {
    const mrd = flat([group]).find((c) => /minimal residual disease/.test(c.text) && c.kind === "all")!;
    expect(mrd).toBeTruthy();
    expect(flat([mrd]).some((c) => c.kind === "documentation" && JSON.stringify(c.concepts).includes("remission"))).toBe(true);
  });

  it("a footnote line is a note, not a criterion", () => {
    expect(all.some((c) => /Prior authorization may be required/.test(c.text))).toBe(false);
  });
});

describe("classes found by the blind corpus (fixtures/corpus)", () => {
  it("a Part D row label wrapped in its column ('Required Medical' / 'Information') starts its own row, not the exclusion's tail", () => {
    const m = read(
      `PA Criteria Criteria Details
Covered Uses All FDA-approved indications not otherwise excluded from Part D.
Exclusion Criteria Concurrent use with another biologic.
Required Medical Plaque psoriasis (PsO): inadequate response to at least 3 months of methotrexate.
Information Psoriatic arthritis (PsA): inadequate response to at least 3 months of methotrexate or leflunomide.
Age Restrictions 18 years of age or older.`,
      ["Examplumab"],
    );
    expect(m.exclusions).toHaveLength(1);
    expect(m.indications.map((i) => i.title)).toEqual(["Plaque psoriasis (PsO)", "Psoriatic arthritis (PsA)"]);
  });

  it("what is NOT required or NOT a reason to deny is never a criterion; a limit beside a route to more is the limit OR that route", async () => {
    // a state Medicaid PDL bullet document of the blind corpus
    const fs = await import("node:fs");
    const { parseDocument } = await import("~/documents/parse-pdf.server");
    const doc = await parseDocument(
      new Uint8Array(fs.readFileSync(new URL("../../../fixtures/corpus/medicaid-az/policies/buprenorphine.pdf", import.meta.url))),
    );
    const m = readPolicy(doc, { drug_names: ["Suboxone", "buprenorphine"] });
    const all = m.indications.flatMap((i) => flat(i.criteria));
    expect(all.some((c) => /not a reason to deny|is not required|do not require/i.test(c.text))).toBe(false);
    const ql = m.indications[0].criteria.find((c) => c.kind === "any" && flat(c.items).some((i) => i.kind === "quantity_limit"));
    expect(ql, "quantity limit OR the higher-dose route").toBeTruthy();
    expect(JSON.stringify(ql)).toMatch(/Doses above 24 mg/);
  });

  it("an excluded use 'prevention of type 2 diabetes' does not exclude a patient who has type 2 diabetes", async () => {
    const { parseExcludedUse } = await import("./parse-criterion");
    const ex = parseExcludedUse("Prediabetes or prevention of type 2 diabetes.")!;
    expect(ex?.conditions ?? []).not.toContain("type 2 diabetes mellitus");
  });

  it("'negative TB test within 12 months, or, if positive, latent TB treatment started' is the test or its alternative", async () => {
    const { parseCriterion } = await import("./parse-criterion");
    const c = parseCriterion(
      "a tuberculosis screening test (tuberculin skin test or interferon-gamma release assay) with a negative result within the 12 months before the request, or, if positive, documentation that treatment for latent TB has been started",
      "",
      { drugNames: ["Examplumab"] },
    );
    expect(c.kind).toBe("any");
    expect((c as CriterionOf<"any">).items[0]).toMatchObject({ kind: "test_result", result: "negative", within_days: 365 });
  });

  it("an ICD-10-CM code denotes its own condition and the broader ones it belongs to, not a sibling sharing its prefix", async () => {
    const { conditionsForCode } = await import("../vocabulary/conditions");
    const names = conditionsForCode("M45.A8").map((c) => c.name);
    expect(names).toContain("non-radiographic axial spondyloarthritis");
    expect(names).not.toContain("ankylosing spondylitis");
    expect(conditionsForCode("M45.0").map((c) => c.name)).toContain("ankylosing spondylitis");
  });
});

describe("thresholds written number-first", () => {
  it("'at least 4 migraine days per month' is >= 4, not the next number in the sentence", async () => {
    const { parseThresholds } = await import("./parse-criterion");
    const th = parseThresholds(
      "episodic migraine with at least 4 migraine days per month, or of chronic migraine (at least 15 headache days per month, of which at least 8 are migraine days)",
    );
    expect(th.find((x) => x.measure === "migraine days per month")).toMatchObject({ op: ">=", value: 4 });
    expect(th.find((x) => x.measure === "headache days per month")).toMatchObject({ op: ">=", value: 15 });
  });
});
