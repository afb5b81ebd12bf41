/**
 * Classes behind the first runs of stop 44 (the blind sets prairiestate-il and prairie-ks) and the
 * open items of stop 43, each asserted on invented wording (no set's own text):
 * 1. a prescriber worksheet's "Q | Question | Approvable answer | notes" grid: a row answered Yes is a
 *    requirement, a row answered No an exclusion, a branch ("Yes or No") nothing; its lettered Parts
 *    ("PART B - <condition>") are the indications and "PART A - ALL REQUESTS" every path's;
 * 2. "does NOT have any … contraindications …, including: A. … C. Severe untreated sleep apnea": every
 *    listed item must be absent (it had denied a request whose diagnosis "is not sleep apnea");
 *    severity words between a negation and the condition keep it negated;
 * 3. a renewal's inline "ONE of the following: A. X AND benefit OR B. Y AND benefit" is one choice (it
 *    had been split on its ANDs, and the other indication's diagnosis failed a renewal);
 * 4. "(ESS; pediatric ESS under 18)" is an age, never the score's threshold;
 * 5. a form's question answered "Y" is no trial of every drug it names;
 * 6. a documented requirement with a window back from the request ("within the past 6 months") is met
 *    only by a dated mention in it — a note's own date stands for an undated line under it, a birth
 *    date or a later fax stamp never;
 * 7. "Intravenous product only: …" does not apply to a subcutaneous request;
 * 8. "…, in a patient without type 2 diabetes" is met by a member coded with it;
 * 9. "an intolerance or hypersensitivity to metformin" needs the intolerance, not any course;
 * 10. a pharmacy fill history's days supply is a course's length;
 * 11. a step table's "Step 1 (prerequisite agents)" names the drugs of "a prerequisite agent";
 * 12. a continuation page's running header (a document id and its revision date) and a footnote that
 *    opens with its mark ("¹ …") are no words of the criterion above them; "Related Policies" lists no criteria.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { tablePage } from "../extract/test-pages";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import { docLines } from "../text/lines";
import { readAnswerGrids } from "../text/answer-grid";
import type { CaseFacts, Criterion, PolicyModel } from "../contracts";
import { inlineLetteredAlternatives, readPolicy } from "./read-policy";
import { parseCriterion } from "./parse-criterion";

const DAY = "2026-11-05";
const ctxOf = (lines: string[], facts: CaseFacts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY), facts, requestDate: DAY, requestedNames: ["Examplo"] });
const P = { drugNames: ["Examplo", "examplozumab"] };
const flat = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? [c, ...c.items.flatMap(flat)] : [c]);
const kinds = (m: PolicyModel) => m.indications.map((i) => ({ title: i.title, understood: i.understood, kinds: i.criteria.flatMap(flat).map((c) => c.kind) }));

describe("a question grid with the approving answer in a column (answer-grid.ts)", () => {
  // label at 40, question at 70, answer at 360, notes at 470
  const row = (label: string, q: string, a: string, note = ""): [string, number][] =>
    [
      [label, 40] as [string, number],
      [q, 70] as [string, number],
      ...(a ? [[a, 360] as [string, number]] : []),
      ...(note ? [[note, 470] as [string, number]] : []),
    ].filter((c) => c[0]);
  const header: [string, number][] = [
    ["Q", 40],
    ["Question", 70],
    ["Approvable answer", 360],
    ["Notes", 470],
  ];
  const doc = tablePage([
    [["EXAMPLO PRESCRIBER WORKSHEET", 40]],
    [["PART A - ALL REQUESTS", 40]],
    header,
    row("A1", "Is the patient enrolled in the Examplo REMS?", "Yes", "Attestation"),
    row("A2", "Is the patient currently taking a", "No", "Stopped is not"),
    row("", "monoamine oxidase inhibitor?", "", "current use."),
    row("A3", "Is the prescriber a neurologist?", "Yes"),
    [],
    [["PART B - NARCOLEPSY", 40]],
    header,
    row("B1", "Is the patient 7 years of age or older?", "Yes"),
    row("B2", "Does the patient have cataplexy?", "Yes or No", "Branch only."),
    row("B3", "Is narcolepsy confirmed by a multiple sleep", "Yes"),
    row("", "latency test with a mean sleep latency of 8", ""),
    row("", "minutes or less?", ""),
    [],
    [["PART C - IDIOPATHIC HYPERSOMNIA", 40]],
    header,
    row("C1", "Is the patient 18 years of age or older?", "Yes"),
    row("C2", "Has the patient had a trial of modafinil for", "Yes"),
    row("", "at least 30 days?", ""),
  ]);

  it("restates Yes rows as requirements, No rows as exclusions, and drops branches and notes", () => {
    const out = readAnswerGrids(doc, docLines(doc)).map((l) => l.text);
    expect(out).toContain("1. The patient is enrolled in the Examplo REMS");
    expect(out).toContain("Exclusions:");
    expect(out).toContain("1. Concurrent use of a monoamine oxidase inhibitor");
    expect(out.some((t) => /cataplexy/.test(t))).toBe(false);
    expect(out.some((t) => /Attestation|current use\./.test(t))).toBe(false);
    expect(out).toContain("2. Narcolepsy is confirmed by a multiple sleep latency test with a mean sleep latency of 8 minutes or less");
  });

  it("reads the lettered Parts as indications and Part A as every path's", () => {
    const m = readPolicy(doc, { drug_names: ["Examplo"] });
    expect(m.indications.map((i) => i.title)).toEqual(["NARCOLEPSY", "IDIOPATHIC HYPERSOMNIA"]);
    expect(m.indications.every((i) => i.understood)).toBe(true);
    expect(m.common.map((c) => c.kind)).toEqual(expect.arrayContaining(["prescriber"]));
    expect(m.exclusions.map((c) => c.kind)).toContain("current_therapy");
    expect(kinds(m)[1].kinds).toEqual(expect.arrayContaining(["age", "prior_therapy"]));
  });
});

describe("a list under a negated lead", () => {
  it("makes every item an absence, never a diagnosis to carry", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplo criteria",
          "Approval criteria",
          "1. The patient has a diagnosis of relapsing multiple sclerosis AND",
          "2. The patient does NOT have any FDA labeled contraindications to the requested agent, including:",
          "A. Mobitz type II second-degree atrioventricular block, unless the patient has a functioning pacemaker",
          "B. Severe untreated sleep apnea",
          "C. Concomitant use of a monoamine oxidase inhibitor",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const all = [...m.common, ...m.indications.flatMap((i) => i.criteria)].flatMap(flat);
    const apnea = all.find((c) => /sleep apnea/i.test(c.text) && c.kind !== "all");
    expect(apnea).toMatchObject({ kind: "documentation", absence: true });
    expect(all.some((c) => c.kind === "diagnosis" && /apnea/i.test(c.text))).toBe(false);
  });
  it("keeps a condition negated across severity words", () => {
    expect(parseCriterion("The patient does not have severe untreated sleep apnea", "", P)).toMatchObject({ kind: "documentation", absence: true });
    expect(parseCriterion("The patient has severe sleep apnea", "", P).kind).toBe("diagnosis");
  });
});

describe("a renewal's inline choice of indications", () => {
  it("is one ONE-of with each alternative's own requirements", () => {
    expect(
      inlineLetteredAlternatives(
        "ONE of the following: A. The patient has a diagnosis of MS AND has had clinical benefit OR B. The patient has a diagnosis of UC AND has had clinical benefit AND",
      ),
    ).toEqual(["The patient has a diagnosis of MS AND has had clinical benefit", "The patient has a diagnosis of UC AND has had clinical benefit"]);
    expect(inlineLetteredAlternatives("The patient has a diagnosis of MS AND has had clinical benefit")).toBeNull();
  });
});

describe("numbers that are no thresholds", () => {
  it("reads a population's age in a parenthetical as the age", () => {
    const c = parseCriterion(
      "A baseline is documented: the Epworth Sleepiness Scale (ESS; pediatric ESS under 18) and the number of cataplexy attacks per week",
      "",
      P,
    );
    expect(c.kind === "lab" && c.value === 18).toBe(false);
  });
});

describe("a form's question answered Y", () => {
  it("is no trial of each drug it names", () => {
    const ctx = ctxOf([
      "Trial of modafinil or armodafinil for at least 30 days with inadequate response, intolerance or contraindication? Y",
      "He tried modafinil in 2025 and does not remember the dose or how long he took it. He has not tried armodafinil.",
    ]);
    const ev = therapyEvidence(ctx.idx, ["modafinil", "armodafinil"], []);
    expect(ev.get("modafinil")?.days ?? null).toBeNull();
    expect(ev.get("armodafinil")?.days ?? null).toBeNull();
    const c = parseCriterion("The patient has had a trial of at least 30 days of modafinil or armodafinil with an inadequate response", "", P);
    expect(evaluateCriterion(c, ctx).outcome).toBe("insufficient");
  });
});

describe("a documented requirement with a window back from the request", () => {
  const c = parseCriterion("A complete blood count (CBC) including lymphocyte count within the past 6 months", "", P);
  it("is met only by a dated mention inside the window", () => {
    expect(evaluateCriterion(c, ctxOf(["Labs: CBC with differential 09/30/2026: lymphocytes 1.4"])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["Labs: CBC with differential 01/12/2025: lymphocytes 1.4"])).outcome).toBe("insufficient");
    // the note's own date dates an undated line under it; a birth date never does
    expect(evaluateCriterion(c, ctxOf(["Clinic note 10/02/2026", "Assessment", "CBC reviewed: lymphocytes normal."])).outcome).toBe("met");
    expect(evaluateCriterion(c, ctxOf(["Patient: Jane Roe DOB 04/22/1980 CBC normal"])).outcome).toBe("insufficient");
  });
  it("is not a window when it is counted from another event", () => {
    const other = parseCriterion("Recurrence within 12 months of completing adjuvant endocrine therapy is documented", "", P);
    expect(evaluateCriterion(other, ctxOf(["Recurrence 03/2019, 8 months after completing adjuvant endocrine therapy (letrozole)."])).outcome).not.toBe(
      "not_met",
    );
  });
});

describe("requirements scoped to some members", () => {
  it("leaves an intravenous-only requirement out of a subcutaneous request", () => {
    const c = parseCriterion(
      "Intravenous product only: the requested dose is no more than 10 mg/kg per infusion, using a body weight dated within 30 days before the request.",
      "",
      P,
    );
    const facts = emptyFacts();
    facts.medication = { ...facts.medication, drug_name_as_written: "Examplo 200 mg/mL autoinjector", dosage: "200 mg subcutaneously weekly" };
    expect(evaluateCriterion(c, ctxOf(["Weight 71 kg"], facts)).outcome).toBe("met");
  });
  it("meets '…, in a patient without type 2 diabetes' for a member coded with it", () => {
    const c = parseCriterion("The requested agent will NOT be used for weight loss alone, in a patient without type 2 diabetes", "", P);
    expect(c).toMatchObject({ kind: "documentation", absence: true });
    const facts = emptyFacts({ diagnoses: [{ code: "E11.9", description: "Type 2 diabetes mellitus", primary: true, citations: [] }] });
    expect(evaluateCriterion(c, ctxOf(["Diagnosis: E11.9 type 2 diabetes. The requested agent should also help with weight loss."], facts)).outcome).toBe(
      "met",
    );
  });
});

describe("prior therapy", () => {
  it("needs the intolerance itself when the alternative names only intolerance", () => {
    const c = parseCriterion("The patient has an intolerance or hypersensitivity to metformin that is not expected to occur with the target agent", "", P);
    expect(c).toMatchObject({ kind: "prior_therapy", require_intolerance: true });
    expect(evaluateCriterion(c, ctxOf(["metformin 500 mg twice daily since 07/2026"])).outcome).not.toBe("met");
  });
  it("counts the days supplied by a pharmacy fill history", () => {
    const c = parseCriterion("The patient has used metformin for at least 90 days", "", P);
    const ctx = ctxOf([
      "Dispense History",
      "Fill Date Medication Qty Days Pharmacy",
      "06/17/2026 METFORMIN ER 500 MG TAB 180 45 Main St Pharmacy",
      "05/02/2026 METFORMIN ER 500 MG TAB 180 45 Main St Pharmacy",
    ]);
    expect(therapyEvidence(ctx.idx, ["metformin"], []).get("metformin")?.days).toBe(90);
    expect(evaluateCriterion(c, ctx).outcome).toBe("met");
  });
  it("names the step table's prerequisite agents in the rule", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplo step therapy program",
          "Target Agent(s) will be approved when ALL of the following are met:",
          "1. The patient's medication history includes use of a prerequisite agent ('prerequisite agent' = a Step 1 agent) for at least 90 days within the past 180 days AND",
          "2. The patient has a diagnosis of type 2 diabetes mellitus",
          "STEP AGENTS",
          "Step 1 (prerequisite agents) metformin immediate-release and extended-release (all strengths); Available without prior authorization",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const all = [...m.common, ...m.indications.flatMap((i) => i.criteria)].flatMap(flat);
    expect(all.find((c) => c.kind === "prior_therapy")).toMatchObject({ drugs: ["metformin"], min_days: 90 });
  });
});

describe("page furniture and reference lists", () => {
  it("keeps a continuation page's running header and a marked footnote out of the criterion above", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplo criteria",
          "Approval criteria",
          "1. The patient has a diagnosis of narcolepsy AND",
          "2. A baseline Epworth Sleepiness Scale score is documented",
        ].join("\n"),
        [
          "Worksheet EX-11 - Examplo oral solution Revised 04/01/2026",
          "¹ Cataplexy: brief episodes of sudden loss of muscle tone with consciousness preserved.",
          "Related Policies",
          "- EX-12 Examplo renewal worksheet",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    const texts = m.indications
      .flatMap((i) => i.criteria)
      .flatMap(flat)
      .map((c) => c.text);
    expect(texts.some((t) => /Revised|Worksheet EX-11|loss of muscle tone|EX-12/.test(t))).toBe(false);
  });
});

describe("a gene's protein variant", () => {
  const c = parseCriterion(
    "The patient's cancer has a KRAS G12C mutation as detected by an FDA-approved test or a CLIA-certified laboratory (tissue or plasma)",
    "",
    P,
  );
  it("is met by the change on the gene's result line, failed by another change, pended on a pending result", () => {
    expect(evaluateCriterion(c, ctxOf(["NGS panel: KRAS p.G12C (c.34G>T) detected, VAF 22%"])).outcome).toBe("met");
    // a letter's bare "KRAS-mutated" does not outweigh the report's other change
    expect(evaluateCriterion(c, ctxOf(["Letter: KRAS-mutated NSCLC.", "NGS panel: KRAS p.G12D (c.35G>A) detected; G12C not detected"])).outcome).toBe(
      "not_met",
    );
    expect(evaluateCriterion(c, ctxOf(["KRAS testing sent out 10/20/2026, result pending"])).outcome).toBe("insufficient");
    // the tissue / plasma qualifier alone is no evidence of the variant
    expect(evaluateCriterion(c, ctxOf(["Tissue biopsy of the right lower lobe: adenocarcinoma."])).outcome).toBe("insufficient");
  });
});
