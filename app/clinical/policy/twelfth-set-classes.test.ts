/**
 * Reading classes found by the twelfth blind set (fixtures/corpus/alderwood-nj, first run 7/16 with
 * one wrongful denial, one deniable request approved and one incomplete request denied) and by the
 * eleventh set's non-formulary exception guideline, each written here with other drugs and wording:
 * - a title set in larger type opens a section, whatever its words ("Not a basis for exception");
 * - dotted-decimal items ("1.1", "2.1"), a sentence that composes sections ("ALL of Section 1 and ONE of
 *   Section 2"), and a definition referred to by name ("(Definition A)") read as one nested list;
 * - a functional class ("NYHA class I, II or III") is a value compared against its range, on the
 *   policy and on the fax ("NYHA class IV"), never met by the heart-failure code;
 * - an exclusion with a measured qualifier ("… with NYHA class IV heart failure") applies only with the
 *   qualifier, and an exclusion that names the covered condition never applies on the stated purpose;
 * - a limit relative to the normal range ("ALT above 2 x ULN") is never met by the absolute value beside it;
 * - a value with a power of ten ("3.1 x 10^7 IU/mL") is the product; 12,400 IU/mL is never 12.4;
 * - a quantity column of a table whose rows are indications is no limit of every request;
 * - a form's question ("Has the patient had an inadequate response, intolerance or contraindication to
 *   X?") is no outcome of a trial of X;
 * - a trial lead over a semicolon list applies to each agent, and a class unknown to the vocabulary is
 *   named by its members in parentheses;
 * - "III. Experimental, Investigational, or Unproven" is a heading: its list is exclusions;
 * - continuity of care for a new member rests on the enrollment record (a reviewer), and negation in
 *   another clause never makes "while taking X" a no-concurrent-use requirement.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, ParsedDocument } from "../contracts";
import { readPolicy } from "./read-policy";
import { classRange, parseCriterion, parseExclusion } from "./parse-criterion";
import { generateDecisionTree } from "./compile-tree";
import { isHeadingLine } from "./outline";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { buildCaseIndex } from "../evidence/case-index";
import { inQuestion, therapyEvidence } from "../evidence/therapies";
import { reviewText } from "../review/test-cases";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));
const ctx = { drugNames: ["Halvora"] };

/** A one-page text-layer document whose lines are set at the given type heights (points). */
function docWithSizes(rows: [string, number][], ocr = false): ParsedDocument {
  let text = "";
  const words: ParsedDocument["pages"][number]["words"] = [];
  rows.forEach(([line, h], i) => {
    let at = text.length;
    for (const w of line.split(" ")) {
      if (w) words.push({ text: w, start: at, end: at + w.length, x: 72, y: 72 + i * 14, w: w.length * 5, h });
      at += w.length + 1;
    }
    text += `${line}\n`;
  });
  return { page_count: 1, pages: [{ page: 1, text, ocr, confidence: ocr ? 0.9 : null, width: 612, height: 792, words }] };
}

const EXCEPTION_POLICY: [string, number][] = [
  ["Non-Formulary Exception: Halvora (examplivir) for chronic hepatitis B", 15.7],
  ["Purpose", 12.3],
  ["Halvora is not on the formulary. This guideline states when the plan makes an exception.", 11],
  ["Exception criteria", 12.3],
  ["An exception is granted for 12 months when ALL of Section 1 and ONE of Section 2 are met.", 11],
  ["Section 1 - all of the following", 11],
  ["1.1 Prescribed by, or in consultation with, a hepatologist.", 11],
  ["1.2 Treatment is indicated (Definition A).", 11],
  ["1.3 Age 18 years or older.", 11],
  ["Section 2 - one of the following", 11],
  ["2.1 Trial of entecavir for at least 12 weeks with an inadequate response.", 11],
  ["2.2 Trial of tenofovir disoproxil for at least 12 weeks with an inadequate response.", 11],
  ["Definition A - treatment indicated", 12.3],
  ["ONE of the following, using results from the 6 months before the request:", 11],
  ["(a) HBV DNA detectable and ALT above 2 x ULN;", 11],
  ["(b) compensated cirrhosis with detectable HBV DNA.", 11],
  ["ULN for ALT is 35 U/L for men and 25 U/L for women, whatever range the laboratory prints.", 11],
  ["Not a basis for exception", 12.3],
  ["• Member or prescriber preference without a documented reason.", 11],
  ["• A family member's use of Halvora.", 11],
  ["References", 12.3],
  ["1. Example A, et al. Hepatitis D guidance. Hepatology. 2024;1:1-2.", 11],
];

