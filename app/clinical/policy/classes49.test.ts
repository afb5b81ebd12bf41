/**
 * Classes of stop 49, each asserted on invented wording (no set's own text):
 * 1. an outline marked by indentation alone ("<drug> may be indicated for 1 or more of the following:",
 *    each item set further in, no number or letter) is numbered as an outline; a lettered list under such
 *    a lead is left as printed, and its "OR" / "AND" connector lines are never items (a hyphen in the
 *    marker class had made every letter a bullet: the connectors were numbered, and three sets lost a case);
 * 2. "Weight and BMI measured within past 30 days" asks a dated value of each measure within the window;
 * 3. a results table "Date | Weight (kg) | Height (cm) | BMI": the rows' first number is the weight, read
 *    with the caption's unit; the BMI column is never read as that number (a BMI of 61.2 met "BMI of at
 *    least 30");
 * 4. "The recipient is currently pregnant, with the EDD or the gestational age documented" is met by an EDD
 *    after the request or a stated gestational age, and failed only by a delivery and a later negative
 *    pregnancy test (it had pended every request: the words "estimated date of delivery" are not on a fax
 *    that writes "EDD 06/11/2027");
 * 5. an age written as a word ("two years of age or older") is an age bound, compared with the birth date;
 * 6. "does not have moderate or severe renal impairment (eGFR below 45)" and "does not have an eGFR below
 *    30" require the opposite of the threshold they print (an eGFR of 30 had met the first).
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readIndentOutlines } from "../text/indent-outline";
import { isHeading } from "./outline";
import { readPolicy } from "./read-policy";
import { parseAge, parseCriterion } from "./parse-criterion";
import { isWholePregnancyRequirement, judgeCurrentPregnancy } from "../evidence/pregnancy";

const DAY = "2026-11-05";
const P = { drugNames: ["Examplo"] };
/** the evaluation context of a fax of `pages` received on DAY, for a request of Examplo */
const faxCtx = (pages: string[], facts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages(pages), DAY), facts, requestDate: DAY, requestedNames: ["Examplo"] });
/** a one-page document of `rows`, each [text, x]: one line per row, set in at x (PDF points) */
const indented = (rows: [string, number][]) => tablePage(rows.map(([t, x]) => [[t, x]]));

describe("outlines marked by indentation alone", () => {
  it("numbers the items of each level under a lead", () => {
    const page = indented([
      ["Examplo may be indicated for 1 or more of the following:", 50],
      ["Condition one, initial treatment, as indicated by ALL of the following:", 70],
      ["Diagnosis confirmed by a specialist", 90],
      ["A history of the complication", 90],
      ["Condition two, as indicated by ALL of the following:", 70],
      ["Weight of at least 40 kg", 90],
      ["Prescribed by a neurologist", 90],
      ["Evidence summary", 50],
    ]);
    const out = readIndentOutlines(docLines(page), isHeading).map((l) => l.text);
    expect(out).toEqual([
      "Examplo may be indicated for 1 or more of the following:",
      "1. Condition one, initial treatment, as indicated by ALL of the following:",
      "a. Diagnosis confirmed by a specialist",
      "b. A history of the complication",
      "2. Condition two, as indicated by ALL of the following:",
      "a. Weight of at least 40 kg",
      "b. Prescribed by a neurologist",
      "Evidence summary",
    ]);
  });

  it("never numbers a connector line between two items", () => {
    const page = indented([
      ["Examplo is covered when ALL of the following:", 50],
      ["Diagnosis confirmed by a specialist", 70],
      ["AND", 70],
      ["Age 2 years or older", 70],
    ]);
    expect(readIndentOutlines(docLines(page), isHeading).map((l) => l.text)).toEqual([
      "Examplo is covered when ALL of the following:",
      "1. Diagnosis confirmed by a specialist",
      "AND",
      "2. Age 2 years or older",
    ]);
  });

  it("leaves a lettered list and its connectors as printed", () => {
    const page = indented([
      ["1. The member has the disease, confirmed by ONE of the following:", 50],
      ["a. Genetic testing showing a pathogenic variant", 70],
      ["OR", 70],
      ["b. Without a genetic diagnosis, ALL of the following:", 70],
      ["i. A level of 880 or more on two occasions", 90],
      ["AND", 90],
      ["ii. A history of the complication", 90],
    ]);
    const lines = docLines(page);
    expect(readIndentOutlines(lines, isHeading)).toBe(lines);
  });
});

describe("measures asked within a window", () => {
  it("reads 'Weight and BMI measured within past 30 days' as a dated value of each", () => {
    const c = parseCriterion("Weight and BMI measured within past 30 days", "", P);
    expect(c.kind).toBe("all");
    const items = (c as { items: Criterion[] }).items.map((i) => i as Criterion & { measure?: string; within_days?: number | null });
    expect(items.map((i) => i.measure).sort()).toEqual(["BMI", "weight"]);
    expect(items.every((i) => i.kind === "lab" && i.within_days === 30)).toBe(true);
  });
  it("keeps a sentence with other words for its other readers", () => {
    const c = parseCriterion("Weight gain of 5 kg measured within past 30 days despite diet", "", P);
    expect(c.kind === "all" && (c as { items: Criterion[] }).items.every((i) => i.text.endsWith("(dated value)"))).toBe(false);
  });
});

