/**
 * Classes behind the first runs of stop 45 (the blind sets bluestem-mn and arrowhead-mn), each
 * asserted on invented wording (no set's own text):
 * 1. "Serum calcium (corrected for albumin when the albumin is below 4.0 g/dL) of 8.5 mg/dL or more":
 *    the parenthetical's number is no threshold of calcium (it had read "calcium < 4 g/dL" and denied a
 *    calcium of 9.0); a corrected value is never a clear failure;
 * 2. "platelet count at least 150,000/mm3, and ALT and AST no more than 1.5 x ULN": the platelets' bound
 *    is never ALT's (it had read "ALT >= 150000"), and ALT shares AST's relative limit;
 * 3. a list under "I.2 Contraindications recognized for the step requirement" defines what counts for
 *    another criterion: its items are no requirements of the path (one had denied a request "not uveitis");
 * 4. "Zoledronic acid only: …" in a policy read for denosumab applies to none of its requests;
 * 5. a paragraph printed back at the margin after a nested list's last finished item is no part of it;
 * 6. "… NOTE: a negative stain does not exclude it; sequencing results are required in that case" run
 *    into an item is its note, and "Do not count toward criterion 2: …" after an item is a note too;
 * 7. "Class criteria 2 and 3 are met", "as in RA item 5": references, read by a reviewer — or, for "as
 *    in <indication> item N", the named indication's requirement that starts with the same words;
 * 8. "sub-total resection" is written "subtotal resection";
 * 9. chemotherapy families (platinum-based, fluoropyrimidine, taxane) and their members;
 * 10. section names printed in a left margin column open their sections;
 * 11. "IBS-C in a member 18 years of age or older" is the condition AND the age; alternatives that each
 *     name a condition give the path its indication;
 * 12. a form's unticked option ("[ ] bisacodyl 5 mg daily") and a payer's reject message quoting the
 *     step rule ("need 2 of PEG 3350 / lactulose / senna / bisacodyl x 30 days") are no trials;
 * 13. "Polymyalgia rheumatica (PMR) - initial request (ALL of the following):" opens an indication;
 * 14. a claim's diagnosis read "W01.OXXA" is W01.0XXA (no O after a code's first character);
 * 15. a criteria subset of numbered check-box points ("[ ] 100 …", "[ ] 110 …", "[ ] 131 …") nests by its numbers;
 * 16. a criteria table headed "DRUG(S) / PDL STATUS | CLINICAL CRITERIA" labels its rows by drug;
 * 17. a denial's confidence follows what its failures rest on (the first runs' wrong denials sat at 0.88,
 *     the band of the right ones): a compared value keeps the base, a reading loses the most.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { therapyEvidence } from "../evidence/therapies";
import { icd } from "../extract/cms1500";
import { tablePage } from "../extract/test-pages";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import { docLines } from "../text/lines";
import { readMarginLabels } from "../text/margin-labels";
import { readPointSubsets } from "../text/point-subsets";
import { readTableColumns } from "../text/table-columns";
import { classMembers, classesNamedIn, drugsNamedIn } from "../vocabulary/drugs";
import { conditionsNamedIn } from "../vocabulary/conditions";
import type { Criterion, PolicyModel } from "../contracts";
import { isHeading, parseOutline } from "./outline";
import { parseCriterion, parseThresholds } from "./parse-criterion";
import { readPolicy, scopedToOtherDrugs } from "./read-policy";
import { failureBasis } from "../review/review-case";

const DAY = "2026-11-05";
const ctxOf = (lines: string[]) =>
  evalContext({ idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] });
const P = { drugNames: ["Examplo", "examplozumab"] };
const flat = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? [c, ...c.items.flatMap(flat)] : [c]);
const texts = (m: PolicyModel) => [...m.indications.flatMap((i) => i.criteria), ...m.common].flatMap(flat).map((c) => c.text);

describe("a parenthetical 'when' clause holds no threshold", () => {
  it("reads the calcium bound after the parenthetical, with medium confidence (a corrected value)", () => {
    const c = parseCriterion("Serum calcium (corrected for albumin when the albumin is below 3.8 g/dL) of 8.4 mg/dL or more within 30 days.", "", P);
    expect(c).toMatchObject({ kind: "lab", measure: "calcium", op: ">=", value: 8.4, confidence: "medium" });
    // (a value written before the clause in the same parenthetical stays the threshold)
    const d = parseCriterion("A serum calcium within the normal range (8.4 mg/dL or higher, corrected for albumin when the albumin is below 3.8 g/dL).", "", P);
    expect(d).toMatchObject({ kind: "lab", measure: "calcium", op: ">=", value: 8.4 });
  });
});

describe("a bound before a measure belongs to the measure before it", () => {
  it("gives the platelets their bound and ALT the shared relative limit", () => {
    const t = "Labs within 60 days: platelet count at least 140,000/mm3, and ALT and AST no more than 2.5 x ULN";
    expect(parseThresholds(t).find((x) => x.measure === "ALT")).toBeUndefined();
    const labs = flat(parseCriterion(t, "", P)).filter((c) => c.kind === "lab");
    expect(labs.find((c) => c.kind === "lab" && c.measure === "ALT")).toMatchObject({ op: "<=", value: 2.5, relative: "upper" });
    expect(labs.find((c) => c.kind === "lab" && c.measure === "platelets")).toMatchObject({ op: ">=", value: 140000 });
  });
});

describe("policy structure", () => {
  it("reads a list of recognized contraindications as no requirement of the path", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Examplo (examplozumab) coverage policy",
          "Section I. Step therapy",
          "Examplo requires a documented trial of a preferred drug, or a contraindication to it (see I.2).",
          "I.2 Contraindications recognized for the step requirement",
          "1. Creatinine clearance below 30 mL/min.",
          "2. A documented intolerance: muscle pain on a preferred drug; hepatitis after the other preferred drug.",
          "Section II. Osteoporosis - coverage criteria",
          "Examplo is medically necessary for osteoporosis when ALL of the following are met:",
          "1. The member is 50 years of age or older.",
          "2. Prescribed by an endocrinologist.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo", "examplozumab"] },
    );
    // (the list's title is a heading of its own, so its items never run on as another section's)
    expect(isHeading("I.2 Contraindications recognized for the step requirement")).toBe(true);
    expect(isHeading("Acceptable reasons for not trying a preferred agent")).toBe(true);
    const all = texts(m).join(" | ");
    expect(all).toMatch(/50 years/);
    expect(all).not.toMatch(/Creatinine clearance below 30/);
    expect(all).not.toMatch(/hepatitis after/);
  });

  it("scopes 'X only:' to the drugs it names", () => {
    expect(scopedToOtherDrugs("Zoledronic acid only: creatinine clearance of 35 mL/min or more.", ["Prolia", "denosumab"])).toBe(true);
    expect(scopedToOtherDrugs("Zoledronic acid only: creatinine clearance of 35 mL/min or more.", ["Reclast", "zoledronic acid"])).toBe(false);
    expect(scopedToOtherDrugs("Adults only: age 18 or older.", ["Prolia"])).toBe(false);
  });

  it("ends a nested list's last item at a paragraph printed back at the margin", () => {
    const doc = tablePage([
      [["Examplo therapy is medically necessary only when ONE of the following is documented:", 54]],
      [["a. A first finding is documented in the record; or", 66]],
      [["b. A second finding described by the treating", 66]],
      [["physician.", 80]],
      [["When neither applies, the therapy is not medically necessary even if it is preferred.", 54]],
    ]);
    const items = parseOutline(docLines(doc)).flatMap((s) => s.items.flatMap((i) => [i, ...i.children]));
    const b = items.find((i) => /second finding/.test(i.text));
    expect(b?.text).toMatch(/physician\.$/);
    expect(items.some((i) => /neither applies/.test(i.text))).toBe(false);
  });

  it("moves a NOTE run into an item, and a 'Do not count toward …' paragraph, into notes", () => {
    const lines = docLines(
      docFromPages([
        [
          "1. Documentation of a qualifying mutation detected by sequencing. NOTE: a negative stain does not exclude it; sequencing results are required in that case; AND",
          "2. No known bowel obstruction.",
          "Do not count toward criterion 1: fiber supplements and rescue enemas.",
        ].join("\n"),
      ]),
    );
    const items = parseOutline(lines).flatMap((s) => s.items);
    expect(items[0].text).toMatch(/detected by sequencing\.$/);
    expect(items[0].note).toMatch(/sequencing results are required/);
    expect(items[1].text).toBe("No known bowel obstruction.");
    expect(items[1].note).toMatch(/fiber supplements/);
  });

  it("reads a trial's 'cannot be counted' clause as no requirement", () => {
    const c = parseCriterion(
      "Trial of at least TWO agents from the following list, each used for at least 30 days: lactulose, senna; a trial without a dose or duration cannot be counted",
      "",
      P,
    );
    expect(flat(c).some((x) => x.kind === "documentation")).toBe(false);
  });

  it("reads references to numbered criteria for a reviewer, and resolves 'as in <indication> item N'", () => {
    expect(parseCriterion("Class criteria 2 and 3 are met.", "", P).kind).toBe("human_review");
    expect(parseCriterion("Baseline laboratory values as in RA item 2", "", P).kind).toBe("human_review");
    const m = readPolicy(
      docFromPages([
        [
          "Examplo (examplozumab) clinical criteria",
          "Rheumatoid arthritis (RA) - initial request (ALL of the following):",
          "1. Age 18 years or older with rheumatoid arthritis; AND",
          "2. Baseline laboratory values drawn within the 60 days before the request: platelet count at least 140,000/mm3; AND",
          "3. Prescribed by or in consultation with a rheumatologist.",
          "Polymyalgia rheumatica (PMR) - initial request (ALL of the following):",
          "1. Age 50 years or older with polymyalgia rheumatica; AND",
          "2. Baseline laboratory values as in RA item 2; AND",
          "3. Prescribed by or in consultation with a rheumatologist.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo", "examplozumab"] },
    );
    const pmr = m.indications.find((i) => /polymyalgia/i.test(i.title));
    expect(pmr).toBeDefined();
    const labs = pmr!.criteria.flatMap(flat).filter((c) => c.kind === "lab");
    expect(labs[0]).toMatchObject({ measure: "platelets", op: ">=", value: 140000 });
    expect(pmr!.criteria.flatMap(flat).some((c) => c.kind === "diagnosis" && c.conditions.includes("rheumatoid arthritis"))).toBe(false);
  });

  it("opens an indication at '<condition> (<abbr>) - initial request (ALL of the following):'", () => {
    expect(isHeading("Polymyalgia rheumatica (PMR) - initial request (ALL of the following):")).toBe(true);
    expect(isHeading("Polymyalgia rheumatica is treated with prednisone - initial doses vary.")).toBe(false);
  });

  it("splits section names printed in a left margin column from their first body line", () => {
    const doc = tablePage([
      [
        ["Policy statement", 48],
        ["Examplo requires prior authorization.", 168],
      ],
      [["It is medically necessary when the criteria below are met.", 168]],
      [
        ["Coverage criteria", 48],
        ["I. Initial authorization when ALL of the following are met:", 168],
      ],
      [["A. The member is 18 years of age or older;", 168]],
      [["B. Prescribed by a rheumatologist.", 168]],
      [
        ["Continuation", 48],
        ["II. Continued authorization when the member responds.", 168],
      ],
    ]);
    const out = readMarginLabels(doc, docLines(doc));
    const labels = out.filter((l) => l.larger).map((l) => l.text);
    expect(labels).toEqual(["Policy statement", "Coverage criteria", "Continuation"]);
    expect(out.some((l) => l.text.startsWith("I. Initial authorization"))).toBe(true);
    expect(out.map((l) => l.index)).toEqual(out.map((_, k) => k));
  });

  it("nests a criteria subset's check-box points by their numbers", () => {
    const lines = readPointSubsets(
      docLines(
        docFromPages([
          [
            "Indications - Select ONE path:",
            "[ ] 100 Osteoarthritis of the knee, ALL of the following:",
            "[ ] 110 Imaging within 12 months showing advanced joint-space narrowing",
            "[ ] 120 Failure of non-operative management, with at least TWO of the following:",
            "[ ] 121 Analgesics at a therapeutic dose",
            "[ ] 122 Physical therapy for 6 weeks or longer",
            "[ ] 200 Avascular necrosis with subchondral collapse",
            "Exclusions - criteria are NOT met if ANY of the following is present:",
            "[ ] 510 Active infection of the knee",
          ].join("\n"),
        ]),
      ),
    );
    expect(lines.map((l) => l.text.split(" ")[0])).toEqual(["Indications", "1.", "a.", "b.", "i.", "ii.", "2.", "Exclusions", "a."]);
    const sections = parseOutline(lines);
    const first = sections.flatMap((x) => x.items).find((i) => /Osteoarthritis/.test(i.text));
    expect(first?.children.map((c) => c.children.length)).toEqual([0, 2]);
    expect(isHeading("Exclusions - criteria are NOT met if ANY of the following is present:")).toBe(true);
  });

  it("labels a criteria table's rows by drug under 'DRUG(S) / PDL STATUS'", () => {
    const doc = tablePage([
      [
        ["DRUG(S) / PDL STATUS", 40],
        ["CLINICAL CRITERIA", 230],
      ],
      [
        ["Examplo (examplozumab)", 40],
        ["Psoriasis - initial request (ALL of the following):", 230],
      ],
      [
        ["NP - non-preferred", 40],
        ["1. Age 18 years or older; AND", 230],
      ],
      [["2. Prescribed by a dermatologist.", 230]],
    ]);
    const out = readTableColumns(doc, docLines(doc));
    expect(out.find((l) => l.cell?.role === "label")?.text).toMatch(/^Examplo \(examplozumab\)/);
    expect(out.some((l) => l.cell?.role === "body" && /^1\. Age 18/.test(l.text))).toBe(true);
  });

  it("reads 'IBS-C in a member 18 years of age or older' as the condition and the age", () => {
    const c = parseCriterion("IBS-C in a member 18 years of age or older (290 mcg once daily)", "", P);
    expect(c.kind).toBe("all");
    expect(flat(c).map((x) => x.kind)).toEqual(expect.arrayContaining(["age", "diagnosis"]));
    const m = readPolicy(
      docFromPages([
        [
          "Examplo (examplozumab) clinical criteria",
          "Initial approval (ALL of the following):",
          "1. Diagnosis, age and dose consistent with labeling - ONE of:",
          "a) IBS-C in a member 18 years of age or older; OR",
          "b) chronic idiopathic constipation (CIC) in a member 18 years of age or older; AND",
          "2. Prescribed by a gastroenterologist.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo", "examplozumab"] },
    );
    expect(m.indications.some((i) => i.understood && i.match.conditions.includes("chronic idiopathic constipation"))).toBe(true);
    // (Rome IV "functional constipation" in children is chronic idiopathic constipation)
    expect(conditionsNamedIn("functional constipation in a member 6 to 17 years of age").map((x) => x.name)).toContain("chronic idiopathic constipation");
  });
});

describe("evidence", () => {
  it("tells what a clear failure rests on: a compared value, a stated fact, or a reading", () => {
    expect(failureBasis(parseCriterion("Platelet count of at least 140,000/mm3", "", P))).toBe("measured");
    expect(failureBasis(parseCriterion("Diagnosis of polymyalgia rheumatica", "", P))).toBe("read");
    expect(failureBasis(parseCriterion("Prescribed by or in consultation with a rheumatologist", "", P))).toBe("stated");
  });

  it("reads an OCR'd letter O after a code's first character as zero", () => {
    expect(icd("W01.OXXA")).toBe("W01.0XXA");
    expect(icd("S72.031A")).toBe("S72.031A");
  });

  it("meets 'sub-total resection' with 'subtotal resection'", () => {
    const spec = parseCriterion("Member has undergone surgery for the tumor: biopsy, sub-total resection or gross total resection", "", P);
    expect(spec.kind).toBe("documentation");
    const r = evaluateCriterion(spec, ctxOf(["Neurosurgery: awake craniotomy with subtotal resection on 06/18/2026."]));
    expect(r.outcome).toBe("met");
  });

  it("knows the chemotherapy families policies name", () => {
    expect(classMembers("platinum-based chemotherapy")).toEqual(expect.arrayContaining(["carboplatin", "oxaliplatin", "cisplatin"]));
    expect(classMembers("fluoropyrimidine")).toEqual(expect.arrayContaining(["fluorouracil", "5-fu", "capecitabine"]));
    expect(classesNamedIn("after progression on platinum-based chemotherapy").map((c) => c.name)).toContain("platinum-based chemotherapy");
    expect(drugsNamedIn("FOLFIRI: 5-FU, leucovorin and irinotecan")).toEqual(expect.arrayContaining(["fluorouracil", "irinotecan"]));
  });

  it("takes neither a form's unticked option nor a payer's quoted step rule for a trial", () => {
    const ctx = ctxOf([
      "Reject: 75 - Prior authorization required Payer message: ST: need 2 of PEG 3350 / lactulose / senna /",
      "bisacodyl / magnesium hydroxide x 30 days in 180 days",
      "Preferred alternatives on the formulary. Check one to change the prescription:",
      "[ ] bisacodyl 5 mg daily",
      "[ ] lactulose 20 g daily",
      "Laxatives tried: Miralax 17 g daily Aug - Oct 2026, not effective.",
    ]);
    const ev = therapyEvidence(ctx.idx, ["bisacodyl", "lactulose", "polyethylene glycol 3350", "miralax"], []);
    expect(ev.get("bisacodyl")?.days ?? null).toBeNull();
    expect(ev.get("bisacodyl")?.citations.length ?? 0).toBe(0);
    expect(ev.get("lactulose")?.citations.length ?? 0).toBe(0);
  });
});
