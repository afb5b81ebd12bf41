/**
 * Classes of fix42a, on synthetic text:
 * - a class document's table of agents (Agent | Indication | Criteria | Preferred-agent requirement)
 *   read row by row into one path per agent and indication, scoped to its drug, with its own step
 *   requirements and a waiver of a numbered item on a condition ("Item 2 does not apply when …");
 * - an age bound for one sex ("Male, 18 or older"), judged on the member's sex;
 * - the requested drug of a class document is the request's own agent: the class's other agents are
 *   prior therapies, never "the requested drug";
 * - non-drug conservative care (eyelid hygiene) as a prior therapy with its duration, and a form's
 *   question without an auxiliary ("Daily lid hygiene >= 28 days? [ ] Y [ ] N") never read as a trial;
 * - a count that opens a step requirement ("Two preferred antimuscarinics, each for …");
 * - a per-kg ceiling per infusion with its cap written as a sentence;
 * - continuation named as a noun phrase in a clinician's plan ("renewal request to <plan> today"),
 *   also when it wraps onto the next line; "has received <drug> under this policy" as current use.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { CaseFacts, Criterion, CriterionOf } from "../contracts";
import { buildCaseIndex } from "../evidence/case-index";
import { continuationRequest } from "../evidence/continuation";
import { tablePage } from "../extract/test-pages";
import { classDocumentOwnNames, evalContext, evaluateCriterion } from "../review/evaluate";
import { drugSectionFor } from "./drug-sections";
import { parseCriterion, perKgCeiling } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const DAY = "2026-11-17";
const ctxOf = (lines: string[], over: Partial<CaseFacts> = {}, names = ["agent x"]) =>
  evalContext({
    idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY),
    facts: { ...emptyFacts(), ...over },
    requestDate: DAY,
    requestedNames: names,
  });
const withSex = (gender: "male" | "female") => ({ patient: { ...emptyFacts().patient, gender, birth_date: "1960-02-01" } });

describe("a class document's table of agents", () => {
  // columns at x = 40 / 150 / 290 / 430
  const doc = tablePage([
    [["Urology Class Criteria - Bladder Agents", 40]],
    [["A non-preferred agent is approved when the member meets every requirement of the row for that agent and indication.", 40]],
    [
      ["Agent", 40],
      ["Indication", 150],
      ["Requirements", 290],
      ["Step requirement", 430],
    ],
    [
      ["Toviaz (fesoterodine)", 40],
      ["Overactive bladder,", 150],
      ["Age 18 or older;", 290],
      ["1. Tolterodine: trial of at", 430],
    ],
    [
      ["adults", 150],
      ["diagnosis of overactive", 290],
      ["least 60 days, OR intolerance;", 430],
    ],
    [
      ["bladder", 290],
      ["AND 2. Oxybutynin: trial of at", 430],
    ],
    [["least 60 days, OR intolerance.", 430]],
    [["Item 2 does not apply when", 430]],
    [["the member is 70 or older.", 430]],
    [
      ["Toviaz (fesoterodine)", 40],
      ["Overactive bladder in", 150],
      ["Male, 18 or older", 290],
      ["Tamsulosin: an adequate trial", 430],
    ],
    [
      ["men with BPH", 150],
      ["(at least 3 months)", 430],
    ],
    [
      ["Darifenacin", 40],
      ["Overactive bladder,", 150],
      ["Age 18 or older", 290],
      ["Two preferred antimuscarinics,", 430],
    ],
    [
      ["adults", 150],
      ["each for at least 60 days", 430],
    ],
    [["Quantity limits apply to every agent of this class, thirty tablets for each thirty days of supply in all plans.", 40]],
  ]);
  const model = readPolicy(doc, { drug_names: ["Toviaz", "fesoterodine", "darifenacin"] });

  it("reads one path per row, scoped to the row's drug, with the row's own requirements", () => {
    expect(model.indications.map((i) => i.title)).toEqual([
      "Toviaz (fesoterodine) — Overactive bladder, adults",
      "Toviaz (fesoterodine) — Overactive bladder in men with BPH",
      "Darifenacin — Overactive bladder, adults",
    ]);
    expect(model.indications.every((i) => i.drug_scoped && i.understood)).toBe(true);
    const first = model.indications[0].criteria;
    expect(first.find((c) => c.kind === "age")).toMatchObject({ min_years: 18 });
    expect(first.find((c) => c.kind === "prior_therapy")).toMatchObject({ drugs: ["tolterodine"], min_days: 60, allow_intolerance: true });
    // item 2 waived at 70 or older
    const waived = first.find((c) => c.kind === "any") as CriterionOf<"any">;
    expect(waived.items[0]).toMatchObject({ kind: "prior_therapy", drugs: ["oxybutynin"] });
    expect(waived.items[1]).toMatchObject({ kind: "age", min_years: 70 });
  });

  it("reads the row's sex and age, and a count that opens the step", () => {
    expect(model.indications[1].criteria.find((c) => c.kind === "age")).toMatchObject({ min_years: 18, sex: "male" });
    expect(model.indications[2].criteria.find((c) => c.kind === "prior_therapy")).toMatchObject({ count: 2, min_days: 60 });
  });

  it("a row's path is the requested drug's own, not another agent's", () => {
    const requested = new Set(["fesoterodine", "toviaz"]);
    expect(drugSectionFor(model.indications[0].title, requested)).toBe("own");
    expect(drugSectionFor(model.indications[2].title, requested)).toBe("other");
  });
});

describe("an age bound for one sex", () => {
  const spec = parseCriterion("Male, 18 or older", "", { drugNames: ["agent x"] });
  it("is read as an age criterion for male members", () => {
    expect(spec).toMatchObject({ kind: "age", min_years: 18, sex: "male" });
  });
  it("fails for a female member, is met for a male one, and is asked about when the sex is unknown", () => {
    expect(evaluateCriterion(spec, ctxOf(["Adult with urgency."], withSex("female"))).outcome).toBe("not_met");
    expect(evaluateCriterion(spec, ctxOf(["Adult with urgency."], withSex("male"))).outcome).toBe("met");
    const unknown = { patient: { ...emptyFacts().patient, birth_date: "1960-02-01" } };
    expect(evaluateCriterion(spec, ctxOf(["Adult with urgency."], unknown)).outcome).toBe("insufficient");
  });
});

describe("the requested drug of a class document", () => {
  it("is the request's own agent when the policy names several drugs", () => {
    expect(classDocumentOwnNames(["Toviaz", "darifenacin", "Myrbetriq"], ["Toviaz"])).toEqual(expect.arrayContaining(["fesoterodine", "toviaz"]));
    expect(classDocumentOwnNames(["Toviaz", "darifenacin", "Myrbetriq"], ["Toviaz"])).not.toContain("mirabegron");
  });
  it("is every name of a single-drug policy", () => {
    expect(classDocumentOwnNames(["Toviaz", "fesoterodine"], ["Toviaz"])).toBeNull();
  });
  it("lets another agent of the class count as a prior trial", () => {
    const spec = parseCriterion("Trial of mirabegron for at least 30 days with inadequate response", "", { drugNames: ["Toviaz"] });
    const ctx = ctxOf(
      ["Mirabegron 50 mg daily 03/01/2026 - 06/30/2026, no improvement in urgency."],
      { medication: { ...emptyFacts().medication, drug_name: "Toviaz" } },
      ["Toviaz", "Myrbetriq"],
    );
    expect(evaluateCriterion(spec, ctx).outcome).toBe("met");
  });
});

describe("eyelid hygiene as a prior therapy", () => {
  const spec = parseCriterion("The member has used daily lid scrubs or a lid cleanser for at least 4 weeks.", "", { drugNames: ["agent x"] });
  it("is a prior therapy of the non-drug class", () => {
    expect(spec).toMatchObject({ kind: "prior_therapy", classes: ["eyelid hygiene"], min_days: 28 });
  });
  it("is met by dated lid wipes of that length", () => {
    expect(evaluateCriterion(spec, ctxOf(["Lid wipes (tea tree) nightly 07/01/2026 - 08/20/2026, crusting unchanged."])).outcome).toBe("met");
  });
  it("is not met by a form's question about it, and asks for the dates", () => {
    const ev = evaluateCriterion(spec, ctxOf(["4. Daily lid scrubs for 28 days or more? [ ] Y [ ] N", "lid scrubs"]));
    expect(ev.outcome).toBe("insufficient");
  });
});

describe("a per-kg ceiling per infusion written as a sentence", () => {
  it("reads the mg/kg and the cap that agrees with it", () => {
    expect(perKgCeiling("The dose does not exceed 15 mg/kg per infusion (1,500 mg per infusion for patients weighing 100 kg or more).")).toEqual({
      mg_per_kg: 15,
      cap_mg: 1500,
    });
    expect(perKgCeiling("Not to exceed 20 mg/kg/day.")).toBeNull();
  });
  it("compares the requested dose with the member's weight in pounds", () => {
    const spec = parseCriterion("The requested dose does not exceed 15 mg/kg of actual body weight per infusion.", "", { drugNames: ["agent x"] });
    expect(spec).toMatchObject({ kind: "dose_limit", mg_per_kg: 15 });
    const med = { ...emptyFacts().medication, drug_name: "agent x", dosage: "1,000 mg IV every 4 weeks" };
    expect(evaluateCriterion(spec, ctxOf(["Weight 150 lb on 11/10/2026."], { medication: med })).outcome).toBe("met");
    expect(evaluateCriterion(spec, ctxOf(["Weight 120 lb on 11/10/2026."], { medication: med })).outcome).toBe("insufficient");
  });
});

describe("continuation named in a clinician's plan", () => {
  const idx = (lines: string[]) => buildCaseIndex(docFromPages([lines.join("\n")]), DAY);
  it("reads 'renewal request to <plan> today', also wrapped onto the next line", () => {
    expect(continuationRequest(idx(["Doing well on therapy. Continuation request to the health plan today."]))).not.toBeNull();
    expect(
      continuationRequest(idx(["Stable on the drug, labs normal. Continue 200 mg daily; renewal", "request to the PBM today. Recheck in 3 months."])),
    ).not.toBeNull();
  });
  it("never reads an unticked option of a form", () => {
    expect(continuationRequest(idx(["Request: [ ] Renewal request", "Diagnosis: psoriasis"]))).toBeNull();
  });
  it("'has received <drug> under this policy' is current use of the drug", () => {
    const doc = docFromPages([
      [
        "Examplimab policy",
        "Initial approval criteria",
        "1. Diagnosis of plaque psoriasis.",
        "2. Prescribed by a dermatologist.",
        "Continuation of therapy",
        "Continuation is approved when ALL of the following are met:",
        "1. The member has received examplimab under this policy or under another plan's authorization.",
        "2. Documentation of a positive clinical response.",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["examplimab"] });
    const cont: Criterion[] = m.indications.flatMap((i) => i.continuation?.criteria ?? []);
    expect(cont.some((c) => c.kind === "on_therapy")).toBe(true);
  });
});

describe("treatment cycles spaced by a minimum interval", () => {
  const spec = parseCriterion("Each treatment cycle starts no sooner than 60 days after the start of the previous cycle.", "", { drugNames: ["agent x"] });
  it("is met when every dated cycle starts at least that long after the one before", () => {
    const ev = evaluateCriterion(spec, ctxOf(["Cycle 1 started 03/02/2026, cycle 2 05/04/2026, cycle 3 07/06/2026.", "Plan cycle 4 starting 09/08/2026."]));
    expect(ev.outcome).toBe("met");
    expect(ev.citations.length).toBe(4);
  });
  it("goes to a reviewer when a cycle starts too soon, never a denial", () => {
    expect(evaluateCriterion(spec, ctxOf(["Cycle 1 started 03/02/2026, cycle 2 04/06/2026."])).outcome).toBe("insufficient");
  });
});

describe("a composite score with a share of its items", () => {
  const spec = parseCriterion("The MG-ADL total score is 6 or more, with more than 50% of the total from non-ocular items.", "", { drugNames: ["agent x"] });
  it("is met when the request states the sub-score and the other items' share is above it", () => {
    expect(evaluateCriterion(spec, ctxOf(["MG-ADL 8 on 11/10/2026.", "Total 8 (ocular items 2 of 8)."])).outcome).toBe("met");
  });
  it("needs the sub-score: a total alone, or a share not above it, goes to a reviewer", () => {
    expect(evaluateCriterion(spec, ctxOf(["MG-ADL 8 on 11/10/2026."])).outcome).toBe("insufficient");
    expect(evaluateCriterion(spec, ctxOf(["MG-ADL 8 on 11/10/2026.", "Total 8 (ocular items 5 of 8)."])).outcome).toBe("insufficient");
  });
});

describe("a response stated as points lower than the baseline", () => {
  // a continuation's response requirement (read as kind "response" in a continuation list)
  const response: Criterion = {
    kind: "response",
    text: "Clinical response: an MG-ADL total score after the latest cycle is at least 2 points lower than the baseline score.",
    confidence: "high",
  };
  it("is computed from the two scores", () => {
    expect(evaluateCriterion(response, ctxOf(["Baseline MG-ADL 9 on 02/10/2026.", "MG-ADL 5 on 11/10/2026."])).outcome).toBe("met");
  });
  it("is never met by words alone", () => {
    expect(evaluateCriterion(response, ctxOf(["Baseline MG-ADL 9 on 02/10/2026.", "Feels much stronger, good response to treatment."])).outcome).toBe(
      "insufficient",
    );
  });
});

describe("an exclusion that restates the dose ceiling", () => {
  const doc = docFromPages([
    [
      "Examplimab IV policy",
      "Initial authorization criteria",
      "1. Diagnosis of generalized myasthenia gravis.",
      "2. Prescribed by a neurologist.",
      "3. The requested dose does not exceed 10 mg/kg per infusion and 4 infusions per treatment cycle.",
      "Exclusions",
      "- Doses above the weight-based maximum, or more than 4 infusions in a treatment cycle, are not covered.",
      "- Ocular myasthenia only.",
    ].join("\n"),
  ]);
  const m = readPolicy(doc, { drug_names: ["examplimab"] });
  it("is not an exclusion of its own when every path's ceiling counts the same", () => {
    expect(m.exclusions.some((x) => /^-?\s*Doses above/i.test(x.text))).toBe(false);
    expect(m.exclusions.length).toBeGreaterThan(0);
  });
  it("the ceiling sends a request above its count per cycle to a reviewer", () => {
    const ceiling = m.indications[0].criteria.find((c) => c.kind === "dose_limit")!;
    const med = (dosage: string) => ({ medication: { ...emptyFacts().medication, drug_name: "examplimab", dosage } });
    expect(evaluateCriterion(ceiling, ctxOf(["Weight 80 kg on 11/10/2026."], med("800 mg IV once weekly x 4"))).outcome).toBe("met");
    expect(evaluateCriterion(ceiling, ctxOf(["Weight 80 kg on 11/10/2026."], med("800 mg IV once weekly x 6"))).outcome).toBe("insufficient");
  });
});

describe("an exclusion of uses without the covered condition", () => {
  const HCV = { diagnoses: [{ code: "B18.2", description: "Chronic viral hepatitis C", primary: true, citations: [] }] };
  const covered = { conditions: ["chronic hepatitis c"], icd10: ["B18.2"] };
  const exclusion = (text: string): Criterion => ({
    kind: "excluded_use",
    text,
    confidence: "high",
    conditions: ["chronic hepatitis c"],
    icd10: ["B18"],
    phrases: [],
    unless_conditions: [],
    unless_icd10: [],
  });
  it("does not apply when the request's diagnosis is that condition", () => {
    const x = exclusion("Use before liver transplant in the absence of chronic hepatitis C.");
    expect(evaluateCriterion(x, ctxOf(["Genotype 1a."], HCV), "exclusion", covered).outcome).toBe("not_met");
  });
  it("an exclusion naming the condition as present is still left to its qualifier", () => {
    const x = exclusion("Chronic hepatitis C with decompensated liver disease.");
    expect(evaluateCriterion(x, ctxOf(["Genotype 1a."], HCV), "exclusion", covered).outcome).not.toBe("not_met");
  });
});