describe("a results table with more columns than the date and one value", () => {
  const idx = buildCaseIndex(docFromPages(["Growth and vitals\nDate Weight (kg) Height (cm) BMI\n09/20/2026 61.2 165 22.5\n10/20/2026 62.0 165 22.8\n"]), DAY);
  const ctx = () => evalContext({ idx, facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] });
  it("reads the first column's values with the caption's unit and dates", () => {
    const r = evaluateCriterion(parseCriterion("Weight of at least 40 kg", "", P), ctx());
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/62\b.*2026-10-20/);
  });
  it("never reads another column's caption as that value", () => {
    const r = evaluateCriterion(parseCriterion("BMI of at least 30", "", P), ctx());
    expect(r.outcome).not.toBe("met");
    expect(r.outcome).not.toBe("not_met");
  });
});

describe("a current pregnancy", () => {
  const REQ = "The recipient is currently pregnant, with the estimated date of delivery (EDD) or the gestational age documented";
  const judge = (text: string, codes: string[] = []) => judgeCurrentPregnancy(buildCaseIndex(docFromPages([text]), DAY), codes);
  it("is the whole requirement", () => {
    expect(isWholePregnancyRequirement(REQ)).toBe(true);
    expect(isWholePregnancyRequirement("The member is not pregnant")).toBe(false);
    expect(isWholePregnancyRequirement("The member is currently pregnant and has failed ondansetron")).toBe(false);
  });
  it("is met by an EDD after the request or a gestational age", () => {
    expect(judge("G2 P1001 at 9 weeks 6 days by LMP, dating ultrasound 10/21/2026 (EDD 06/11/2027).")?.outcome).toBe("met");
    expect(judge("Follow-up visit: 12w5d today, gestation by dates; vomiting daily.")?.outcome).toBe("met");
    expect(judge("Nausea, vomiting daily.", ["O21.0", "Z3A.12"])?.outcome).toBe("met");
  });
  it("is never met by a row date beside a delivery of years ago", () => {
    const r = judge("10/21/2026   Prior SVD 2021, uncomplicated\nEDD 06/11/2027 by ultrasound");
    expect(r?.outcome).toBe("met");
  });
  it("fails only on a delivery and a later negative test", () => {
    const r = judge("She delivered by spontaneous vaginal delivery on 10/14/2026.\nA urine pregnancy test on 10/30/2026 was negative.");
    expect(r?.outcome).toBe("not_met");
    expect(r?.citations.length).toBe(2);
    expect(judge("She delivered on 10/14/2026 and is breastfeeding.")?.outcome).toBe("insufficient");
    expect(judge("Urine pregnancy test 10/30/2026 negative. EDD 06/11/2027.")?.outcome).not.toBe("met");
  });
  it("reads nothing from a fax that says nothing of a pregnancy", () => {
    expect(judge("Migraine for ten years; two preventives failed.")).toBeNull();
  });
});

describe("an age written as a word", () => {
  it("is an age bound", () => {
    expect(parseCriterion("The recipient is two years of age or older", "", P)).toMatchObject({ kind: "age", min_years: 2 });
    expect(parseAge("members eighteen (18) years of age or older")).toEqual({ min_years: 18 });
    expect(parseAge("seventeen years of age or older")).toEqual({ min_years: 17 });
  });
});

describe("a threshold the sentence requires absent", () => {
  it("is read as its opposite", () => {
    expect(
      parseCriterion("The recipient does not have moderate or severe renal impairment (estimated glomerular filtration rate below 45 mL/min/1.73 m2).", "", P),
    ).toMatchObject({ kind: "lab", measure: "eGFR", op: ">=", value: 45 });
    expect(parseCriterion("The member does not have an eGFR below 30", "", P)).toMatchObject({ kind: "lab", op: ">=", value: 30 });
    expect(parseCriterion("The member has no platelet count under 50,000/mcL", "", P)).toMatchObject({ kind: "lab", op: ">=" });
  });
  it("keeps a required condition's threshold as printed", () => {
    expect(parseCriterion("Member has severe renal impairment (eGFR < 30)", "", P)).toMatchObject({ kind: "lab", op: "<", value: 30 });
    const c = parseCriterion("The member does not have diabetes and has an A1c below 7%", "", P);
    expect(c.kind === "lab" && c.op !== "<").toBe(false);
  });
  it("is failed by a value inside the condition, met by one outside it", () => {
    const spec = parseCriterion("The member does not have severe renal impairment (eGFR below 30 mL/min/1.73 m2)", "", P);
    const at = (v: string) => evaluateCriterion(spec, faxCtx([`Renal panel 10/20/2026: eGFR ${v} mL/min/1.73 m2`])).outcome;
    expect(at("22")).toBe("not_met");
    expect(at("64")).toBe("met");
  });
});

