/**
 * Classes found on a state Medicaid handbook's class chapters (a "Prior Authorization of <class>"
 * chapter with sections A-E, per-drug guideline lists, numbered notes at the foot of the page):
 *
 * - a class chapter whose sections are headed by drug names: the section of the requested drug (by
 *   generic or brand name) is its path, the sections of other drugs are not, and a section for
 *   "non-preferred agents other than X" does not apply to X;
 * - a section listing which prescriptions need prior authorization, a dosing section and a list of
 *   alternative covered services are no criteria;
 * - a note number is no part of a criterion's words ("… total bilirubin (2); AND"), and a note that
 *   sets a window ("obtained within the 3 months before the request") gives it to the criterion;
 * - baseline labs are documented by dated values of those labs (a pending test has none);
 * - a daily ceiling per kg of weight is compared when the request gives a daily amount and a weight.
 * Invented wording and invented drugs.
 */
import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "../policy/compile-tree";
import { readPolicy } from "../policy/read-policy";
import { docFromPages, emptyFacts } from "../testing";
import { decideText, reviewText } from "./test-cases";

const CHAPTER = [
  "HANDBOOK - PRIOR AUTHORIZATION OF PHARMACY SERVICES",
  "State Medical Assistance Program Chapter 7 - Neuromodulators",
  "I. Requirements for Prior Authorization of Neuromodulators",
  "A. Prescriptions That Require Prior Authorization",
  "Prescriptions for Neuromodulators that meet any of the following conditions must be prior authorized:",
  "1. A non-preferred Neuromodulator.",
  "2. A prescription for examplocet oral solution (Zorvanta) or quellimab (Quellix), regardless of the quantity.",
  "B. Clinical Review Guidelines",
  "In evaluating a request for prior authorization of a Neuromodulator, the determination of whether the",
  "requested prescription is medically necessary will take into account whether the beneficiary:",
  "1. For a non-preferred Neuromodulator other than Zorvanta or Quellix:",
  "a. Has a history of therapeutic failure of the preferred Neuromodulators (1); OR",
  "b. Is currently taking the requested non-preferred Neuromodulator with documented control.",
  "2. For examplocet oral solution (Zorvanta) - initial requests, ALL of the following:",
  "a. Is age 2 years or older; AND",
  "b. Is prescribed Zorvanta by or in consultation with a neurologist; AND",
  "c. Has baseline serum transaminases (ALT and AST) and total bilirubin (2); AND",
  "d. Is prescribed a dose that does not exceed 15 mg/kg/day.",
  "3. For quellimab (Quellix) - initial requests, ALL of the following:",
  "a. Is age 18 years or older; AND",
  "b. Is prescribed Quellix by or in consultation with a neurologist.",
  "4. Quantity limits",
  "For a prescription that exceeds the quantity limit, the quantity is consistent with the labeling.",
  "C. Clinical Review Process",
  "The reviewer will apply the clinical guidelines in Section B. above.",
  "D. Dose and Duration of Therapy",
  "Dose as labeled; initial requests are approved for up to 6 months.",
  "E. References",
  "1. Zorvanta prescribing information. Maker Inc.; revised 2025.",
].join("\n");
const NOTES = [
  "1 A therapeutic trial is at least 8 weeks of a Neuromodulator at a maintenance dose.",
  "2 The report (date and values) of ALT, AST and total bilirubin obtained within the 3 months before the request. A test that is pending does not meet the guideline.",
].join("\n");

const NAMES = ["Zorvanta", "examplocet", "Quellix", "quellimab"];
const model = () => readPolicy(docFromPages([CHAPTER, NOTES]), { drug_names: NAMES, title: "Neuromodulators" });
const tree = () => generateDecisionTree(docFromPages([CHAPTER, NOTES]), { drug_names: NAMES, title: "Neuromodulators", documentName: "policy" });
const med = (drug: string, generic: string, dosage = "") => ({ medication: { ...emptyFacts().medication, drug_name: drug, generic_name: generic, dosage } });

const FAX = (labs: string) =>
  [
    "PRIOR AUTHORIZATION REQUEST - NEUROMODULATORS",
    "Beneficiary: Jane Roe DOB 03/04/2015",
    "Prescriber: A. Smith, MD Specialty: Pediatric Neurology",
    "Drug requested: Zorvanta (examplocet) oral solution 100 mg/mL",
    "Directions: 150 mg twice daily. Weight 25.0 kg (10/20/2026).",
    "LABORATORY REPORT Collected: 10/20/2026",
    labs,
  ].join("\n");
const RESULTS = ["ALT (SGPT) 20 U/L 9-25", "AST (SGOT) 28 U/L 15-40", "Bilirubin, total 0.5 mg/dL 0.2-1.0"].join("\n");
const PENDING = ["ALT (SGPT) PENDING", "AST (SGOT) PENDING", "Bilirubin, total PENDING"].join("\n");

