/**
 * Reading classes found by the eleventh blind set (fixtures/corpus/cascade-kp, first run 5/16 with
 * automation 0/11), each written here with other drugs and wording:
 * - short title lines ("Criteria for use - first treatment course (Year 1)", "Dispensing - …",
 *   "Prescriber notes (for information; not criteria)") open sections; two criteria sections are two
 *   paths, never one list that needs both;
 * - "No current malignancy." is an exclusion, never a diagnosis requirement nor a covered condition;
 * - a list header's window ("ALL resulted within the 90 days before the request:") applies to every
 *   result under it;
 * - several tests named in one requirement ("HBsAg AND total anti-HBc and hepatitis C antibody
 *   negative") are one requirement each; a note's "two tests" is no count;
 * - "TB screening negative, or latent TB with treatment started": alternatives;
 * - an exclusion's definition set off by dashes names no condition of the exclusion;
 * - one result written twice on a day, with and without its unit: the reading on the threshold's scale;
 * - "(since 02/2024) stopped 06/2026" is a past course, not current use.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { readPolicy } from "./read-policy";
import { parseCriterion, parseExcludedUse } from "./parse-criterion";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { reviewText } from "../review/test-cases";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const ctx = { drugNames: ["Zentavir"] };

const POLICY = [
  "Regional Formulary Monograph",
  "Zentavir (examplimab) - relapsing multiple sclerosis",
  "Background",
  "Zentavir is given as two yearly treatment courses.",
  "Criteria for use - first treatment course (Year 1)",
  "Approve ONE course for 12 months when ALL of criteria 1 through 4 are met:",
  "1. Diagnosis of relapsing-remitting multiple sclerosis documented by a neurologist.",
  "2. Age 18 years or older.",
  "3. Baseline screening, ALL resulted within the 90 days before the request:",
  "a. absolute neutrophil count 1,500 cells/uL or higher;",
  "b. hepatitis B (HBsAg AND total anti-HBc) and hepatitis C antibody negative - a result that is pending, or only one of the two hepatitis B tests, does not meet this item;",
  "c. tuberculosis screening (IGRA or TST) negative, or latent TB with treatment started.",
  "4. No current malignancy.",
  "Criteria for use - second treatment course (Year 2)",
  "Approve the second course when ALL of the following are met: (1) the first course was completed; (2) the absolute neutrophil count is 1,000 cells/uL or higher within the 30 days before the request.",
  "Not approved for",
  "• Clinically isolated syndrome (CIS) - a first demyelinating event that does not meet the McDonald criteria for MS - and radiologically isolated syndrome.",
  "• Primary progressive MS.",
  "Dispensing - tablets per course by body weight",
  "40 to < 60 kg 4 tablets",
  "Prescriber notes (for information; not criteria)",
  "- Neutrophil counts at 3 months are recommended by the label.",
  "- Counsel on contraception during each course.",
].join("\n");

describe("short title lines open sections; each criteria section is a path", () => {
  const model = readPolicy(docFromPages([POLICY]), { drug_names: ["Zentavir"] });
  const texts = (cs: Criterion[]) => flat(cs).map((c) => c.text);

  it("reads the first course's criteria as one path and the second course as another", () => {
    expect(model.indications.map((i) => i.title)).toEqual(["first treatment course (Year 1)", "second treatment course (Year 2)"]);
    expect(model.indications[0].match.conditions).toEqual(["relapsing multiple sclerosis"]);
    // the second course's lower threshold is not a requirement of a first-course request
    expect(texts(model.indications[0].criteria).some((t) => /1,000 cells/.test(t))).toBe(false);
    // a path whose section names no condition is not understood: never an approval on it
    expect(model.indications[1].understood).toBe(false);
  });

  it("reads no note, dispensing row or exclusion bullet as a criterion", () => {
    const all = [...model.indications.flatMap((i) => texts(i.criteria)), ...texts(model.common)].join(" | ");
    expect(all).not.toMatch(/recommended by the label|contraception|4 tablets/);
    expect(model.exclusions.map((e) => e.text).join(" | ")).not.toMatch(/recommended by the label|contraception/);
  });

  it("'No current malignancy.' is an exclusion, not a diagnosis the path requires or covers", () => {
    expect(model.indications[0].match.conditions).not.toContain("cancer");
    expect(flat(model.indications[0].criteria).some((c) => c.kind === "diagnosis" && /malignancy/i.test(c.text))).toBe(false);
    const ex = model.exclusions.find((e) => /No current malignancy/.test(e.text));
    expect(ex?.kind).toBe("excluded_use");
  });

  it("gives every result under a windowed header the header's window", () => {
    const results = flat(model.indications[0].criteria).filter((c) => c.kind === "lab" || c.kind === "test_result");
    expect(results.length).toBeGreaterThanOrEqual(4);
    for (const r of results) expect((r as { within_days: number | null }).within_days).toBe(90);
  });

  it("reads each test of a multi-test requirement, and no count from its note", () => {
    const tests = flat(model.indications[0].criteria).filter((c): c is Extract<Criterion, { kind: "test_result" }> => c.kind === "test_result");
    const names = tests.map((t) => t.test);
    expect(names).toEqual(expect.arrayContaining(["hepatitis B screening", "hepatitis B core antibody", "hepatitis C antibody", "tuberculosis screening"]));
    for (const t of tests) expect(t.count).toBe(1);
    const tb = flat(model.indications[0].criteria).find((c) => c.kind === "any" && /latent TB/.test(c.text));
    expect(tb && tb.kind === "any" && tb.items.map((i) => i.kind)).toEqual(["test_result", "documentation"]);
  });

  it("'chronic' in a syndrome's name is no course the request must show (the modafinil exclusion of the medicaid set)", () => {
    const named = parseExcludedUse(
      "Fatigue or sleepiness due to other conditions, including depression, cancer, chronic fatigue syndrome or medication effects.",
    );
    expect(named && "severity" in named ? named.severity : undefined).toBeUndefined();
    const course = parseExcludedUse("Chronic insomnia.");
    expect(course && "severity" in course ? course.severity : undefined).toEqual(["chronic"]);
  });

  it("'maintenance programs once goals are met' is a kind of program, not a preventive use", async () => {
    const { parseExclusion } = await import("./parse-criterion");
    expect(parseExclusion("maintenance programs once goals are met or progress has plateaued", ctx).kind).not.toBe("use_mode");
    expect(parseExclusion("Maintenance therapy", ctx).kind).toBe("use_mode");
  });

  it("a way to do one test ('tuberculin skin test or IGRA') is not a second test", () => {
    const c = parseCriterion(
      "Tuberculosis screening (tuberculin skin test or interferon-gamma release assay) with its result, performed within the 12 months before the request",
      "",
      ctx,
    );
    expect(c.kind).toBe("test_result");
  });

  it("an exclusion's dashed definition names no condition of the exclusion", () => {
    const ex = parseExcludedUse(
      "Clinically isolated syndrome (CIS) - a first demyelinating event that does not meet the McDonald criteria for MS - and radiologically isolated syndrome.",
    );
    expect(ex?.conditions).toEqual(["clinically isolated syndrome"]);
    // the relapsing forms a label lists are each named (CIS is neither parent nor child of RRMS)
    const dxc = parseCriterion("Diagnosis of a relapsing form of multiple sclerosis, including clinically isolated syndrome", "", ctx);
    expect(dxc.kind === "diagnosis" && dxc.conditions).toEqual(expect.arrayContaining(["relapsing multiple sclerosis", "clinically isolated syndrome"]));
  });
});

describe("decisions on the classes", () => {
  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Zentavir"], title: "Zentavir", documentName: "policy" });
  const fax = (extra: string[]) =>
    [
      "PRIOR AUTHORIZATION REQUEST 2026-10-01",
      "Patient: Jane Roe DOB 1985-02-03 Member ID NW1",
      "Medication requested: Zentavir 10 mg tablets",
      "Diagnosis: relapsing-remitting multiple sclerosis (G35.A)",
      "Prescriber: Dr. A Neuro, Neurology",
      ...extra,
    ].join("\n");

  it("a relapsing-MS request with every screening result is not pended on a note or the second course", () => {
    const { review } = reviewText(
      tree,
      fax([
        "Labs 09/20/2026: ANC 2.4 (note). Absolute neutrophils 2.4 x10E3/uL 1.5 - 7.8",
        "09/20/2026: HBsAg nonreactive; anti-HBc total nonreactive; HCV Ab nonreactive; QuantiFERON-TB Gold negative.",
        "No history of malignancy.",
      ]),
    );
    const path = review.paths.find((p) => /Year 1/.test(p.title));
    expect(path?.outcome).toBe("met");
  });

  it("HBsAg alone does not meet 'HBsAg AND total anti-HBc'; a pending core antibody is no failure", () => {
    const { review } = reviewText(
      tree,
      fax(["Absolute neutrophils 2.4 x10E3/uL on 09/20/2026", "09/20/2026: HBsAg nonreactive; HCV Ab nonreactive; QuantiFERON negative. Anti-HBc pending."]),
    );
    const path = review.paths.find((p) => /Year 1/.test(p.title));
    expect(path?.outcome).toBe("insufficient");
  });

  it("an old screening result is not met by the list's window", () => {
    const { review } = reviewText(
      tree,
      fax([
        "Absolute neutrophils 2.4 x10E3/uL on 01/20/2026",
        "01/20/2026: HBsAg nonreactive; anti-HBc total nonreactive; HCV Ab nonreactive; QuantiFERON negative.",
      ]),
    );
    const path = review.paths.find((p) => /Year 1/.test(p.title));
    expect(path?.outcome).not.toBe("met");
  });
});

describe("a federal-employee-program style prior-approval policy", () => {
  const FEP = [
    "POLICY",
    "PRIOR-APPROVAL REQUIREMENTS",
    "Age: 18 years of age or older",
    "Patient must have ALL of the following:",
    "1. Diagnosis of chronic plaque psoriasis",
    "2. Prescribed by a dermatologist",
    "3. Not used with other biologic agents",
    "Prior-Approval will not be granted when: the patient has active tuberculosis; the patient is pregnant;",
    "the patient has a history of demyelinating disease.",
    "Prior-Approval Renewal Requirements",
    "Patient must have ALL of the following:",
    "1. Improvement in body surface area affected",
    "2. Not used with other biologic agents",
    "RESOURCES",
    "1. Zentavir prescribing information. Examplecity: Example Pharma; 2024.",
    "2. Smith J, et al. A trial of zentavir in psoriasis. N Engl J Med. 2020;1:1-10.",
  ].join("\n");
  const model = readPolicy(docFromPages([FEP]), { drug_names: ["Zentavir"] });
  const texts = [...model.indications.flatMap((i) => flat(i.criteria)), ...flat(model.common)].map((c) => c.text).join(" | ");

  it("files the parts of 'Prior-Approval will not be granted when: …; …; …' as exclusions", () => {
    expect(model.exclusions.map((e) => e.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/active tuberculosis/), expect.stringMatching(/pregnant/), expect.stringMatching(/demyelinating/)]),
    );
    expect(texts).not.toMatch(/will not be granted|active tuberculosis|demyelinating/);
  });

  it("reads renewal requirements as continuation and resources as no criteria", () => {
    expect(texts).not.toMatch(/Improvement in body surface|prescribing information|N Engl J Med/);
    expect(model.continuation.map((c) => c.text).join(" ")).toMatch(/Renewal/);
  });
});

describe("HIV prevention and testing are not HIV infection", () => {
  it("reads PrEP, HIV tests and results without the infection", async () => {
    const { indicationTerms } = await import("./parse-criterion");
    expect(indicationTerms("HIV-1 pre-exposure prophylaxis").conditions).toEqual(["hiv pre-exposure prophylaxis"]);
    expect(indicationTerms("HIV Ag/Ab negative").conditions).toEqual([]);
    expect(indicationTerms("HIV-1 RNA test").conditions).toEqual([]);
    expect(indicationTerms("the patient has HIV-1 infection").conditions).toEqual(["hiv infection"]);
  });
});

describe("a baseline ECG", () => {
  it("is a test done within the policy's window, read from 'ECG' on the fax", () => {
    const c = parseCriterion("An electrocardiogram (ECG) performed within the 6 months before the request", "", ctx);
    expect(c).toMatchObject({ kind: "test_result", test: "electrocardiogram", within_days: 183 });
    const tree = generateDecisionTree(
      docFromPages([
        [
          "Zentavir criteria",
          "Approve when ALL of the following are met:",
          "1. An electrocardiogram (ECG) performed within the 6 months before the request.",
        ].join("\n"),
      ]),
      { drug_names: ["Zentavir"], title: "Zentavir", documentName: "policy" },
    );
    const recent = reviewText(tree, "Request 2026-10-01 for Zentavir\n09/14/2026 12-lead ECG: normal sinus rhythm, QTc 421 ms.");
    const old = reviewText(tree, "Request 2026-10-01 for Zentavir\n01/14/2026 12-lead ECG: normal sinus rhythm.");
    const ecg = (r: typeof recent) => r.review.paths.flatMap((p) => p.criteria).find((c) => /electrocardiogram/i.test(c.question));
    expect(ecg(recent)?.outcome).toBe("met");
    expect(ecg(old)?.outcome).toBe("insufficient");
  });
});

describe("therapy history", () => {
  it("'(since 02/2024) stopped 06/2026' is a past course, not current use", () => {
    const idx = buildCaseIndex(docFromPages(["Plan: Tecfidera (since 02/2024) stopped 06/2026 after a relapse."]), "2026-11-01");
    const t = therapyEvidence(idx, ["tecfidera"], []).get("tecfidera");
    expect(t?.stopped).toBe(true);
    expect(t?.ongoing).toBe(false);
    const now = therapyEvidence(buildCaseIndex(docFromPages(["Tecfidera since 02/2024, tolerating well."]), "2026-11-01"), ["tecfidera"], []).get("tecfidera");
    expect(now?.ongoing).toBe(true);
  });
});