describe("a title set in larger type opens a section", () => {
  it("marks the larger lines of a text layer, never those of an OCR page", () => {
    const lines = docLines(docWithSizes(EXCEPTION_POLICY));
    const larger = lines.filter((l) => l.larger).map((l) => l.text);
    expect(larger).toEqual(expect.arrayContaining(["Purpose", "Exception criteria", "Definition A - treatment indicated", "Not a basis for exception"]));
    expect(larger).not.toContain("1.3 Age 18 years or older.");
    expect(docLines(docWithSizes(EXCEPTION_POLICY, true)).some((l) => l.larger)).toBe(false);
    const notBasis = lines.find((l) => l.text === "Not a basis for exception")!;
    expect(isHeadingLine(notBasis)).toBe(true);
    // the same words in body type, ending a sentence, are no heading
    expect(isHeadingLine({ ...notBasis, larger: false })).toBe(false);
  });
});

describe("sections composed by a sentence, dotted-decimal items and a definition referred to by name", () => {
  const model = readPolicy(docWithSizes(EXCEPTION_POLICY), { drug_names: ["Halvora"] });

  it("reads one path that needs ALL of section 1 and ONE of section 2", () => {
    expect(model.indications).toHaveLength(1);
    const [ind] = model.indications;
    expect(ind.match.conditions.join(" ")).toMatch(/hepatitis b/i);
    const top = ind.criteria;
    expect(top.map((c) => c.kind)).toEqual(["all", "any"]);
    const [one, two] = top as [Extract<Criterion, { kind: "all" }>, Extract<Criterion, { kind: "any" }>];
    expect(one.items).toHaveLength(3);
    expect(two.items).toHaveLength(2);
    expect(two.items.every((c) => c.kind === "prior_therapy")).toBe(true);
  });

  it("files the definition's alternatives under the item that refers to it, and nothing under 'Not a basis'", () => {
    const one = model.indications[0].criteria[0] as Extract<Criterion, { kind: "all" }>;
    const indicated = one.items.find((c) => /Definition A/.test(c.text))!;
    expect(indicated.kind).toBe("any");
    expect((indicated as Extract<Criterion, { kind: "any" }>).items).toHaveLength(2);
    const texts = flat(model.indications[0].criteria)
      .map((c) => c.text)
      .join(" | ");
    expect(texts).not.toMatch(/preference|family member/i);
  });

  it("never meets 'ALT above 2 x ULN' by another value: the relative limit is a lab limit of its own, against the normal range (issue 21)", () => {
    const c = parseCriterion("HBV DNA above 2,000 IU/mL and ALT above 2 x ULN", "", ctx);
    expect(c.kind).toBe("all");
    const items = (c as Extract<Criterion, { kind: "all" }>).items;
    expect(items.map((i) => i.kind)).toEqual(["lab", "lab"]);
    expect(items[1]).toMatchObject({ measure: "ALT", op: ">", value: 2, relative: "upper" });
  });
});