describe("'1 or more of the following'", () => {
  it("is a choice of one of the items", () => {
    const doc = docFromPages([
      [
        "Examplo policy",
        "Initial approval criteria",
        "1. Diagnosis confirmed by genetic testing, as indicated by 1 or more of the following:",
        "a. Homozygous deletion of exon 7 of the gene",
        "b. Compound heterozygosity of the gene",
        "2. Prescribed by a neurologist.",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["Examplo"] });
    const all = m.indications.flatMap((i) => i.criteria);
    expect(all.some((c) => c.kind === "any" && c.items.length === 2)).toBe(true);
    expect(all.some((c) => c.kind === "all" && /1 or more/.test(c.text))).toBe(false);
  });
});

describe("a dose appropriate for age and weight", () => {
  it("is the approval's dose ceiling, never a documentation item no fax can show", () => {
    expect(parseCriterion("Dose appropriate for age and weight (Table 1)", "", P).kind).toBe("dose_limit");
  });
});

describe("an assessment on a validated scale", () => {
  const spec = parseCriterion(
    "Baseline motor function assessed within past 90 days with age-appropriate validated scale (eg, HFMSE, RULM, 6-minute walk test)",
    "",
    P,
  );
  const at = (text: string) => evaluateCriterion(spec, faxCtx([text]));
  it("is met by a dated score", () => {
    expect(at("Motor function 10/20/2026: HFMSE 19/66, RULM 24/37.").outcome).toBe("met");
  });
  it("is not met by the scale's name without a score", () => {
    const r = at("Baseline motor function: PT evaluation (HFMSE / RULM / 6-minute walk test) done 10/20/2026; scores to be scanned into the chart.");
    expect(r.outcome).toBe("insufficient");
    expect(r.reason).toMatch(/without its score/);
  });
});

describe("an exclusion of the covered condition's other forms", () => {
  const model = readPolicy(
    docFromPages([
      [
        "Examplo policy",
        "Initial approval criteria",
        "1. Diagnosis of spinal muscular atrophy.",
        "2. Prescribed by a neurologist.",
        "Exclusions",
        "1. Spinal muscular atrophy that is not 5q-associated (eg, SMARD1 due to IGHMBP2 variants).",
      ].join("\n"),
    ]),
    { drug_names: ["Examplo"] },
  );
  const exclusion = model.exclusions[0];
  const facts = emptyFacts({ diagnoses: [{ code: "G12.1", description: "spinal muscular atrophy", citations: [] }] } as never);
  const at = (text: string) =>
    evaluateCriterion(exclusion, faxCtx([text], facts), "exclusion", {
      conditions: ["spinal muscular atrophy"],
      icd10: ["G12.1"],
    }).outcome;
  it("does not apply when the request names the covered form", () => {
    expect(exclusion.text).toMatch(/not 5q-associated/);
    expect(at("Genetic testing: SMN1 exon 7 homozygous deletion, consistent with 5q-associated spinal muscular atrophy.")).toBe("not_met");
    expect(at("G12.1 Spinal muscular atrophy type 2 (5q SMA).")).toBe("not_met");
  });
  it("is left open when the request does not say", () => {
    expect(at("Spinal muscular atrophy, weakness since infancy.")).not.toBe("not_met");
    expect(at("This is not 5q SMA; IGHMBP2 variants found.")).not.toBe("not_met");
  });
});

describe("a list header that sets a duration of its own", () => {
  it("stays a requirement beside the items under it", () => {
    const doc = docFromPages([
      [
        "Examplo policy",
        "Initial approval criteria",
        "Approval will be given if all the following criteria are met and documented:",
        "a. The member has a diagnosis of migraine; and",
        "b. The member has had an inadequate response to conservative care, documented by both of the following:",
        "1) Rest and hydration for at least seven days; and",
        "2) Over-the-counter magnesium, alone or with riboflavin, for at least seven days, with:",
        "(a) A magnesium dose of at least 400 mg daily; and",
        "(b) The dates of the trial and its outcome documented; and",
        "c. The member is not taking an MAOI.",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["Examplo"] });
    const texts = m.indications
      .flatMap((i) => i.criteria)
      .flatMap(function flat(c): string[] {
        return c.kind === "all" || c.kind === "any" ? [c.text, ...c.items.flatMap(flat)] : [c.text];
      });
    expect(texts).toContain("Over-the-counter magnesium, alone or with riboflavin, for at least seven days");
  });
});

describe("a dated mention beside the member's birth date", () => {
  it("never takes the birth date for the date of what was done", () => {
    const spec = parseCriterion("The baseline RSBQ total score and CGI-S score, both dated within the 90 days before the request", "", P);
    const facts = emptyFacts();
    facts.patient.birth_date = "2017-09-05";
    const r = evaluateCriterion(
      spec,
      faxCtx(["Date of Birth (MM/DD/YYYY): 09/05/2017   Baseline RSBQ total 41, CGI-S 5", "Assessed 10/20/2026 in clinic."], facts),
    );
    expect(r.reason).not.toMatch(/2017-09-05/);
  });
});
