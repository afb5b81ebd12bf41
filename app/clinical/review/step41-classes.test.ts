/**
 * Classes behind the badger-wi step-therapy requests (bw-014, bw-015), asserted on synthetic texts:
 * 1. a step requirement written as a sentence over a table of agents, each with its own minimum trial
 *    and maintenance dose, is ONE prior-therapy criterion (the rows' agents, the count the sentence
 *    names, each agent's own length and dose); the exceptions list that follows ("counted as tried
 *    when ONE of the following is documented instead of a full trial") lets intolerance and
 *    contraindication stand in for a trial and is no requirement of its own; an exception the engine
 *    cannot weigh (continuity of care) keeps the criterion at medium confidence, so a failed step is
 *    never a denial on its own;
 * 2. "Sig / Qty / DS  <directions> / 14 / 28": one caption over three boxes is read box by box.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, CriterionOf } from "../contracts";
import { docFromPages, emptyFacts } from "../testing";
import { readPolicy } from "../policy/read-policy";
import { buildCaseIndex } from "../evidence/case-index";
import { extractCaseFacts } from "../extract/extract-case";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-09-15";
const judge = (c: Criterion, notes: string) =>
  evaluateCriterion(
    c,
    evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
    "criterion",
    { conditions: [], icd10: [] },
  );

const PROGRAM = [
  "SAMPLE Rx Step Therapy Program",
  "Examplo (examplozin) tablets",
  "PROGRAM DESCRIPTION",
  "Step therapy programs require a member to try preferred agents before a Step 2 agent is covered.",
  "STEP THERAPY REQUIREMENTS",
  "The member must have tried ONE of the following Step 1 agents, each for at least the minimum trial length at the",
  "dose shown, with an inadequate response.",
  "Step 1 agent Minimum trial Dose reached (adult)",
  "Metformin (IR or ER) 12 weeks 1,500 mg/day or more",
  "Glipizide 8 weeks 10 mg/day or more",
  "Pioglitazone 12 weeks (at a stable dose) 30 mg/day or more (15 mg/day with",
  "insulin)",
  "EXCEPTIONS TO STEP THERAPY",
  "A Step 1 agent is counted as tried when ONE of the following is documented instead of a full trial:",
  "1. Intolerance: the agent was stopped because of a named adverse effect, whatever the length of use; OR",
  "2. Contraindication: the agent is contraindicated for the member, documented by the prescriber; OR",
  "3. Continuity of care: the member started Examplo before enrollment in the plan (paid claims within 120 days).",
  "ADDITIONAL CRITERIA",
  "In addition to the step requirement, ALL of the following apply:",
  "A. Diagnosis of type 2 diabetes mellitus; AND",
  "B. Age 18 years or older.",
  "APPROVAL DURATION",
  "12 months.",
].join("\n");

const priorTherapies = (cs: Criterion[]): CriterionOf<"prior_therapy">[] =>
  cs.flatMap((c) => (c.kind === "prior_therapy" ? [c] : c.kind === "all" || c.kind === "any" ? priorTherapies(c.items) : []));

describe("a step requirement over a table of agents", () => {
  const model = readPolicy(docFromPages([PROGRAM]), { drug_names: ["Examplo", "examplozin"] });
  const all = [...model.common, ...model.indications.flatMap((i) => i.criteria)];
  const step = priorTherapies(all);

  it("is one prior-therapy criterion with each agent's own minimum trial and dose", () => {
    expect(step).toHaveLength(1);
    const s = step[0];
    expect(s.drugs).toEqual(["metformin", "glipizide", "pioglitazone"]);
    expect(s.count).toBe(1);
    expect(s.min_days_by_drug).toEqual([
      { drug: "metformin", days: 84 },
      { drug: "glipizide", days: 56 },
      { drug: "pioglitazone", days: 84 },
    ]);
    expect(s.min_dose).toEqual([
      { drug: "metformin", mg: 1500, per: "day" },
      { drug: "glipizide", mg: 10, per: "day" },
      { drug: "pioglitazone", mg: 30, per: "day" },
    ]);
    expect(s.allow_intolerance).toBe(true);
    expect(s.allow_contraindication).toBe(true);
    // continuity of care stands in for a trial and is not weighed here: never a denial on a failed step
    expect(s.confidence).toBe("medium");
  });

  it("does not read the exceptions list as a requirement", () => {
    expect(JSON.stringify(all)).not.toMatch(/counted as tried/i);
  });

  it("holds each agent to its own minimum trial", () => {
    // glipizide 9 weeks meets its 8 weeks; metformin 10 weeks is short of its 12
    expect(judge(step[0], "Glipizide 10 mg daily from 05/01/2026 to 07/03/2026 (9 weeks), A1c still 8.9%.").outcome).toBe("met");
    const short = judge(step[0], "Metformin 2,000 mg/day from 04/01/2026 to 06/10/2026 (10 weeks), stopped, A1c 9.1%.");
    expect(short.outcome).not.toBe("met");
  });

  it("counts an intolerance in place of a trial", () => {
    expect(judge(step[0], "Metformin 500 mg BID started 03/02/2026, stopped 03/09/2026 because of severe diarrhea (intolerance).").outcome).toBe("met");
  });

  it("a policy without such a table is not given one", () => {
    const plain = readPolicy(
      docFromPages([
        ["Examplo Criteria", "Coverage Criteria", "1. Diagnosis of type 2 diabetes mellitus; AND", "2. Trial of metformin for at least 12 weeks."].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const pts = priorTherapies([...plain.common, ...plain.indications.flatMap((i) => i.criteria)]);
    expect(pts.every((p) => p.min_days_by_drug == null)).toBe(true);
  });
});

describe("one caption over three prescription boxes", () => {
  it("reads 'Sig / Qty / DS' part by part", () => {
    const f = extractCaseFacts(
      docFromPages([
        [
          "PHARMACY PRIOR AUTHORIZATION REQUEST",
          "Member Sample Person DOB 01/02/1980",
          "Drug / NDC EXAMPLO 10 MG TAB 00000-0000-00",
          "Sig / Qty / DS 5mg QD wk1-2, then 10mg QD / 30 / 30",
        ].join("\n"),
      ]),
    );
    expect(f.medication.quantity).toBe(30);
    expect(f.medication.days_supply).toBe(30);
  });

  it("leaves a value whose parts do not line up with the captions", () => {
    const f = extractCaseFacts(docFromPages(["Sig / Qty / DS 1 tab daily, 30 tabs, 30 days"]));
    expect(f.medication.quantity).not.toBe(1);
  });
});

describe("an approval duration among the criteria", () => {
  it("'Initial: 6 months' / 'Continuation: 12 months' are no requirements", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplo Prior Authorization Criteria",
          "Criteria",
          "1. Diagnosis of type 2 diabetes mellitus",
          "2. Trial of metformin for at least 12 weeks",
          "3. Initial: 6 months",
          "4. Continuation: 12 months",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const texts = JSON.stringify([...m.common, ...m.indications.flatMap((i) => i.criteria)]);
    expect(texts).toMatch(/metformin/);
    expect(texts).not.toMatch(/Initial: 6 months|Continuation: 12 months/);
  });
});
