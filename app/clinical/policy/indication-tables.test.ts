/**
 * Reading classes found on the ninth blind set's remaining cases (fixtures/corpus/gateway-mo), each
 * written here with another drug and other wording:
 * - covered indications given as a table ("Table 1. Covered uses": Indication | Requirements) that a
 *   criterion refers to ("one of the indications listed in Table 1"), a row's requirement that
 *   "replaces" a criterion above;
 * - a table that ends at a capitalised heading or at running text whose word gap falls on a column
 *   boundary;
 * - a section that says of itself that it is "not approval criteria";
 * - an exclusion "Prevention of X in members with Y" (an excluded indication, not every preventive use);
 * - an excluded use whose qualifier names the covered condition ("… who requires immediate correction
 *   of anemia"), and a letterhead ("… Cancer Center") that is no clinical fact.
 */
import { describe, expect, it } from "vitest";
import type { Criterion, ParsedDocument } from "../contracts";
import { tablePage as page } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readTableColumns } from "../text/table-columns";
import { readPolicy } from "./read-policy";
import { parseExclusion } from "./parse-criterion";
import { generateDecisionTree } from "./compile-tree";
import { docFromPages } from "../testing";
import { reviewText, dx } from "../review/test-cases";
import { inOrganizationName } from "../review/evaluate";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

const policy = page([
  [["Examplotin Criteria for Use", 50]],
  [["INCLUSION CRITERIA", 50]],
  [["The answer to ALL of the following must be met:", 50]],
  [["[ ] The condition is one of the indications listed in Table 1, and its requirement in that row is met.", 50]],
  [["[ ] Hemoglobin below 9 g/dL within the 14 days before the request.", 50]],
  [["[ ] Prescribed by a hematologist or nephrologist.", 50]],
  [["Table 1. Covered uses", 50]],
  [
    ["Indication", 50],
    ["Requirements", 330],
  ],
  [
    ["Anemia due to chronic kidney disease", 50],
    ["eGFR below 45 mL/min/1.73 m2", 330],
  ],
  [
    ["Anemia due to zidovudine in HIV infection", 50],
    ["Zidovudine 4,200 mg per week or less", 330],
  ],
  [
    ["Anemia before elective hip surgery", 50],
    ["Hemoglobin above 10 and up to 13 g/dL (replaces", 330],
  ],
  [["the hemoglobin criterion above)", 330]],
  [["RENEWAL CRITERIA", 50]],
  [["Approve for 6 months when the member is responding to therapy.", 50]],
  [["ISSUES FOR CONSIDERATION", 50]],
  [["These points are provided for the prescriber and are not approval criteria:", 50]],
  [["- Do not target a hemoglobin above 11 g/dL.", 50]],
  [["- Evaluate vitamin B12 and folate before starting.", 50]],
]);

describe("covered indications in a table that a criterion refers to", () => {
  const m = readPolicy(policy, { drug_names: ["Examplotin"] });

  it("makes one path per row, with the path's other criteria and the row's own requirement", () => {
    expect(m.indications.map((i) => i.title)).toEqual([
      "Anemia due to chronic kidney disease",
      "Anemia due to zidovudine in HIV infection",
      "Anemia before elective hip surgery",
    ]);
    const ckd = flat(m.indications[0].criteria);
    expect(ckd.some((c) => c.kind === "lab" && c.measure === "eGFR" && c.op === "<" && c.value === 45)).toBe(true);
    expect(ckd.some((c) => c.kind === "lab" && c.measure === "hemoglobin" && c.op === "<" && c.value === 9)).toBe(true);
    expect(ckd.some((c) => c.kind === "prescriber")).toBe(true);
    // the reference to the table is no criterion of its own, and the table is not read into the one above it
    for (const i of m.indications) for (const c of flat(i.criteria)) expect(c.text).not.toMatch(/Table 1|Covered uses/);
  });

  it("drops the criterion a row's requirement replaces", () => {
    const surgery = flat(m.indications[2].criteria).filter((c) => c.kind === "lab");
    expect(surgery.some((c) => c.kind === "lab" && c.op === "<" && c.value === 9)).toBe(false);
    expect(surgery.some((c) => c.kind === "lab" && c.measure === "hemoglobin")).toBe(true);
  });

  it("reads no criterion from a section that says it is not approval criteria", () => {
    for (const i of m.indications) for (const c of flat(i.criteria)) expect(c.text).not.toMatch(/target a hemoglobin|vitamin B12/);
    for (const c of flat(m.common)) expect(c.text).not.toMatch(/target a hemoglobin|vitamin B12/);
  });

  it("leaves a table nobody refers to as it was read before (no paths made from it)", () => {
    const text = policy.pages[0].text.replace("one of the indications listed in Table 1", "a covered condition");
    const unreferenced = { ...policy, pages: [{ ...policy.pages[0], text }] } as ParsedDocument;
    // (offsets shift by the replacement: word boxes no longer align, so only the absence of table paths is checked)
    const titles = readPolicy(unreferenced, { drug_names: ["Examplotin"] }).indications.map((i) => i.title);
    expect(titles).not.toContain("Anemia before elective hip surgery");
  });
});

