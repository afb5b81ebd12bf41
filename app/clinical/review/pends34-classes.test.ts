/**
 * Classes of policy / fax reading that left decidable requests pended (issue 21, pends34):
 * 1. a body-weight threshold ("body weight of at least 30 kg") is a comparison against the member's
 *    weight read from the fax with its unit (kg or lb), never a documentation requirement;
 * 2. a score in a visit note that carries no date of its own is dated by the note header's visit
 *    date ("Visit 11/04/2026 Provider: ..."), and a score written out of its scale's maximum ("8/10")
 *    is the score;
 * 3. a numbered yes/no decision flow ("1. Is the client ...? [ ] Yes (Go to #2) [ ] No (Deny)") is
 *    read as its approving routes (decision-flow.ts);
 * 4. a form question row answered "No" ("Concurrent biologic or cyclosporine No") names no therapy
 *    the member takes.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { keyConcepts, parseCriterion, parseThresholds, readComparator } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { evalContext, evaluateCriterion, massInUnit, reductionFromBaseline } from "./evaluate";
import { flowRoutes, flowSteps, questionStatement } from "../policy/decision-flow";
import { readPolicy } from "../policy/read-policy";
import { extractCaseFacts } from "../extract/extract-case";
import { docLines } from "../text/lines";
import { caseConditions } from "./case-conditions";

const docLinesOf = (text: string) => docLines(docFromPages([text]));

const DAY = "2026-11-20";
const ctxOf = (text: string) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplumab"] });
const judge = (policy: string, notes: string) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["Examplumab"] }), ctxOf(notes), "criterion", { conditions: [], icd10: [] });

const WEIGHT = "Body weight of at least 30 kg (the weight must be recorded within the last 90 days).";

describe("body-weight thresholds", () => {
  it("reads 'body weight of at least 30 kg' as a weight comparison with its recency", () => {
    expect(parseThresholds("body weight of at least 30 kg")).toEqual([{ measure: "weight", op: ">=", value: 30, unit: "kg" }]);
    expect(parseCriterion(WEIGHT, "", { drugNames: ["Examplumab"] })).toMatchObject({ kind: "lab", measure: "weight", op: ">=", value: 30, within_days: 90 });
  });

  it("never reads a change of weight or weight-based dosing as a weight threshold", () => {
    expect(parseThresholds("weight loss of at least 5 kg")).toEqual([]);
    expect(parseThresholds("weight-based dosing: 60 mg for 90 kg or more")).toEqual([]);
  });

  it("fails the threshold on a dated weight below it and meets it on one above, in kg or lb", () => {
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 28.4 kg (62.6 lb), height 139 cm.").outcome).toBe("not_met");
    // 62.6 lb is 28.4 kg: never compared as 62.6 against 30
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 62.6 lb.").outcome).toBe("not_met");
    expect(judge(WEIGHT, "Vitals 11/05/2026: Wt 96.2 kg BP 124/76").outcome).toBe("met");
    expect(judge(WEIGHT, "Vitals 11/05/2026: weight 88 lbs").outcome).toBe("met");
  });

  it("leaves a weight without a unit of mass, or too old, to a reviewer", () => {
    expect(judge(WEIGHT, "Vitals 11/05/2026: Weight 62.6").outcome).toBe("insufficient");
    expect(judge(WEIGHT, "Vitals 03/02/2026: Weight 28.4 kg").outcome).toBe("insufficient");
  });

  it("converts masses between kg and lb", () => {
    expect(massInUnit(62.6, " lb", "kg")).toBe(28.4);
    expect(massInUnit(30, " kg", "lb")).toBe(66.1);
    expect(massInUnit(30, " kg (66 lb)", "kg")).toBe(30);
    expect(massInUnit(62.6, "", "kg")).toBeNull();
  });
});

describe("a note's visit date dates its undated scores", () => {
  const NOTE = [
    "PROGRESS NOTE Example Dermatology",
    "DOE, Jane DOB 08/19/1970 Female MRN 12345",
    "Visit 11/04/2026 Provider: A. Smith, MD (Dermatology)",
    "Subjective: worst-itch NRS 8/10 over the past week.",
  ].join("\n");

  it("dates the score by the header's visit date", () => {
    const vals = measureValues(buildCaseIndex(docFromPages([NOTE]), DAY), measureByName("itch NRS")!);
    expect(vals.map((v) => [v.value, v.date])).toEqual([[8, "2026-11-04"]]);
  });

  it("meets a recency-bound score threshold from the dated note", () => {
    expect(judge("Worst-itch NRS of 7 or more, recorded within the last 30 days.", NOTE).outcome).toBe("met");
  });

  it("never takes a follow-up plan or a birth date for the visit date", () => {
    const plan = ["PROGRESS NOTE", "DOB 08/19/1970", "Subjective: worst-itch NRS 8/10.", "Plan: next visit 12/01/2026."].join("\n");
    const vals = measureValues(buildCaseIndex(docFromPages([plan]), DAY), measureByName("itch NRS")!);
    expect(vals.map((v) => v.date)).toEqual([null]);
  });
});

describe("weight thresholds need a unit of mass", () => {
  it("never reads 'weight-related comorbidity' beside a BMI or a unitless number as a weight threshold", () => {
    expect(parseThresholds("BMI of 27 kg/m2 or greater with at least one weight-related comorbidity")).toEqual([
      { measure: "BMI", op: ">=", value: 27, unit: "kg/m2" },
    ]);
    expect(parseThresholds("weight of at least 30")).toEqual([]);
  });
});

const FLOW = [
  "Examplinib (examplinib) Clinical Criteria Logic",
  "1. Is the client 18 years of age or older?",
  "[ ] Yes (Go to #2) [ ] No (Deny)",
  "2. Does the client have a diagnosis of rheumatoid arthritis?",
  "[ ] Yes (Go to #3) [ ] No (Go to #4)",
  "3. Does the client have a history of an inadequate response to at least one tumor necrosis factor (TNF) blocker? An",
  "inadequate response requires at least 90 days of therapy with the TNF blocker.",
  "[ ] Yes (Go to #6) [ ] No (Deny)",
  "4. Does the client have a diagnosis of severe alopecia areata?",
  "[ ] Yes (Go to #5) [ ] No (Deny)",
  "5. Is there documentation of a Severity of Alopecia Tool (SALT) score of 50 or higher within the last 90 days?",
  "[ ] Yes (Go to #6) [ ] No (Deny)",
  "6. Is the client receiving a biologic or another Janus kinase (JAK) inhibitor?",
  "[ ] Yes (Deny) [ ] No (Approve - 365 days)",
].join("\n");

describe("numbered yes/no decision flows", () => {
  it("reads the steps with their outcomes", () => {
    const steps = flowSteps(docLinesOf(FLOW))!;
    expect(steps.map((s) => [s.n, s.yes, s.no])).toEqual([
      [1, { to: "step", step: 2 }, { to: "deny" }],
      [2, { to: "step", step: 3 }, { to: "step", step: 4 }],
      [3, { to: "step", step: 6 }, { to: "deny" }],
      [4, { to: "step", step: 5 }, { to: "deny" }],
      [5, { to: "step", step: 6 }, { to: "deny" }],
      [6, { to: "deny" }, { to: "approve", duration: "365 days" }],
    ]);
    expect(steps[2].note).toMatch(/^An inadequate response requires at least 90 days/);
    expect(questionStatement("Is the client 18 years of age or older?")).toBe("the client is 18 years of age or older");
  });

  it("follows the routes to approval: YES steps are requirements, a NO at a branch only picks the route, a YES that denies is an exclusion", () => {
    const routes = flowRoutes(flowSteps(docLinesOf(FLOW))!)!;
    expect(routes.map((r) => [r.required.map((s) => s.n), r.excluded.map((s) => s.n), r.duration])).toEqual([
      [[1, 2, 3], [6], "365 days"],
      [[1, 4, 5], [6], "365 days"],
    ]);
  });

  it("builds one path per route, with the trial length of the question's note and the exclusion", () => {
    const m = readPolicy(docFromPages([FLOW]), { drug_names: ["Examplinib"] });
    expect(m.indications.map((i) => [i.match.conditions, i.understood])).toEqual([
      [["rheumatoid arthritis"], true],
      [["alopecia areata"], true],
    ]);
    const ra = m.indications[0].criteria;
    expect(ra.map((c) => c.kind)).toEqual(["age", "diagnosis", "prior_therapy"]);
    expect(ra[2]).toMatchObject({ kind: "prior_therapy", min_days: 90 });
    // the alopecia path never requires "no rheumatoid arthritis" (the NO of a branch)
    expect(m.indications[1].criteria.map((c) => c.kind)).toEqual(["age", "diagnosis", "lab"]);
    expect(m.exclusions).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "current_therapy" })]));
    expect(m.unread.some((u) => /decision flow/i.test(u.text))).toBe(false);
  });

  it("leaves a flow it cannot follow to a reviewer", () => {
    const broken = FLOW.replace("[ ] Yes (Go to #6) [ ] No (Deny)\n4.", "[ ] Yes (Go to #9) [ ] No (Deny)\n4.");
    expect(flowRoutes(flowSteps(docLinesOf(broken))!)).toBeNull();
    const m = readPolicy(docFromPages([broken]), { drug_names: ["Examplinib"] });
    expect(m.indications.every((i) => !i.understood)).toBe(true);
  });
});

describe("a form question answered No names no therapy", () => {
  it("never reads the drugs of a question row answered 'No' as taken, nor the next row's 'Continue' as theirs", () => {
    const fax = [
      "Order Questions",
      "Question Answer",
      "TNF inhibitor history Enbrel 50 mg weekly 03/02/2026 - 07/20/2026, inadequate response",
      "Concurrent biologic, JAK inhibitor, azathioprine or cyclosporine No",
      "Continue methotrexate? Yes - methotrexate 20 mg weekly",
    ].join("\n");
    const f = extractCaseFacts(docFromPages([fax]), { formulary: [], roster: [], knownDrugNames: ["Examplinib"] });
    expect(f.prior_therapies.map((t) => t.drug_name.toLowerCase())).not.toContain("cyclosporine");
    expect((f.concurrent_therapies ?? []).map((t) => t.drug_name.toLowerCase())).not.toContain("cyclosporine");
  });
});

describe("a fact established by one of several ways", () => {
  const HEFH = "established by a pathogenic LDLR, APOB or PCSK9 variant, a Dutch Lipid Clinic Network score above 8, or Simon Broome 'definite' criteria";

  it("reads each way as an alternative without the lead verb, and never a score's threshold as words", () => {
    const k = keyConcepts(HEFH);
    expect(k).toContainEqual(["pathogenic", "ldlr"]);
    expect(k.flat()).not.toContain("established");
    expect(k.some((a) => a.includes("dutch"))).toBe(false);
  });

  it("is met by a note naming one of the ways, not by a note naming the score alone", () => {
    const c = { kind: "documentation" as const, text: HEFH, confidence: "medium" as const, concepts: keyConcepts(HEFH), absence: false };
    const run = (notes: string) => evaluateCriterion(c, ctxOf(notes), "criterion", { conditions: [], icd10: [] }).outcome;
    expect(run("Familial hypercholesterolemia confirmed by genetic testing (pathogenic LDLR variant c.1444G>A, report 2022).")).toBe("met");
    expect(run("Dutch Lipid Clinic Network score 6 (possible FH).")).not.toBe("met");
  });
});

describe("lipid results in SI units", () => {
  const LDL = "LDL-C of 70 mg/dL (1.8 mmol/L) or higher, within the last 90 days.";
  it("converts mmol/L to mg/dL before comparing", () => {
    const vals = measureValues(buildCaseIndex(docFromPages(["Collected: 10/14/2026\nLDL cholesterol (calc.) 2.6 mmol/L <3.5"]), DAY), measureByName("LDL-C")!);
    expect(vals.map((v) => [v.value, v.converted])).toEqual([[100.5, true]]);
    expect(judge(LDL, "Collected: 10/14/2026\nLDL cholesterol (calc.) 2.6 mmol/L <3.5").outcome).toBe("met");
    expect(judge(LDL, "Collected: 10/14/2026\nLDL cholesterol (calc.) 1.2 mmol/L").outcome).toBe("not_met");
  });

  it("leaves a converted value within rounding of the threshold to a reviewer (never a denial)", () => {
    expect(judge(LDL, "Collected: 10/14/2026\nLDL cholesterol 1.8 mmol/L").outcome).toBe("insufficient");
  });
});

describe("a score's allowed values and title-case lab abbreviations", () => {
  it("reads 'IGA score of 3 or 4' as the range 3-4, never a count or duration list", () => {
    expect(parseThresholds("Investigator's Global Assessment (IGA) score of 3 or 4")).toEqual([
      { measure: "IGA", op: "between", value: 3, value_max: 4, unit: null },
    ]);
    expect(readComparator("score of 2 or 4")).toBeNull();
    expect(readComparator("of 3 or 4 weeks")).toBeNull();
  });

  it("fails the range on a score below it", () => {
    expect(judge("Investigator's Global Assessment (IGA) score of 3 or 4.", "Exam 10/28/2026: IGA 2 (mild).").outcome).toBe("not_met");
    expect(judge("Investigator's Global Assessment (IGA) score of 3 or 4.", "Exam 10/28/2026: IGA 3 (moderate).").outcome).toBe("met");
  });

  it("reads 'Hgb 15.1', 'Hct 44' and 'Plt 241' as results", () => {
    const idx = buildCaseIndex(docFromPages(["CBC 10/28/2026: Plt 241 K/uL, Hgb 15.1, Hct 44"]), DAY);
    expect(measureValues(idx, measureByName("hemoglobin")!).map((v) => v.value)).toEqual([15.1]);
    expect(measureValues(idx, measureByName("hematocrit")!).map((v) => v.value)).toEqual([44]);
    expect(measureValues(idx, measureByName("platelets")!).map((v) => v.value)).toEqual([241]);
  });
});

describe("a response written as a reduction from baseline", () => {
  const RESP = "Response documented: at least 2 fewer migraine days per month than baseline, or a clinically meaningful improvement in MIDAS";
  const doc = { kind: "documentation" as const, text: RESP, confidence: "medium" as const, concepts: keyConcepts(RESP), absence: false };
  const run = (notes: string) => evaluateCriterion(doc, ctxOf(notes), "criterion", { conditions: [], icd10: [] });

  it("is met by the request's before -> after pair of the measure", () => {
    const r = run("Fremanezumab 10/2025 - present: migraine days 12 -> 5; MIDAS 48 -> 17.");
    expect(r.outcome).toBe("met");
    expect(reductionFromBaseline("a reduction of at least 50% in migraine days from baseline", ctxOf("migraine days 12 -> 5"))?.outcome).toBe("met");
  });

  it("is never met by a smaller drop or a rise, and never failed by one", () => {
    expect(run("migraine days 12 -> 11").outcome).not.toBe("met");
    expect(run("migraine days 5 -> 12").outcome).not.toBe("not_met");
    expect(reductionFromBaseline("a reduction of at least 50% in migraine days from baseline", ctxOf("migraine days 12 -> 8"))).toBeNull();
  });
});

describe("a count written before its measure", () => {
  it("reads '15 or more headache days per month for more than 3 months' as >= 15, never the duration's 3", () => {
    expect(parseThresholds("15 or more headache days per month for more than 3 months")).toEqual([
      { measure: "headache days per month", op: ">=", value: 15, unit: null },
    ]);
  });
});

describe("a condition negated after its name", () => {
  it("never reads 'OSA not / suspected' (wrapped) or 'TB ruled out' as the member's condition", () => {
    const idx = buildCaseIndex(docFromPages(["No snoring or daytime somnolence, STOP-BANG 1 - OSA not\nsuspected. Latent TB ruled out 10/2026."]), DAY);
    const names = caseConditions(emptyFacts(), idx).map((c) => c.condition);
    expect(names).not.toContain("obstructive sleep apnea");
    const plain = buildCaseIndex(docFromPages(["Moderate obstructive sleep apnea on CPAP."]), DAY);
    expect(caseConditions(emptyFacts(), plain).map((c) => c.condition)).toContain("obstructive sleep apnea");
  });
});

describe("a decision flow branching on anything but a diagnosis", () => {
  it("is left to a reviewer (its NO route would skip the YES route's checks)", () => {
    const flow = [
      "1. Is the client under 18 years of age?",
      "[ ] Yes (Go to #2) [ ] No (Go to #3)",
      "2. Does the client weigh at least 40 kg?",
      "[ ] Yes (Go to #3) [ ] No (Deny)",
      "3. Does the client have a diagnosis of rheumatoid arthritis?",
      "[ ] Yes (Approve - 365 days) [ ] No (Deny)",
    ].join("\n");
    const m = readPolicy(docFromPages([flow]), { drug_names: ["Examplinib"] });
    expect(m.indications.every((i) => !i.understood)).toBe(true);
  });
});

describe("a dose's weight band", () => {
  it("is no weight threshold", () => {
    expect(parseThresholds("Patients weighing 40 kg or more: 300 mg every 4 weeks")).toEqual([]);
    expect(parseThresholds("body weight of at least 30 kg")).toHaveLength(1);
  });
});