describe("a class chapter's sections per drug (laurel39)", () => {
  it("reads each drug's section as its path, and the prior-authorization scope, dosing and alternatives as no criteria", () => {
    const m = model();
    const titles = m.indications.map((i) => i.title);
    expect(titles.some((t) => /require prior authori/i.test(t))).toBe(false);
    const own = m.indications.find((i) => /Zorvanta\)$/.test(i.title));
    expect(own?.drug_scoped).toBe(true);
    expect(own?.understood).toBe(true);
  });

  it("never takes a procedure section headed by its billing codes for a drug's section", () => {
    const text = [
      "Medical Necessity Criteria",
      "A. Ultrasound of the Shoulder (CPT 76881, 76882)",
      "Ultrasound is medically necessary when ALL of the following are met:",
      "1. Shoulder pain for at least 6 weeks; AND",
      "2. Radiographs have been obtained.",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["76881", "76882"] });
    expect(m.indications.some((i) => i.drug_scoped)).toBe(false);
  });

  it("reads a list of alternative covered services as no criteria", () => {
    const text = [
      "Clinical Policy Title Examplofer injection",
      "Coverage policy",
      "Examplofer may be medically necessary for iron deficiency anemia when all of the following criteria are met:",
      "- Iron deficiency anemia is documented by a ferritin below 100 ng/mL within the 60 days before the request.",
      "- No other intravenous iron product is given during the same course.",
      "Limitations",
      "Examplofer is not medically necessary for iron overload.",
      "Alternative covered services",
      "- Oral iron tablets (ferrous fumarate) - pharmacy benefit.",
      "- Iron sucrose (Venofer) - medical benefit.",
      "Background",
      "Iron deficiency is common.",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["Examplofer"] });
    expect(m.indications.length).toBeGreaterThan(0);
    expect(JSON.stringify(m.indications.map((i) => i.criteria.map((c) => c.text)))).not.toMatch(/pharmacy benefit|medical benefit/);
  });

  it("judges a request by its own drug's section only (by brand or generic name)", () => {
    const r = reviewText(tree(), FAX(RESULTS), med("Zorvanta", "examplocet", "150 mg twice daily"), "2026-11-02").review;
    expect(r.paths.map((p) => p.title)).toEqual(["For examplocet oral solution (Zorvanta)"]);
    const other = reviewText(tree(), FAX(RESULTS), med("Quellix", "quellimab", "100 mg daily"), "2026-11-02").review;
    expect(other.paths.map((p) => p.title)).toEqual(["For quellimab (Quellix)"]);
  });

  it("approves when the own section is met, and never on a section for another drug", () => {
    expect(decideText(tree(), FAX(RESULTS), med("Zorvanta", "examplocet", "150 mg twice daily"), "2026-11-02").decision.final_decision).toBe("approved");
    // a drug the sections do not name: which section applies is not settled
    const unnamed = decideText(tree(), FAX(RESULTS), med("Otherzine", "otherzine", "10 mg daily"), "2026-11-02").decision.final_decision;
    expect(unnamed).not.toBe("approved");
  });
});

describe("note numbers and baseline labs (laurel39)", () => {
  it("drops a note number from the criterion and keeps the note's window", () => {
    const own = model().indications.find((i) => /Zorvanta\)$/.test(i.title))!;
    const baseline = own.criteria.find((c) => /baseline/i.test(c.text))!;
    expect(baseline.text).not.toMatch(/\(2\)/);
    expect(baseline.kind).toBe("all");
    const items = baseline.kind === "all" ? baseline.items : [];
    expect(items.map((i) => (i.kind === "lab" ? i.measure : i.kind)).sort()).toEqual(["ALT", "AST", "bilirubin"]);
    expect(items.every((i) => i.kind === "lab" && i.within_days != null && i.within_days >= 89 && i.within_days <= 92)).toBe(true);
    // a presence check never grounds a denial (a value read in another unit is still a value)
    expect(items.every((i) => i.confidence !== "high")).toBe(true);
  });

  it("keeps a count written in words and digits", () => {
    const text = [
      "Criteria",
      "1. For examplocet (Zorvanta):",
      "a. Has tried at least two (2)",
      "b. Is age 2 years or older",
      "1 A note on trials of each drug.",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: NAMES });
    expect(JSON.stringify(m)).toMatch(/two \(2\)/);
  });

  it("meets baseline labs with dated values, never with pending tests", () => {
    const crit = (labs: string) =>
      reviewText(tree(), FAX(labs), med("Zorvanta", "examplocet", "150 mg twice daily"), "2026-11-02")
        .review.paths.flatMap((p) => p.criteria)
        .find((c) => /baseline/i.test(c.question));
    expect(crit(RESULTS)?.outcome).toBe("met");
    expect(crit(PENDING)?.outcome).not.toBe("met");
  });
});

describe("a daily ceiling per kg of weight (laurel39)", () => {
  const dose = (dosage: string, weight: string) =>
    reviewText(tree(), FAX(RESULTS).replace("Weight 25.0 kg", weight), med("Zorvanta", "examplocet", dosage), "2026-11-02")
      .review.paths.flatMap((p) => p.criteria)
      .find((c) => /mg\/kg\/day/i.test(c.question));
  it("is met within it on the lowest weight written, and goes to a reviewer above it", () => {
    expect(dose("150 mg twice daily", "Weight 25.0 kg")?.outcome).toBe("met"); // 300 / 25 = 12
    expect(dose("200 mg twice daily", "Weight 25.0 kg")?.outcome).toBe("insufficient"); // 400 / 25 = 16
    // an older, heavier dosing weight does not lower the dose per kg
    expect(dose("180 mg twice daily", "Weight 22.0 kg; dosing weight 26.0 kg (05/2026)")?.outcome).toBe("insufficient"); // 360 / 22 = 16.4
  });
});
