/**
 * Classes of stop 48, each asserted on invented wording (no set's own text):
 * 1. a policy page set in two text columns is read column by column (the page text had run each left
 *    line into the right column's line beside it, so every criterion was cut by the other column's words);
 *    a table with a narrow first column is no column layout;
 * 2. "II. Criteria for <service> (<code>)" between roman-numbered section titles is a section title;
 * 3. "Notes: (1) … (2) …" after the last criterion closes the list (the notes had become sub-items of it);
 *    a dash opening a parenthetical in the middle of an item's sentence is no bullet;
 * 4. a wrapped sentence in a narrow column ("<Service> is medically necessary when ALL of the") is no
 *    title that cuts a criterion off from its section's codes;
 * 5. a prior-therapy requirement that also counts treatments that are no drug ("hygiene measures, barrier
 *    preparations, absorptive dressings") never fails on a short trial of its one drug class — it had
 *    denied a covered line;
 * 6. a not-covered entry that is a service's name with its code denies a line billing that code and no other
 *    line; a sentence about codes ("image guidance (CPT …) is included in delivery (…)") stays as it was;
 * 7. a diagnosis defined by the ICD-10-CM codes the policy lists, in words the vocabulary does not know, is
 *    met by a request coded with one of them and never failed by another code;
 * 8. the subject noun of a line of business ("the recipient", "the client", "the participant") is the member;
 * 9. "a Corrected Calcium of at least 7.8 mg/dL": the total calcium on the same report is another
 *    measurement — it had failed the requirement (and denied a covered request) at 7.6 beside a corrected 7.9.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readTwoColumnPages } from "../text/two-columns";
import { isHeading, parseOutline } from "./outline";
import { adverseConfidence, unreadQualifiers } from "./parse-coverage";
import { codeListedDiagnosis, parseCriterion } from "./parse-criterion";
import { codeNamedExclusions } from "./claim-line-sentences";
import { scopeCodesAt } from "./code-sections";

const DAY = "2026-11-05";
const P = { drugNames: ["Examplo"] };

describe("two text columns", () => {
  const left = [
    "II. Criteria for resurfacing (15999)",
    "Resurfacing is covered when ALL of the",
    "following are documented:",
    "A. The lesion covers at least 10 percent",
    "of the treated area on photographs and",
    "in the examination of the surgeon.",
    "B. Topical treatment for at least three",
    "months has not cleared the lesion and",
    "the dates and agents are recorded.",
    "C. The member is 18 years or older and",
    "has no active infection at the site on",
    "the day of the planned procedure.",
    "Notes: (1) Appearance alone is not a",
    "reason. (2) Pended when records lack.",
  ];
  const right = [
    "III. Not covered (cosmetic)",
    "- Resurfacing done to improve looks of",
    "the skin of the face or of the neck.",
    "- Repeat resurfacing inside of twelve",
    "months of the last session on a site.",
    "IV. Coding",
    "15999 Unlisted procedure on the skin",
    "and the subcutaneous tissue of a site",
    "V. Rationale (not criteria)",
    "Lesions that cover a small area heal",
    "with topical treatment in most cases",
    "and do not need a procedure at all to",
    "clear. The review looks at photos and",
    "at the notes of the treating surgeon.",
  ];
  const page = tablePage(left.map((l, i) => [[l, 50] as [string, number], [right[i], 300] as [string, number]]));

  it("reads the left column whole, then the right column", () => {
    const out = readTwoColumnPages(page, docLines(page)).map((l) => l.text);
    expect(out.slice(0, left.length)).toEqual(left);
    expect(out.slice(left.length)).toEqual(right);
    // each line is verbatim page text
    for (const l of readTwoColumnPages(page, docLines(page))) expect(page.pages[0].text.slice(l.start, l.end)).toBe(l.text);
  });

  it("leaves a table with a narrow label column as it is", () => {
    const rows = Array.from({ length: 14 }, (_, i) => [
      [`Row ${i + 1}`, 50] as [string, number],
      [`the requirement of row number ${i + 1} of the criteria grid goes on here`, 110] as [string, number],
    ]);
    const grid = tablePage(rows);
    const lines = docLines(grid);
    expect(readTwoColumnPages(grid, lines)).toBe(lines);
  });
});

describe("roman section titles and the notes after a list", () => {
  it("takes 'II. Criteria for <service> (<code>)' for a section title", () => {
    expect(isHeading("II. Criteria for resurfacing (15999)")).toBe(true);
    expect(isHeading("II. The member has had resurfacing before (15999)")).toBe(false);
  });

  it("closes the list at 'Notes: (1) …' and keeps a mid-sentence dash inside its item", () => {
    const texts = [
      "II. Criteria for resurfacing (15999)",
      "A. A chronic skin condition under the fold",
      "- intertrigo or ulceration - that persisted for at least 3 months.",
      "B. The member is 18 years of age or older.",
      "Notes: (1) Appearance alone is not a reason. (2) A request without photographs is pended.",
    ];
    const lines = texts.map((text, index) => ({
      text,
      page: 1,
      start: index * 200,
      end: index * 200 + text.length,
      index,
      map: Array.from({ length: text.length + 1 }, (_, k) => index * 200 + k),
    }));
    const sections = parseOutline(lines, new Set(), { bullets: true });
    const criteria = sections.find((s) => /criteria for/i.test(s.heading))!;
    expect(criteria.items.map((i) => i.children.length)).toEqual([0, 0]);
    expect(criteria.items[0].text).toMatch(/intertrigo or ulceration/);
  });
});

describe("a narrow column's wrapped sentence keeps its section's codes", () => {
  it("finds the codes of the title above a lead that ends in 'of the'", () => {
    const texts = [
      "II. Criteria for resurfacing (15999)",
      "Resurfacing is medically necessary when ALL of the",
      "following are documented:",
      "A. The lesion covers 10 percent.",
    ];
    const lines = texts.map((text, index) => ({
      text,
      page: 1,
      start: index * 200,
      end: index * 200 + text.length,
      index,
      map: Array.from({ length: text.length + 1 }, (_, k) => index * 200 + k),
    }));
    expect(scopeCodesAt(lines, { document: "policy", page: 1, start: 600, end: 620, text: "" })).toEqual(["15999"]);
  });
});

describe("prior therapy that also counts treatments that are no drug", () => {
  const text =
    "A skin condition under the fold that persisted despite at least 3 consecutive months of treatment (topical antifungal agents, hygiene measures, barrier preparations or absorptive dressings).";
  it("is never a ground to fail on a short antifungal trial", () => {
    const c = parseCriterion(text, "", P);
    expect(c.kind).toBe("prior_therapy");
    expect(unreadQualifiers(c).join(" ")).toMatch(/no drug/);
    expect(adverseConfidence(c)).not.toBe("high");
  });
  it("counts a non-drug therapy the parse holds as represented", () => {
    const c = parseCriterion("Inadequate response after at least 12 weeks of phototherapy or of methotrexate.", "", P);
    expect(unreadQualifiers(c).join(" ")).not.toMatch(/no drug/);
  });
});

describe("not-covered entries that name their codes", () => {
  const entry = (text: string): Criterion => ({ kind: "documentation", text, concepts: [["x"]], absence: false, confidence: "medium" });
  it("deny a line of that code only", () => {
    const [c] = codeNamedExclusions([entry("Dermabrasion, 15780, with or without chemical peel, including spot treatment of scars.")]);
    expect(c).toMatchObject({ kind: "line_billing", codes: ["15780"], denied_line: true, confidence: "high" });
  });
  it("leave sentences about codes and conditional entries as they were", () => {
    const about = entry("Image guidance (CPT 77014, 77387) is included in IMRT treatment delivery (77385, 77386).");
    const conditional = entry("Dermabrasion, 15780, when performed within 12 months of a prior session.");
    const range = entry("Nerve blocks 64490-64495 for axial pain.");
    expect(codeNamedExclusions([about, conditional, range])).toEqual([about, conditional, range]);
  });
});

describe("a diagnosis defined by its listed ICD-10-CM codes", () => {
  it("reads the codes, ranges and categories", () => {
    expect(codeListedDiagnosis("The member has a diagnosis of morning queasiness of gestation (ICD-10-CM O21.0, O21.1 or O21.9)")).toEqual({
      icd10: ["O21.0", "O21.1", "O21.9"],
      phrase: "morning queasiness of gestation",
    });
    expect(codeListedDiagnosis("Diagnosis of a developmental speech disorder (ICD-10-CM F80.0-F80.9)")?.icd10).toEqual(["F80."]);
    expect(codeListedDiagnosis("Diagnosis of a sexual-exposure risk (ICD-10-CM Z72.51-Z72.53)")?.icd10).toEqual(["Z72.51", "Z72.52", "Z72.53"]);
    // a condition the vocabulary knows is read as before
    expect(codeListedDiagnosis("Diagnosis of rheumatoid arthritis (ICD-10-CM M05.x)")).toBeNull();
  });

  const spec = parseCriterion("The member has a diagnosis of morning queasiness of gestation (ICD-10-CM O21.0, O21.1 or O21.9)", "", P);
  const judge = (code: string) =>
    evaluateCriterion(
      spec,
      evalContext({
        idx: buildCaseIndex(docFromPages([`Diagnosis: ${code}`]), DAY),
        facts: emptyFacts({ diagnoses: [{ code, description: null, primary: true, citations: [] }] }),
        requestDate: DAY,
        requestedNames: ["Examplo"],
      }),
    );
  it("is met by a request coded with one of the codes", () => {
    expect(spec.kind).toBe("diagnosis");
    expect(judge("O21.9").outcome).toBe("met");
  });
  it("is never failed by another code", () => {
    expect(judge("R11.2").outcome).toBe("insufficient");
  });
});

describe("the line of business's subject noun", () => {
  it("reads 'the recipient is not taking an MAOI' as a concurrent-use bar, keeping the policy's words", () => {
    const c = parseCriterion("The recipient is not taking a monoamine oxidase inhibitor (MAOI); and", "", P);
    expect(c.kind).toBe("no_concurrent");
    expect(c.text).toMatch(/^The recipient/);
  });
});

describe("a measure's named form", () => {
  const spec = parseCriterion("Laboratory results show a Corrected Calcium of at least 7.8 mg/dL and a serum albumin of at least 3 g/dL", "", P);
  it("keeps the form in the requirement it reads", () => {
    expect(spec.kind).toBe("all");
    expect((spec as { items: Criterion[] }).items[0].text).toMatch(/^corrected calcium/);
  });
  it("never fails it on the total value", () => {
    const calcium = (spec as { items: Criterion[] }).items[0];
    const r = evaluateCriterion(
      calcium,
      evalContext({
        idx: buildCaseIndex(docFromPages(["Chemistry 10/01/2026\nCalcium, Total 7.6 mg/dL 8.6-10.3 L\nAlbumin 3.6 g/dL"]), DAY),
        facts: emptyFacts(),
        requestDate: DAY,
        requestedNames: ["Examplo"],
      }),
    );
    expect(r.outcome).not.toBe("not_met");
  });
});