describe("where a table ends", () => {
  it("at a capitalised heading alone in the first column, and at running text split only by a word space", () => {
    const doc = page([
      [
        ["Indication", 50],
        ["Requirements", 330],
      ],
      [
        ["Anemia due to chronic kidney disease", 50],
        ["eGFR below 45 mL/min/1.73 m2", 330],
      ],
      [
        ["Anemia due to zidovudine in HIV infection", 50],
        ["Zidovudine 4,200 mg per week or less", 330],
      ],
      [["RENEWAL CRITERIA", 50]],
      [
        ["Approve for 6 months (chronic kidney disease) or 12", 50],
        ["weeks when ALL of the following are met:", 50 + "Approve for 6 months (chronic kidney disease) or 12".length * 5 + 3],
      ],
    ]);
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out.slice(-2)).toEqual(["RENEWAL CRITERIA", "Approve for 6 months (chronic kidney disease) or 12 weeks when ALL of the following are met:"]);
    expect(out).toContain("Anemia due to zidovudine in HIV infection");
  });
});

describe("exclusions that name a subpopulation", () => {
  it("'Prevention of X in members with Y' is an excluded indication, never every preventive use", () => {
    const ctx = { drugNames: ["Examplumab"] };
    expect(parseExclusion("Prevention of skeletal-related events in members with bone metastases from solid tumors.", ctx).kind).not.toBe("use_mode");
    expect(parseExclusion("Preventive (scheduled daily) use", ctx).kind).toBe("use_mode");
  });

  it("a qualifier naming the covered condition, and a letterhead, do not hold the request for review", () => {
    const tree = generateDecisionTree(
      docFromPages([
        [
          "Examplotin Criteria for Use",
          "EXCLUSION CRITERIA",
          "If ANY item below is met, the member should NOT receive Examplotin.",
          "[ ] Use as a substitute for red blood cell transfusion in a member who requires immediate correction of anemia.",
          "INCLUSION CRITERIA",
          "The answer to ALL of the following must be met:",
          "[ ] Diagnosis of anemia due to chronic kidney disease.",
          "[ ] Prescribed by or in consultation with a nephrologist.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplotin"] },
    );
    const fax = [
      "Lakeside Kidney Care - Anemia Management Clinic - Transfusion Services Department",
      "PRIOR AUTHORIZATION REQUEST 09/28/2026",
      "Patient: Rosa Delgado DOB 03/04/1950 Member ID EXM123456",
      "Medication: Examplotin 10,000 units SC weekly",
      "Diagnosis: anemia in chronic kidney disease stage 4 (N18.4, D63.1)",
      "Prescriber: Ana Ruiz, MD, Nephrology NPI 1234567893",
      "Blood pressure 132/78. Hemoglobin 9.2 g/dL on 09/20/2026.",
    ].join("\n");
    const r = reviewText(
      tree,
      fax,
      { diagnoses: [dx("N18.4", "chronic kidney disease stage 4"), dx("D63.1", "anemia in chronic kidney disease", false)] },
      "2026-09-28",
    );
    const ex = (r.review?.exclusions ?? []).find((e) => /substitute/.test(e.question));
    expect(ex?.outcome).toBe("not_met");
    expect(inOrganizationName("Four States Cancer Center", "Four States ".length)).toBe(true);
    expect(inOrganizationName("metastatic breast cancer on chemotherapy", "metastatic breast ".length)).toBe(false);
  });
});
