/**
 * Classes of stop 46, each asserted on invented wording (no set's own text):
 * 1. "… will be given together with oral methotrexate, unless methotrexate is contraindicated or not
 *    tolerated": a REQUIRED combination — the "not" of the exception never makes it a no-concurrent-use
 *    rule (which a member on methotrexate would fail), and the documented contraindication is the other way;
 * 2. "<lab threshold> … while the member takes <therapy> for at least N months" / "… despite <therapy>":
 *    the value AND the therapy; either half alone left the other unchecked;
 * 3. a serum uric acid threshold is a measure; allopurinol and febuxostat are xanthine oxidase inhibitors;
 * 4. "G6PD deficiency has been ruled out by a G6PD test result": a normal G6PD result meets it, a
 *    deficient one fails it, "r/o G6PD deficiency" (a plan to test) does neither;
 * 5. "<drug class> will be stopped before the first dose": a plan to stop a drug taken now — never a
 *    trial of it, never a no-concurrent-use rule;
 * 6. a medication row "<drug> <dose> started <date>" within the year, with no stop, is current use;
 * 7. "A. BETA THALASSEMIA" / "For initial authorization:" / … / "For reauthorization:" / "B. <OTHER
 *    CONDITION>": lettered indication titles in capitals each open their own path, and "For
 *    reauthorization:" opens the continuation (the second indication had been read as the first one's
 *    renewal, and an exclusion for its higher-risk form then denied it on the diagnosis code);
 * 8. an exclusion naming a form of a condition ("Higher-risk MDS (IPSS-R high or very high)") never
 *    applies on the diagnosis code alone;
 * 9. a count of events is the number before their name ("Three exacerbations … in the past 12 months"),
 *    dated by its window — never a form's threshold ("≥ 2 exacerbations …? [X] Yes") nor the next number;
 * 10. a dose table by a value's bands ("Dose matches the baseline platelet count: less than 40 - 60 mg;
 *     40 to less than 50 - 40 mg") is a dose rule, never "platelets < 40"; and "platelets 40 to less than
 *     50" in a quantity-limit line is no platelet result;
 * 11. a benefit brochure's own voice ("We cover …", "Please remember …", "Be sure to read …") is no
 *     criterion; bracketed footnotes ("[1] An adequate trial is …") under a list are notes, never the last
 *     item's words;
 * 12. "non-triptan" names no triptan; "<drug> is prescribed for the acute treatment of …" is the use the
 *     request must state, read from the requested drug's own clause (another drug's preventive use is not it);
 * 13. an item of a billing section that names codes ("5. Administration Codes / 5.3 … (96374) …") applies
 *     to lines billing those codes, never to the drug line.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import { classesNamedIn, drugsNamedIn } from "../vocabulary/drugs";
import type { Criterion } from "../contracts";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";
import { generateDecisionTree } from "./compile-tree";
import { decideText, dx } from "../review/test-cases";
import { measureValues } from "../evidence/findings";
import { MEASURES } from "../vocabulary/measures";
import { requestUseModes } from "../review/evaluate";

const DAY = "2026-11-05";
const ctxOf = (lines: string[]) =>
  evalContext({ idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] });
const P = { drugNames: ["Examplo", "examplozumab"] };
const kinds = (c: Criterion): string[] => (c.kind === "all" || c.kind === "any" ? [c.kind, ...c.items.flatMap(kinds)] : [c.kind]);

describe("a required combination with an exception", () => {
  const text = "Examplo will be given together with oral methotrexate 10 to 25 mg weekly, unless methotrexate is contraindicated or not tolerated.";
  it("is the current therapy OR its documented contraindication, never a no-concurrent-use rule", () => {
    const c = parseCriterion(text, "", P);
    expect(kinds(c)).toEqual(["any", "current_therapy", "contraindication"]);
    expect(kinds(c)).not.toContain("no_concurrent");
  });
  it("is met by methotrexate taken now and by its documented contraindication; pends on neither", () => {
    const c = parseCriterion(text, "", P);
    expect(evaluateCriterion(c, ctxOf(["Medications: methotrexate 20 mg weekly, current; folic acid 1 mg daily."])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["Methotrexate contraindicated: eGFR 24 and alcohol use disorder."])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["Medications: lisinopril 10 mg daily."])).outcome).toBe("insufficient");
  });
  it("still reads a combination that is forbidden as one", () => {
    expect(parseCriterion("Examplo is not used in combination with another biologic, unless switching.", "", P).kind).toBe("no_concurrent");
  });
});

describe("a value measured on a therapy", () => {
  it("is ALL of the lab threshold and the trial", () => {
    const c = parseCriterion("Fasting triglycerides of 500 mg/dL or higher while the patient is taking a statin for at least 12 weeks", "", P);
    expect(c.kind).toBe("all");
    if (c.kind !== "all") return;
    expect(c.items[0]).toMatchObject({ kind: "lab", measure: "triglycerides", op: ">=", value: 500 });
    expect(c.items[1]).toMatchObject({ kind: "prior_therapy", classes: ["statin"], min_days: 84 });
  });
  it("reads 'despite' the same way, and the value still decides", () => {
    const c = parseCriterion("HbA1c above 8.0% despite at least 6 months of metformin", "", P);
    expect(kinds(c)).toEqual(["all", "lab", "prior_therapy"]);
    const low = evaluateCriterion(c, ctxOf(["Metformin 1000 mg twice daily since 01/2025, current.", "Hemoglobin A1c 7.1 % on 10/20/2026."]));
    expect(low.outcome).toBe("not_met");
  });
  it("leaves a sentence without a value alone", () => {
    expect(parseCriterion("Inadequate response while taking a statin for at least 12 weeks", "", P).kind).toBe("prior_therapy");
  });
});

describe("gout vocabulary", () => {
  it("reads serum uric acid thresholds and values, in umol/L too", () => {
    const c = parseCriterion("Serum uric acid greater than 7 mg/dL within 90 days", "", P);
    expect(c).toMatchObject({ kind: "lab", measure: "serum uric acid", op: ">", value: 7, within_days: 90 });
    expect(evaluateCriterion(c, ctxOf(["Uric acid 9.4 mg/dL (10/30/2026)"])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["Uric acid 5.2 mg/dL (10/30/2026)"])).outcome).toBe("not_met");
    // 559 umol/L = 9.4 mg/dL
    expect(evaluateCriterion(c, ctxOf(["Urate (serum uric acid) 559 umol/L (10/30/2026)"])).outcome).toBe("met");
  });
  it("never reads urate-lowering therapy or uric acid stones as a value", () => {
    expect(parseCriterion("History of uric acid stones", "", P).kind).not.toBe("lab");
  });
  it("knows the xanthine oxidase inhibitors", () => {
    expect(drugsNamedIn("allopurinol 300 mg, then Uloric 40 mg").sort()).toEqual(["allopurinol", "febuxostat"]);
    expect(classesNamedIn("a xanthine oxidase inhibitor at a medically appropriate dose").map((c) => c.name)).toContain("xanthine oxidase inhibitor");
  });
});

describe("a deficiency ruled out by a test", () => {
  const c = parseCriterion("Glucose-6-phosphate dehydrogenase (G6PD) deficiency was excluded by a G6PD test before the first dose.", "", P);
  it("is a negative G6PD result", () => {
    expect(c).toMatchObject({ kind: "test_result", test: "G6PD", result: "negative" });
  });
  it("is met by a normal activity, failed by a deficient one, and pends on a plan to test", () => {
    expect(evaluateCriterion(c, ctxOf(["G6PD quantitative 11.4 U/g Hb - normal (10/12/2026)"])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["G6PD: deficient, 1.9 U/g Hb (10/12/2026)"])).outcome).toBe("not_met");
    expect(evaluateCriterion(c, ctxOf(["Plan: r/o G6PD deficiency before starting."])).outcome).toBe("insufficient");
  });
});

describe("a drug to be stopped before the requested one starts", () => {
  const c = parseCriterion("Any oral urate-lowering agent (allopurinol, febuxostat) will be discontinued prior to the first Examplo dose.", "", P);
  it("is documentation of the plan, never a trial or a no-concurrent-use rule", () => {
    expect(c.kind).toBe("documentation");
  });
  it("is not failed by the member taking the drug now", () => {
    expect(evaluateCriterion(c, ctxOf(["Allopurinol 300 mg daily - current; to be stopped the day before the first infusion."])).outcome).not.toBe("not_met");
  });
});

describe("a medication started this year and never stopped", () => {
  it("is taken now", () => {
    const ctx = ctxOf(["Methotrexate 15 mg PO weekly + folic acid 1 mg daily started 09/20/2026"]);
    expect(therapyEvidence(ctx.idx, ["methotrexate"], []).get("methotrexate")?.ongoing).toBe(true);
  });
  it("but not when it was stopped, nor years ago", () => {
    const stopped = ctxOf(["Methotrexate 15 mg weekly started 03/01/2026, stopped 06/2026 (nausea)"]);
    expect(therapyEvidence(stopped.idx, ["methotrexate"], []).get("methotrexate")?.ongoing).toBe(false);
    const old = ctxOf(["Methotrexate 15 mg weekly started 03/2019"]);
    expect(therapyEvidence(old.idx, ["methotrexate"], []).get("methotrexate")?.ongoing).toBe(false);
  });
});

describe("lettered indication titles in capitals", () => {
  const policy = [
    "Examplo (examplercept) - Pharmacy Policy Statement",
    "Examplo is medically necessary when ALL of the criteria for the member's diagnosis below are met.",
    "A. SICKLE CELL DISEASE",
    "For initial authorization:",
    "1. Member is 16 years of age or older; AND",
    "2. Medication is prescribed by or in consultation with a hematologist; AND",
    "3. Member has had at least 2 vaso-occlusive crises in the 12 months before the request.",
    "Initial authorization: 6 months.",
    "For reauthorization:",
    "1. Fewer vaso-occlusive crises than before treatment.",
    "Reauthorization: 12 months.",
    "B. MYELODYSPLASTIC SYNDROMES (MDS)-ASSOCIATED ANEMIA",
    "For initial authorization:",
    "1. Member is 18 years of age or older; AND",
    "2. Medication is prescribed by or in consultation with a hematologist or oncologist; AND",
    "3. Member has very low-, low- or intermediate-risk MDS by IPSS-R, shown by the bone marrow report.",
    "Initial authorization: 6 months.",
    "CONDITIONS NOT COVERED",
    "- Higher-risk MDS (IPSS-R high or very high)",
  ].join("\n");
  it("open one path each, and the reauthorization list is continuation", () => {
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
    expect(m.indications.map((i) => i.title)).toEqual(["SICKLE CELL DISEASE", "MYELODYSPLASTIC SYNDROMES (MDS)-ASSOCIATED ANEMIA"]);
    expect(m.indications[1].criteria.map((c) => c.text).join(" ")).toMatch(/intermediate-risk MDS/);
    expect(m.indications[0].criteria.map((c) => c.text).join(" ")).not.toMatch(/Fewer vaso-occlusive/);
  });
  it("a lower-risk MDS request is never denied by the higher-risk exclusion on its code", () => {
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplo"] });
    const { decision } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplo 1 mg/kg every 3 weeks",
        "Diagnosis: D46.1 MDS with ring sideroblasts. Age 74. Hematology.",
      ].join("\n"),
      { diagnoses: [dx("D46.1", "myelodysplastic syndrome")] },
    );
    expect(decision.final_decision).not.toBe("denied");
  });
});

describe("a count of events", () => {
  const values = (lines: string[]) =>
    measureValues(
      ctxOf(lines).idx,
      MEASURES.find((m) => m.name === "exacerbations per year")!,
    );
  it("is the number before the name, dated by its window", () => {
    const v = values(["Two exacerbations requiring oral steroids in the past 12 months despite high-dose ICS/LABA."]);
    expect(v.map((x) => [x.value, x.date])).toEqual([[2, DAY]]);
  });
  it("is never a form's threshold, the number after it, or a list marker on the next line", () => {
    expect(values([">= 2 exacerbations needing systemic steroids in the last 12 months? [X] Yes"])).toEqual([]);
    expect(values(["4 exacerbations, 1 ED visit"]).map((x) => x.value)).toEqual([4]);
    expect(values(["J45.51 Severe persistent asthma with (acute) exacerbation", "5. CLINICAL QUESTIONS"])).toEqual([]);
  });
});

describe("an exclusion naming a form of a condition", () => {
  it("never applies on the diagnosis code alone, even when the policy covers another condition only", () => {
    const policy = [
      "Examplo (examplercept) - Pharmacy Policy Statement",
      "A. SICKLE CELL DISEASE",
      "For initial authorization:",
      "1. Member is 16 years of age or older; AND",
      "2. Medication is prescribed by or in consultation with a hematologist.",
      "CONDITIONS NOT COVERED",
      "- Higher-risk MDS (IPSS-R high or very high)",
    ].join("\n");
    const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplo"] });
    const { review, decision } = decideText(
      tree,
      [
        "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
        "Medication: Examplo 1 mg/kg every 3 weeks",
        "Diagnosis: D46.1 MDS with ring sideroblasts. Age 74.",
      ].join("\n"),
      { diagnoses: [dx("D46.1", "myelodysplastic syndrome")] },
    );
    const applied = (review.exclusions ?? []).find((e) => /Higher-risk MDS/.test(e.question));
    expect(applied?.outcome).toBe("insufficient");
    expect(applied?.reason).toMatch(/higher-risk/i);
    expect(decision.rule).not.toBe("deny_exclusion");
  });
});

describe("a dose table by a value's bands", () => {
  it("is a dose rule, never a requirement on the value", () => {
    const c = parseCriterion(
      "Dose matches the baseline ANC: less than 500 cells/mcL - 480 mcg once daily; 500 to less than 1,000 cells/mcL - 300 mcg once daily",
      "",
      P,
    );
    expect(c.kind).toBe("dose_limit");
    expect(parseCriterion("Baseline platelet count less than 50 x 10^9/L within 30 days", "", P).kind).toBe("lab");
  });
  it("a band's lower bound in a quantity-limit line is no result", () => {
    const v = measureValues(
      ctxOf(["Quantity limit: 10 tablets (platelets 40 to less than 50 x 10^9/L, 40 mg daily)", "Platelet count 44 x10^3/uL (10/30/2026)"]).idx,
      MEASURES.find((m) => m.name === "platelets")!,
    );
    expect(v.map((x) => x.value)).toEqual([44]);
  });
});

describe("a benefit brochure's voice and bracketed footnotes", () => {
  const policy = [
    "Examplo - Prescription drug benefits and criteria",
    "Section 5(f). Prescription drug benefits",
    "• We cover prescribed drugs and medications, as described in the chart beginning on page 74.",
    "• Please remember that all benefits are subject to the definitions, limitations and exclusions in this brochure.",
    "COVERAGE CRITERIA - INITIAL APPROVAL (12 MONTHS)",
    "Examplo is covered for a member who meets ALL of the following:",
    "1. Member is 18 years of age or older; AND",
    "2. Diagnosis of migraine; AND",
    "3. Inadequate response to at least TWO different triptans [1]; AND",
    "4. Examplo will NOT be used together with another acute non-triptan migraine drug, i.e. a gepant (ubrogepant, rimegepant).",
    "[1] An adequate trial is at least 30 days of use with at least two treated attacks, within the past 24 months. Imitrex = sumatriptan.",
  ].join("\n");
  const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
  const all = [...m.indications.flatMap((i) => i.criteria), ...m.common];
  it("reads no brochure sentence as a criterion", () => {
    expect(all.map((c) => c.text).join(" ")).not.toMatch(/We cover|Please remember/);
  });
  it("keeps the footnote out of item 4, which stays a no-concurrent-use rule for gepants only", () => {
    const four = all.find((c) => /will NOT be used together/.test(c.text));
    expect(four).toMatchObject({ kind: "no_concurrent", classes: ["gepant"] });
    expect(four?.text).not.toMatch(/adequate trial/);
  });
});

describe("the requested drug's use", () => {
  it("reads '<drug> is prescribed for the acute treatment of …' as a use requirement", () => {
    expect(parseCriterion("Examplo is prescribed for the acute treatment of migraine attacks", "", P)).toMatchObject({ kind: "use_mode", mode: "acute" });
  });
  it("is read from the requested drug's own clause, not another drug's preventive use", () => {
    const ctx = ctxOf(["Plan: Examplo 100 mg at migraine onset as needed; rimegepant 75 mg every other day for prevention (continue)."]);
    expect(requestUseModes(ctx).map((u) => u.mode)).toEqual(["acute"]);
  });
});

describe("an item of a billing section that names codes", () => {
  it("applies to those codes only", () => {
    const text = [
      "Examplo Iron Infusion - Medical Policy",
      "1. Coverage Criteria",
      "1.1 Iron deficiency anemia with ferritin below 100 ng/mL within 60 days.",
      "5. Administration Codes",
      "5.1 An administration line follows the decision of the drug line it administers on the same date.",
      "5.3 Iron sucrose 200 mg is usually given by slow IV push over 2 to 5 minutes (96374).",
    ].join("\n");
    const model = readPolicy(docFromPages([text]), { drug_names: ["Examplo"] });
    const crit = [...model.indications.flatMap((i) => i.criteria), ...model.common];
    const push = crit.find((c) => /slow IV push/.test(c.text));
    expect(push?.codes).toEqual(["96374"]);
    // an item about the administration lines names no code: it is theirs (the drug administration codes)
    const follows = crit.find((c) => /administration line follows/.test(c.text));
    expect(follows?.codes).toEqual(["96360-96549"]);
    const ferritin = crit.find((c) => /ferritin/.test(c.text));
    expect(ferritin?.codes).toBeUndefined();
  });
});

describe("a class named with 'non-'", () => {
  it("names everything but the class", () => {
    expect(classesNamedIn("another acute non-triptan migraine drug").map((c) => c.name)).toEqual([]);
    expect(classesNamedIn("a non-biologic DMARD").map((c) => c.name)).not.toContain("biologic");
    expect(classesNamedIn("an oral triptan").map((c) => c.name)).toEqual(["triptan"]);
  });
});
