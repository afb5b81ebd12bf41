/**
 * The invariant of the decision layer (docs/clinical/decision-semantics.md, "Adverse outcomes only
 * from fully understood text"): a criterion can fail, or an exclusion apply, only when every
 * qualifier of its policy sentence is accounted for by the parse, and a pending or ordered test is
 * never a failure. Property tests: each base policy below denies its base request on a clear,
 * fully read failure; every mutation that adds a qualifier the parse does not hold (a per-indication
 * scope, an exception clause, a severity or history qualifier, a second threshold) must turn that
 * denial into needs-more-information, never keep it — and never turn it into an approval.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { parseCriterion, parseExclusion } from "../policy/parse-criterion";
import { adverseConfidence, unreadQualifiers } from "../policy/parse-coverage";
import { docFromPages } from "../testing";
import { decideText, dx } from "./test-cases";

const ctx = { drugNames: ["Examplumab"] };

const policy = (criteria: string[], exclusions: string[] = []) =>
  [
    "Examplumab Clinical Policy",
    "Criteria for Initial Approval",
    "1. Moderate to severe asthma (must meet all):",
    ...criteria.map((c, i) => `${String.fromCharCode(97 + i)}. ${c};`),
    "Approval duration: 12 months",
    ...(exclusions.length ? ["Exclusions - not covered", ...exclusions.map((e) => `- ${e}`)] : []),
  ].join("\n");

const REQUEST = [
  "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
  "Medication: Examplumab 100 mg SC every 4 weeks",
  "Diagnosis: J45.50 severe persistent asthma.",
  "Patient is 44 years old (DOB 03/02/1982).",
  "Prescriber specialty: Dermatology",
].join("\n");
const facts = { diagnoses: [dx("J45.50", "severe persistent asthma", true)] };

function decide(criteria: string[], exclusions: string[] = [], text = REQUEST) {
  const tree = generateDecisionTree(docFromPages([policy(criteria, exclusions)]), { drug_names: ["Examplumab"] });
  return decideText(tree, text, facts).decision;
}

describe("property: a qualifier the parse does not hold never keeps a denial", () => {
  // base: a clear, fully read specialty failure (a dermatologist prescribes, a pulmonologist is required)
  const base = "Prescribed by or in consultation with a pulmonologist or allergist";
  it("the base sentence denies (the test can fail)", () => {
    expect(decide([base]).final_decision).toBe("denied");
  });
  const mutations = [
    `${base} unless the member is established with the prescriber for more than a year`,
    `${base} except when the member lives more than 60 miles from one`,
    `${base} (or a specialist in severe asthma)`,
  ];
  it.each(mutations)("%s", (m) => {
    const d = decide([m]);
    expect(d.final_decision).toBe("needs_more_information");
  });
});

describe("a prescriber requirement written per indication counts only the request's own indication", () => {
  const lists = [
    "Prescribed by or in consultation with a pulmonologist or allergist/immunologist (asthma), an otolaryngologist (nasal polyps), or a dermatologist (urticaria)",
    "Prescribed by or in consultation with a pulmonologist or allergist for asthma; an otolaryngologist for nasal polyps; a dermatologist for chronic urticaria",
  ];
  it.each(lists)("%s", (list) => {
    // the request's own specialty (asthma: pulmonology) is met, never cut away
    const pulm = decide([list], [], REQUEST.replace("Dermatology", "Pulmonology"));
    expect(pulm.final_decision).toBe("approved");
    // a dermatologist prescribing for asthma is not the asthma entry's specialty: never approved
    expect(decide([list]).final_decision).not.toBe("approved");
    // nothing outside the list (no nasal-polyp diagnosis required of an asthma request)
    const c = parseCriterion(list, "", ctx);
    expect(c.kind).toBe("prescriber");
  });
});

describe("property: an exclusion applies only when each of its qualifiers is read", () => {
  const text = REQUEST.replace("Dermatology", "Pulmonology") + "\nMild intermittent asthma, well controlled; no hospitalizations.";
  it("a plain severity exclusion applies (the test can fail)", () => {
    expect(decide(["Prescribed by a pulmonologist"], ["Mild asthma"], text).final_decision).toBe("denied");
  });
  const mutations = [
    "Mild asthma in a member without a previous hospitalization",
    "Mild asthma in a member without a prior exacerbation requiring oral corticosteroids",
    "Mild asthma after a previous hospitalization",
    "Mild asthma with an FEV1 above 80 percent",
    "Mild asthma unless the member has failed a medium-dose inhaled corticosteroid",
  ];
  it.each(mutations)("%s", (m) => {
    const d = decide(["Prescribed by a pulmonologist"], [m], text);
    expect(d.final_decision).not.toBe("denied");
    expect(d.final_decision).not.toBe("approved");
  });
});

describe("unread qualifiers are named, fully read sentences have none", () => {
  it.each([
    ["Prescribed by or in consultation with a pulmonologist or allergist (or a specialist in severe asthma)", ["(or a specialist in severe asthma)"]],
    ["Age 6 years or older (asthma) or 18 years or older (nasal polyps)", ["(asthma)"]],
  ])("criterion %s", (s, want) => {
    const c = parseCriterion(s, "", ctx);
    for (const w of want) expect(unreadQualifiers(c)).toContain(w);
    expect(adverseConfidence(c)).not.toBe("high");
  });
  it.each([
    ["Mild asthma in a member without a previous hospitalization", "without"],
    ["Active serious infection, including tuberculosis", "active"],
  ])("exclusion %s", (s, want) => {
    const c = parseExclusion(s, ctx);
    expect(unreadQualifiers(c)).toContain(want);
    expect(adverseConfidence(c)).not.toBe("high");
  });
  it.each([
    "Prescribed by or in consultation with a rheumatologist",
    "Patient is 18 years of age or older",
    "LDL-C of 70 mg/dL or higher measured within the past 90 days",
    "LDL-C >= 70 mg/dL on a lipid panel drawn within the past 90 days while on the regimen described in criterion 4",
    "Trial and failure of at least two triptans unless contraindicated or not tolerated",
    "Quantity limit: 2 pens per 28 days",
  ])("criterion %s", (s) => {
    expect(unreadQualifiers(parseCriterion(s, "", ctx))).toEqual([]);
  });
  it.each([
    "Type 1 diabetes mellitus",
    "Use for weight loss or chronic weight management in a member without type 2 diabetes mellitus.",
    "Fatigue or sleepiness due to other conditions, including depression, multiple sclerosis, cancer, chronic fatigue syndrome or medication effects.",
    "Mild plaque psoriasis",
  ])("exclusion %s", (s) => {
    expect(unreadQualifiers(parseExclusion(s, ctx))).toEqual([]);
  });
});

describe("a pending or ordered test is never a failure; a negative screen is no disease", () => {
  const text = (tb: string) => REQUEST.replace("Dermatology", "Pulmonology") + `\n${tb}`;
  it.each([
    "QuantiFERON-TB Gold 03/01/2026: positive. Chest x-ray clear; repeat QuantiFERON ordered 09/28/2026, result pending.",
    "TB screening (QuantiFERON) ordered 09/29/2026 - result pending.",
    "Tuberculin skin test placed 09/29/2026; reading scheduled 10/01/2026.",
  ])("TB requirement with %s", (tb) => {
    const d = decide(["Prescribed by a pulmonologist", "Negative tuberculosis test within 12 months"], [], text(tb));
    expect(d.final_decision).toBe("needs_more_information");
  });
  it("a recent positive test with nothing pending still fails (the test can fail)", () => {
    const d = decide(["Prescribed by a pulmonologist", "Negative tuberculosis test within 12 months"], [], text("QuantiFERON-TB Gold 09/01/2026: positive."));
    expect(d.final_decision).toBe("denied");
  });
  it.each([
    "QuantiFERON-TB Gold 09/01/2026: negative.",
    "TB screening negative (QuantiFERON 09/01/2026). Hepatitis B surface antigen negative.",
    "Screened for latent tuberculosis: IGRA negative on 09/01/2026; no active infection.",
  ])("an 'active infection' exclusion with %s", (tb) => {
    const d = decide(["Prescribed by a pulmonologist"], ["Active tuberculosis or other active serious infection"], text(tb));
    expect(d.final_decision).toBe("approved");
  });
  it("'screened for hepatitis B' is a test to document, never a hepatitis B diagnosis to have", () => {
    const c = parseCriterion("Patient has been screened for hepatitis B virus (HBV) infection", "", ctx);
    expect(c.kind).toBe("test_result");
    const d = decide(
      ["Prescribed by a pulmonologist", "Patient has been screened for hepatitis B virus (HBV) infection"],
      [],
      text("HBsAg negative 09/02/2026."),
    );
    expect(d.final_decision).toBe("approved");
  });
});

describe("a strength is never a dispensed quantity", () => {
  const text = (line: string, quantity: number | null, unit: string | null) => ({
    text: REQUEST.replace("Dermatology", "Pulmonology").replace("Medication: Examplumab 100 mg SC every 4 weeks", line),
    quantity,
    unit,
  });
  const run = (c: { text: string; quantity: number | null; unit: string | null }) => {
    const tree = generateDecisionTree(docFromPages([policy(["Prescribed by a pulmonologist", "Quantity limit: 2 pens per 28 days"])]), {
      drug_names: ["Examplumab"],
    });
    const start = c.text.indexOf("Medication");
    const line = c.text.slice(start, c.text.indexOf("\n", start));
    return decideText(tree, c.text, {
      ...facts,
      medication: {
        drug_name: "Examplumab",
        generic_name: null,
        strength: "40 mg",
        dosage: null,
        quantity: c.quantity,
        quantity_unit: c.unit,
        days_supply: 28,
        duration_months: null,
        ndc: null,
        drug_class: null,
        citations: [{ document: "fax", page: 1, start, end: start + line.length, text: line }],
      },
    }).decision;
  };
  it("'40 mg' read as a quantity of 40 is not a failed limit", () => {
    expect(run(text("Medication: Examplumab 40 mg/0.4 mL pen, inject 40 mg every 14 days", 40, null)).final_decision).toBe("needs_more_information");
    expect(run(text("Medication: Examplumab 40 mg/0.4 mL pen, inject every 14 days", 40, "mg")).final_decision).toBe("needs_more_information");
  });
  it("a quantity in another unit is not a failed limit", () => {
    expect(run(text("Medication: Examplumab pen, 4 cartons per 28 days", 4, "cartons")).final_decision).toBe("needs_more_information");
  });
  it("a labelled quantity over the limit fails (the test can fail)", () => {
    expect(run(text("Medication: Examplumab 40 mg pen, Quantity: 4 pens per 28 days", 4, "pens")).final_decision).toBe("denied");
  });
});

describe("a denial needs the request's own indication to have been read", () => {
  // an LCD-style article whose covered indications are prose items the reader cannot split; only the
  // last, short item is read as an indication
  const lcd = [
    "Examplizumab Intravenous - Part B Drug Coverage Article",
    "Covered indications",
    "1. Rheumatoid arthritis (RA), moderately to severely active, in adults who have had an inadequate response to, or",
    "intolerance of, at least one conventional DMARD taken for at least 12 weeks. Disease activity must be documented.",
    "2. Giant cell arteritis (GCA) in adults, diagnosed by temporal artery biopsy or by vascular imaging.",
    "3. Polyarticular juvenile idiopathic arthritis (not subject to prior authorization).",
    "Screening requirements (all new starts)",
    "a. Baseline absolute neutrophil count (ANC), platelet count and ALT/AST within the 30 days before the request.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([lcd]), { drug_names: ["Examplizumab"] });
  it.each([
    ["M05.79", "seropositive rheumatoid arthritis"],
    ["M31.6", "giant cell arteritis"],
  ])("a request for %s is never 'not covered' when the policy names it as covered", (code, desc) => {
    const { decision } = decideText(
      tree,
      ["PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026", "Medication: Examplizumab 340 mg IV every 4 weeks", `Diagnosis: ${code} ${desc}.`].join("\n"),
      { diagnoses: [dx(code, desc, true)] },
    );
    expect(decision.final_decision).not.toBe("denied");
  });
  it("a dosing fragment under an indication the reader did not understand denies nothing", () => {
    const guideline = [
      "Examplumab Clinical UM Guideline",
      "Clinical criteria",
      "Requests for Examplumab may be approved when the member has a condition the guideline lists and the prescriber attests it.",
      "Quantity: 2 syringes",
      "(weeks 0 and 4), then 1 syringe per 56 days",
    ].join("\n");
    const t = generateDecisionTree(docFromPages([guideline]), { drug_names: ["Examplumab"] });
    const { decision } = decideText(
      t,
      ["PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026", "Medication: Examplumab 100 mg, Quantity: 2 syringes per 28 days", "Diagnosis: L40.0 psoriasis."].join(
        "\n",
      ),
      {
        diagnoses: [dx("L40.0", "psoriasis vulgaris", true)],
        medication: {
          drug_name: "Examplumab",
          generic_name: null,
          strength: null,
          dosage: null,
          quantity: 2,
          quantity_unit: "syringes",
          days_supply: 28,
          duration_months: null,
          ndc: null,
          drug_class: null,
          citations: [],
        },
      },
    );
    expect(decision.final_decision).not.toBe("denied");
  });
});

describe("an unspecified code against a specific form", () => {
  const pso = [
    "Examplicitinib Clinical Policy",
    "Criteria for Initial Approval",
    "1. Plaque psoriasis (must meet all):",
    "a. Diagnosis of chronic plaque psoriasis;",
    "b. Member is 18 years of age or older;",
    "Approval duration: 12 months",
    "Exclusions - not covered",
    "- Pustular forms of psoriasis (generalized pustular psoriasis or palmoplantar pustulosis).",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([pso]), { drug_names: ["Examplicitinib"] });
  const request = (text: string) =>
    decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplicitinib 6 mg daily",
        "Diagnosis: L40.9 psoriasis, unspecified",
        "Age 61.",
        text,
      ].join("\n"),
      { diagnoses: [dx("L40.9", "psoriasis, unspecified", true)] },
    ).decision;
  it("never satisfies the covered form, and is never 'not covered' either", () => {
    expect(request("Scaly lesions on the trunk.").final_decision).toBe("needs_more_information");
  });
  it("text naming the excluded form wins over the unspecified code", () => {
    const d = request("Assessment: palmoplantar pustulosis, biopsy-proven; no plaque disease elsewhere.");
    expect(d.final_decision).toBe("denied");
    expect(d.rule).toBe("deny_exclusion");
  });
  it("text naming the covered form makes the excluded form no ground to deny", () => {
    expect(request("Assessment: chronic plaque psoriasis of the elbows and knees; also palmoplantar pustulosis.").final_decision).not.toBe("denied");
  });
  it("a specific covered code is matched as before", () => {
    const d = decideText(
      tree,
      ["PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026", "Medication: Examplicitinib 6 mg daily", "Diagnosis: L40.0 psoriasis vulgaris", "Age 61."].join("\n"),
      { diagnoses: [dx("L40.0", "psoriasis vulgaris", true)] },
    ).decision;
    expect(d.final_decision).not.toBe("denied");
  });
});