describe("functional class", () => {
  it("reads class ranges written in roman numerals", () => {
    expect(classRange(" functional class I, II or III (see Appendix A)")).toMatchObject({ op: "between", value: 1, value_max: 3 });
    expect(classRange(" class II-IV")).toMatchObject({ op: "between", value: 2, value_max: 4 });
    expect(classRange(" class II or higher")).toMatchObject({ op: ">=", value: 2 });
    expect(classRange(" assessment pending")).toBeNull();
  });

  const POLICY = [
    "Halvora (examplamidis) - transthyretin amyloid cardiomyopathy",
    "I. Criteria for Initial Approval",
    "Halvora is considered medically necessary for ATTR-CM when ALL of the following are met:",
    "1. The member is 18 years of age or older; and",
    "2. The member has heart failure of New York Heart Association (NYHA) functional class I, II or III; and",
    "3. The drug is prescribed by or in consultation with a cardiologist.",
    "III. Experimental, Investigational, or Unproven",
    "• ATTR-CM with NYHA functional class IV heart failure.",
    "• Hereditary ATTR polyneuropathy without cardiomyopathy.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Halvora"], title: "Halvora", documentName: "policy" });
  const fax = (nyha: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST 2026-10-01",
      "Patient: Jane Roe DOB 1950-02-03 Member ID W1",
      "Medication requested: Halvora 61 mg capsules for transthyretin amyloid cardiomyopathy",
      "Diagnosis: E85.82 wild-type ATTR amyloidosis; I50.33 heart failure",
      "Prescriber: Dr. A Heart, Cardiology",
      `Assessment 09/20/2026: ${nyha}.`,
    ].join("\n");
  const nyhaCriterion = (r: ReturnType<typeof reviewText>) => r.review.paths.flatMap((p) => p.criteria).find((c) => /NYHA/.test(c.question));

  it("is met by a class in range and fails on a class outside it, never by the heart-failure code", () => {
    expect(nyhaCriterion(reviewText(tree, fax("NYHA class II, dyspnea on exertion")))?.outcome).toBe("met");
    // class IV: the criterion fails, or (pends36a) the "ATTR-CM with NYHA functional class IV" exclusion
    // applies on the stated class before any path is reviewed — never met either way
    const iv = reviewText(tree, fax("NYHA class IV, dyspnea at rest"));
    expect(nyhaCriterion(iv)?.outcome === "not_met" || (iv.review.exclusions ?? []).some((e) => e.outcome === "met" && /class IV/.test(e.question))).toBe(true);
    expect(nyhaCriterion(reviewText(tree, fax("symptoms stable")))?.outcome).not.toBe("met");
  });

  it("an exclusion with a class applies only with that class; one naming the covered condition never on the purpose", () => {
    const ex = parseExclusion("ATTR-CM with NYHA functional class IV heart failure.", ctx);
    expect(ex.kind).toBe("all");
    const excluded = (r: ReturnType<typeof reviewText>) => (r.review.exclusions ?? []).filter((e) => e.outcome === "met").map((e) => e.question);
    expect(excluded(reviewText(tree, fax("NYHA class II, dyspnea on exertion")))).toEqual([]);
    expect(excluded(reviewText(tree, fax("symptoms stable")))).toEqual([]);
  });
});

describe("values written with a power of ten or thousands separators", () => {
  const POLICY = [
    "Halvora (examplivir) - chronic hepatitis B",
    "Criteria for Initial Approval",
    "Halvora is considered medically necessary when ALL of the following are met:",
    "1. The member is 18 years of age or older; and",
    "2. HBV DNA is below 20 IU/mL on a test within the 6 months before the request.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Halvora"], title: "Halvora", documentName: "policy" });
  const dna = (line: string) =>
    reviewText(tree, ["PRIOR AUTHORIZATION REQUEST 2026-10-01", "Patient: Jane Roe DOB 1970-02-03", "Medication requested: Halvora", line].join("\n"))
      .review.paths.flatMap((p) => p.criteria)
      .find((c) => /HBV DNA/.test(c.question));

  it("never reads 3.1 x 10^7 as 3.1 nor 12,400 as 12.4", () => {
    expect(dna("Labs 09/20/2026: HBV DNA 3.1 x 10^7 IU/mL")?.outcome).not.toBe("met");
    expect(dna("Labs 09/20/2026: HBV DNA, quant PCR 12,400 IU/mL")?.outcome).toBe("not_met");
    expect(dna("Labs 09/20/2026: HBV DNA 12 IU/mL")?.outcome).toBe("met");
  });
});

describe("a quantity column of a table whose rows are indications", () => {
  it("is no limit of every request", () => {
    const model = readPolicy(
      docFromPages([
        [
          "Halvora (examplaxin)",
          "Criteria for Initial Approval",
          "A. Hepatic encephalopathy. Halvora is considered medically necessary when ALL of the following are met:",
          "1. The member is 18 years of age or older.",
          "Dosage and Administration",
          "Indication",
          "Hepatic encephalopathy",
          "Travelers' diarrhea",
          "Quantity limit",
          "60 tablets / 30 days",
          "9 tablets / 30 days",
        ].join("\n"),
      ]),
      { drug_names: ["Halvora"] },
    );
    expect(flat([...model.common, ...model.indications.flatMap((i) => i.criteria)]).some((c) => c.kind === "quantity_limit")).toBe(false);
  });
});

describe("a form's question is no outcome of a trial", () => {
  it("reads the answer, never the question's words", () => {
    const text = [
      "3. Has the patient had an inadequate response, intolerance or contraindication to loperamide, an antispasmodic (dicyclomine or",
      "(*) Yes ( ) No ( ) Unknown",
      "4. List each drug tried, with dose, dates or duration, and the outcome.",
      "loperamide OTC - did not help",
    ].join("\n");
    const idx = buildCaseIndex(docFromPages([text]), "2026-11-11");
    const q = idx.lines.find((l) => /Has the patient/.test(l.text))!;
    expect(inQuestion(idx, q, q.lower.indexOf("loperamide"))).toBe(true);
    const ev = therapyEvidence(idx, ["loperamide"], []).get("loperamide")!;
    expect(ev.contraindicated).toBe(false);
    expect(ev.intolerance).toBe(false);
  });
});

