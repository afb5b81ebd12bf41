/**
 * Classes of stop 49, each asserted on invented wording (no set's own text):
 * 1. an outline marked by indentation alone ("<drug> may be indicated for 1 or more of the following:",
 *    each item set further in, no number or letter) is numbered as an outline; a lettered list under such
 *    a lead is left as printed, and its "OR" / "AND" connector lines are never items (a hyphen in the
 *    marker class had made every letter a bullet: the connectors were numbered, and three sets lost a case);
 * 2. "Weight and BMI measured within past 30 days" asks a dated value of each measure within the window;
 * 3. a results table "Date | Weight (kg) | Height (cm) | BMI": the rows' first number is the weight, read
 *    with the caption's unit; the BMI column is never read as that number (a BMI of 61.2 met "BMI of at
 *    least 30").
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
import { parseCriterion } from "./parse-criterion";

const DAY = "2026-11-05";
const P = { drugNames: ["Examplo"] };
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
