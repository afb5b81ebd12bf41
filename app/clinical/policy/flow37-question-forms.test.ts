/**
 * Request forms whose numbered Yes / No questions ARE the criteria (issue 21, flow37). Wording is
 * invented here, in the three shapes payers print:
 * 1. questions routed by sentences after them ("If yes, go to 3. If no, STOP: coverage not approved."),
 *    with answer boxes inside the question, an age lead ("Members 40 years of age or older ONLY:"),
 *    a stop on a stated failing answer ("If the count is under 500, STOP: …") and a NO with no stated
 *    outcome ("If the culture is pending, resubmit") that never denies;
 * 2. a clinical-edit step table ("Step | Question | Yes | No" rows with "Go to Step n" / "Approve" / "Deny");
 * 3. the routes read into a policy: the condition named by the questions is the path's; an age-limited
 *    question does not apply outside its ages; a "No → Deny" question fails only on clear evidence,
 *    unanswered → needs more information.
 * Also: a lab question needing several results collected a stated way is never met by one result, and a
 * failing value dated only by its page is no failure when a dated value meets the threshold.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { docLines } from "../text/lines";
import { ageGate, exclusionStatement, flowOutcome, flowRoutes, flowSteps, questionStatement } from "./decision-flow";
import { readPolicy } from "./read-policy";
import { parseCriterion, parseExclusion } from "./parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { afterValue, collectedBefore, collectionMinutes, disputedFailingValue, evalContext, evaluateCriterion, timeOnDate } from "../review/evaluate";
import type { Criterion } from "../contracts";

const linesOf = (text: string) => docLines(docFromPages([text]));
const DAY = "2026-11-20";

const FORM = [
  "NORTHWIND HEALTH PLAN Pharmacy Coverage Request - Zorvatinib tablets",
  "Section B: Clinical questions (initial request)",
  "1. Is the member 18 years of age or older? [ ] Yes [ ] No",
  "If yes, go to 2. If no, STOP: coverage not approved.",
  "2. Does the member have a diagnosis of chronic plaque psoriasis involving at least 10% body [ ] Yes [ ] No",
  "surface area?",
  "If yes, go to 3. If no, STOP: coverage not approved.",
  "3. Has the member had a negative hepatitis B surface antigen test within the last 6 months? [ ] Yes [ ] No",
  "A test that is ordered but not resulted does not answer Yes. If yes, go to 4. If the result is pending, resubmit with the result.",
  "4. Members 40 years of age or older ONLY: Has a lipid panel been drawn within the 12 months [ ] Yes [ ] No",
  "before this request?",
  "Members under 40: skip to 5. If yes, go to 5. If no, STOP: coverage not approved.",
  "5. Will zorvatinib be used in combination with another oral systemic psoriasis agent or a [ ] Yes [ ] No",
  "biologic?",
  "If no, go to Section C (approve 6 months). If yes, STOP: coverage not approved.",
  "Renewal (member already approved)",
  "R1. Has the body surface area improved by at least 50% from baseline? [ ] Yes [ ] No",
  "If yes, go to Section C (approve 12 months). If no, STOP: coverage not approved.",
].join("\n");

describe("questions routed by 'If yes / If no' sentences", () => {
  it("reads each question with its outcomes, answer boxes removed and renewal questions left out", () => {
    const steps = flowSteps(linesOf(FORM))!;
    expect(steps.map((s) => [s.n, s.yes, s.no])).toEqual([
      [1, { to: "step", step: 2 }, { to: "deny" }],
      [2, { to: "step", step: 3 }, { to: "deny" }],
      [3, { to: "step", step: 4 }, { to: "pend" }],
      [4, { to: "step", step: 5 }, { to: "deny" }],
      [5, { to: "deny" }, { to: "approve", duration: "6 months" }],
    ]);
    expect(steps[1].question).toBe("Does the member have a diagnosis of chronic plaque psoriasis involving at least 10% body surface area?");
    expect(steps[3].ages).toEqual({ min_years: 40 });
    expect(steps[3].question).toMatch(/^Has a lipid panel been drawn/);
  });

  it("reads a stop on a stated failing answer as the NO, and a section that approves as an approval", () => {
    const steps = flowSteps(
      linesOf(
        [
          "1. Is the member 12 years of age or older? [ ] Yes [ ] No",
          "If yes, go to 2. If no, STOP: coverage not approved.",
          "2. Is the platelet count 50,000/uL or higher? [ ] Yes [ ] No",
          "If yes, go to 3. If the count is under 50,000/uL, STOP: request denied.",
          "3. Is the drug prescribed by a hematologist? [ ] Yes [ ] No",
          "If yes, go to Part 4 (approve 12 months). If no, STOP: not covered.",
        ].join("\n"),
      ),
    )!;
    expect(steps[1].no).toEqual({ to: "deny" });
    expect(steps[2].yes).toEqual({ to: "approve", duration: "12 months" });
    expect(flowOutcome("STOP: coverage not approved")).toEqual({ to: "deny" });
    expect(flowOutcome("STOP and call the help desk")).toBeNull();
  });

  it("restates 'Has an X been measured within …, with a result below N?' as the threshold it asks about", () => {
    expect(questionStatement("Has a ferritin level been drawn within the last 90 days, with a result of at least 100 ng/mL?")).toBe(
      "ferritin level at least 100 ng/mL within the last 90 days",
    );
    expect(
      parseCriterion(questionStatement("Has a PSA been checked within the past 12 months, with a value below 4.0 ng/mL?"), "", { drugNames: ["X"] }),
    ).toMatchObject({
      kind: "lab",
      measure: "PSA",
      op: "<",
      value: 4,
      within_days: 365,
    });
  });

  it("reads age leads in their usual wordings", () => {
    expect(ageGate("Patients 18 years of age or older ONLY: Has the patient tried X?")?.ages).toEqual({ min_years: 18 });
    expect(ageGate("For members under 18 only: Is the weight recorded?")?.ages).toEqual({ max_years: 18 });
    expect(ageGate("Patients 12 to 17 years of age only - Is the dose weight-based?")?.ages).toEqual({ min_years: 12, max_years: 18 });
    expect(ageGate("Is the member 18 years of age or older?")).toBeNull();
  });

  it("reads a question about combination use, answered No on the route, as a concurrent-use exclusion", () => {
    expect(exclusionStatement("Will zorvatinib be used in combination with another oral systemic psoriasis agent or a biologic")).toBe(
      "Concurrent use of another oral systemic psoriasis agent or a biologic",
    );
  });
});

const TABLE = [
  "Clinical Edit Criteria Logic - Examplimab",
  "Step | Question | Yes | No",
  "1 | Is the client 6 years of age or older? | Go to Step 2 | Deny",
  "2 | Does the client have a diagnosis of moderate to severe asthma? | Go to Step 3 | Deny",
  "3 | Does the client have a blood eosinophil count of at least 150 cells/uL within the last 12 months? | Go to Step 4 | Deny",
  "4 | Is the client currently receiving another biologic for asthma? | Deny | Approve (12 months)",
].join("\n");

describe("a clinical-edit step table", () => {
  it("reads each row's question and its Yes / No cells", () => {
    const lines = linesOf(
      [
        "Step | Question | Yes | No",
        "1 | Is the client 6 years of age or older? | Go to Step 2 | Deny",
        "2 | Does the client have a diagnosis of moderate to severe asthma? | Go to Step 3 | Deny",
        "3 | Does the client have a blood eosinophil count of at least 150 cells/uL within the last 12 months? | Go to Step 4 | Deny",
        "4 | Is the client currently receiving another biologic for asthma? | Deny | Approve (12 months)",
      ].join("\n"),
    );
    const steps = flowSteps(lines)!;
    expect(steps.map((s) => [s.n, s.yes, s.no])).toEqual([
      [1, { to: "step", step: 2 }, { to: "deny" }],
      [2, { to: "step", step: 3 }, { to: "deny" }],
      [3, { to: "step", step: 4 }, { to: "deny" }],
      [4, { to: "deny" }, { to: "approve", duration: "12 months" }],
    ]);
    const routes = flowRoutes(steps)!;
    expect(routes.map((r) => [r.required.map((s) => s.n), r.excluded.map((s) => s.n), r.duration])).toEqual([[[1, 2, 3], [4], "12 months"]]);
  });

  it("reads the table into one path with the diagnosis it asks about", () => {
    const m = readPolicy(docFromPages([TABLE]), { drug_names: ["Examplimab"] });
    expect(m.indications.length).toBe(1);
    expect(m.indications[0].understood).toBe(true);
    expect(m.indications[0].match.conditions).toContain("asthma");
  });
});

describe("a question form read into a policy", () => {
  const m = readPolicy(docFromPages([FORM]), { drug_names: ["Zorvatinib"] });
  const path = m.indications[0];

  it("is one understood path named by the condition its questions ask about", () => {
    expect(m.indications.length).toBe(1);
    expect(path.understood).toBe(true);
    expect(path.match.conditions.join(" ")).toMatch(/psoriasis/);
    expect(path.duration).toBe("6 months");
  });

  it("marks the age-limited question and never lets a question without a NO outcome deny", () => {
    const lipid = path.criteria.find((c) => /lipid panel/i.test(c.text))!;
    expect(lipid.applies_age).toEqual({ min_years: 40 });
    const hbv = path.criteria.find((c) => /hepatitis b/i.test(c.text))!;
    expect(hbv.confidence).not.toBe("high");
    expect(path.criteria.every((c) => !/\[ \]|If yes|STOP/.test(c.text))).toBe(true);
    expect(m.exclusions.some((e) => /^Concurrent use of another oral systemic psoriasis agent/.test(e.text))).toBe(true);
  });
});

const ctxFor = (notes: string, birth: string) =>
  evalContext({
    idx: buildCaseIndex(docFromPages([notes]), DAY),
    facts: emptyFacts({
      patient: { first_name: null, last_name: null, birth_date: birth, gender: null, member_id: null, insurance_plan: null, citations: [] },
    }),
    requestDate: DAY,
    requestedNames: ["Zorvatinib"],
  });

describe("judging the questions", () => {
  const gated = {
    ...parseCriterion("hemoglobin A1c below 8% within the last 6 months", "", { drugNames: ["Zorvatinib"] }),
    applies_age: { min_years: 40 },
  } as Criterion;

  it("an age-limited question does not apply outside its ages, and is judged as written inside them", () => {
    expect(evaluateCriterion(gated, ctxFor("Office visit 11/02/2026. No labs today.", "1990-03-01")).outcome).toBe("met");
    expect(evaluateCriterion(gated, ctxFor("Office visit 11/02/2026. No labs today.", "1970-03-01")).outcome).toBe("insufficient");
  });

  it("a 'No → Deny' threshold question fails only on a clear answer: unanswered is needs more information", () => {
    const q = parseCriterion("the hemoglobin A1c below 8%, measured within the 6 months before this request", "", { drugNames: ["Zorvatinib"] });
    expect(evaluateCriterion(q, ctxFor("Office visit 11/02/2026. Plan: check labs.", "1970-03-01")).outcome).toBe("insufficient");
    expect(evaluateCriterion(q, ctxFor("Lab results collected 11/02/2026: Hemoglobin A1c 9.4 %", "1970-03-01")).outcome).toBe("not_met");
  });

  it("a question needing two results collected a stated way is never met by one result", () => {
    const two = parseCriterion(
      "the member has two total testosterone levels below 250 ng/dL, each drawn in the morning (before 9:00 AM) on separate days",
      "",
      { drugNames: ["Zorvatinib"] },
    );
    expect(two).toMatchObject({ kind: "lab", count: 2 });
    expect((two as { collection?: string }).collection).toMatch(/morning/);
  });

  it("counts results collected before the stated time: the time written after each result, or the one written with its date", () => {
    const q = parseCriterion(
      "the member has two total testosterone levels below 300 ng/dL, each drawn in the morning (before 10:00 AM) on separate days, within the 6 months before this request",
      "",
      { drugNames: ["Zorvatinib"] },
    );
    const morning = "Total testosterone 241 ng/dL on October 2, 2026 (drawn at 07:50).\nTotal testosterone 266 ng/dL on October 16, 2026 (drawn at 08:35).";
    expect(evaluateCriterion(q, ctxFor(morning, "1970-03-01")).outcome).toBe("met");
    const afternoon = "Total testosterone 241 ng/dL on October 2, 2026 (drawn at 07:50).\nTotal testosterone 266 ng/dL on October 16, 2026 (drawn at 3:40 PM).";
    expect(evaluateCriterion(q, ctxFor(afternoon, "1970-03-01")).outcome).toBe("insufficient");
    expect(collectedBefore("drawn in the morning (before 10:00 a")).toBe(600);
    expect(collectionMinutes(" ng/dL (drawn at 3:40 PM)")).toBe(940);
    expect(afterValue("T 241 ng/dL at 07:50 and 266 ng/dL at 08:35", 266, "", "ng/dL")).toBe(" ng/dL at 08:35");
    expect(timeOnDate([{ text: "Specimen Collected: 10/16/2026 08:35" }, { text: "Testosterone 266 ng/dL" }], "2026-10-16")).toBe(515);
  });

  it("one result written as a bound ('<300') never meets a question needing two results", () => {
    const two = parseCriterion("the member has two total testosterone levels below 300 ng/dL on separate days, within the 6 months before this request", "", {
      drugNames: ["Zorvatinib"],
    });
    const r = evaluateCriterion(two, ctxFor("Lab results collected 11/02/2026: total testosterone <300 ng/dL", "1970-03-01"));
    expect(r.outcome).toBe("insufficient");
  });

  it("a failing value dated only by its page is no failure when a dated value meets the threshold", () => {
    const spec = { op: "<" as const, value: 50, within_days: 183 };
    const pageDated = { value: 54, date: DAY, line: "prior therapy: injections 6 mo - Hct 54" };
    const dated = { value: 46, date: "2026-10-30", line: "Hematocrit 46.0 % collected 10/30/2026" };
    expect(disputedFailingValue(pageDated, [pageDated, dated], spec, DAY)).toBe(dated);
    // a failing value written with its own date stands
    const own = { value: 54, date: "2026-11-18", line: "Hematocrit 54.0 % collected 11/18/2026" };
    expect(disputedFailingValue(own, [own, dated], spec, DAY)).toBeNull();
  });
});

describe("a lettered policy's 'Conditions Not Covered'", () => {
  it("reads 'Concomitant use with Brandname (generic)' as concurrent use of that drug, its switching note kept as text", () => {
    const ex = parseExclusion("Concomitant use with Ofev (nintedanib). Note: a member switching from Ofev, with Ofev stopped, is not concomitant use.", {
      drugNames: ["Examplidone"],
    });
    expect(ex).toMatchObject({ kind: "current_therapy", drugs: ["nintedanib"] });
  });
});