describe("a trial lead over a semicolon list", () => {
  it("applies its terms to every agent, a class named by its members", () => {
    const c = parseCriterion(
      "The member has had an inadequate response, intolerance or contraindication to at least ONE of the following, each tried for at least 4 weeks: loperamide; an antispasmodic (dicyclomine or hyoscyamine); or a tricyclic antidepressant (amitriptyline or nortriptyline)",
      "",
      ctx,
    );
    expect(c.kind).toBe("any");
    const items = (c as Extract<Criterion, { kind: "any" }>).items;
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.kind === "prior_therapy" && i.min_days === 28)).toBe(true);
  });
});

describe("continuity of care and negation in another clause", () => {
  it("a new member's continuity of care is a reviewer's item, never its lab value", () => {
    const c = parseCriterion(
      "Continuity of care: the member enrolled in the plan within the 6 months before the request while taking Halvora, and the most recent HBV DNA is below 20 IU/mL or not detected.",
      "",
      ctx,
    );
    expect(c.kind).toBe("human_review");
  });
  it("'while taking X, and … not detected' is no requirement to avoid X", () => {
    const c = parseCriterion("The member started therapy while taking Halvora, and the viral load is not detected", "", ctx);
    expect(c.kind).not.toBe("no_concurrent");
    expect(parseCriterion("Not used while taking another TNF inhibitor", "", ctx).kind).toBe("no_concurrent");
  });
});

describe("no earlier course of the requested drug", () => {
  it("is a no-prior-therapy requirement, never a documentation item met by the drug's name", () => {
    const c = parseCriterion("The member has not previously received a course of examplumab (8 infusions).", "", { drugNames: ["Halvora", "examplumab"] });
    expect(c.kind).toBe("prior_therapy");
    expect(c.kind === "prior_therapy" && c.absent).toBe(true);
  });
});

describe("a medication list's status column", () => {
  it("reads NEW / CONTINUE on the drug's row as current use, STOPPED as not", () => {
    const text = [
      "MEDICATION RECONCILIATION AT DISCHARGE",
      "Medication Dose / route / frequency Status Notes",
      "Lactulose 10 g/15 mL solution 30 mL PO three times daily NEW Secondary prophylaxis",
      "Docusate 100 mg PO BID STOPPED",
    ].join("\n");
    const idx = buildCaseIndex(docFromPages([text]), "2026-11-06");
    const ev = therapyEvidence(idx, ["lactulose", "docusate"], []);
    expect(ev.get("lactulose")?.ongoing).toBe(true);
    expect(ev.get("docusate")?.ongoing).toBe(false);
  });
});

describe("a documentation item that lists ALL of its items", () => {
  const POLICY = [
    "Halvora (examplamidis) - transthyretin amyloid cardiomyopathy",
    "Criteria for Initial Approval",
    "Halvora is considered medically necessary for ATTR-CM when ALL of the following are met:",
    "1. The member is 18 years of age or older; and",
    "2. Absence of a monoclonal protein on ALL THREE of the following: serum free light chain assay, serum protein immunofixation, and urine protein immunofixation.",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([POLICY]), { drug_names: ["Halvora"], title: "Halvora", documentName: "policy" });
  const screen = (lines: string[]) =>
    reviewText(tree, ["PRIOR AUTHORIZATION REQUEST 2026-10-01", "Patient: Jane Roe DOB 1950-02-03", "Medication requested: Halvora", ...lines].join("\n"))
      .review.paths.flatMap((p) => p.criteria)
      .find((c) => /monoclonal/i.test(c.question));

  it("is met only when every listed item is written, never by one of them", () => {
    expect(screen(["09/20/2026: serum free light chains normal ratio; serum protein immunofixation: no monoclonal protein."])?.outcome).not.toBe("met");
    expect(
      screen([
        "09/20/2026: serum free light chains normal ratio.",
        "Serum protein immunofixation: no monoclonal protein.",
        "Urine protein immunofixation: no monoclonal protein.",
      ])?.outcome,
    ).toBe("met");
  });
});
