/**
 * Policy-reading classes of the golden-ca first run (invented wording throughout):
 * - a "# | Criterion | Documentation" grid followed by a heading in capitals that runs past the
 *   number column: the heading ends the grid (the grid's rows stay criteria, the heading's bullet list
 *   is read as exclusions), and a grid titled "Table 2 - Continuation: …" is continuation criteria;
 */
import { describe, expect, it } from "vitest";
import { tablePage } from "../extract/test-pages";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { readTableColumns } from "../text/table-columns";
import { readPolicy } from "../policy/read-policy";
import { lookupDrug } from "../vocabulary/drugs";
import { parseCriterion, parseExclusion } from "../policy/parse-criterion";
import { unreadQualifiers } from "../policy/parse-coverage";
import type { Criterion } from "../contracts";

describe("a criteria grid ended by a heading in capitals", () => {
  const doc = tablePage([
    [["Table 1 - Initial request: ALL criteria must be met", 50]],
    [
      ["#", 54],
      ["Criterion", 76],
      ["Documentation", 416],
    ],
    [
      ["1", 54],
      ["Member is 40 years of age or older.", 76],
      ["Date of birth", 416],
    ],
    [
      ["2", 54],
      ["Diagnosis of plaque psoriasis.", 76],
      ["Clinic note", 416],
    ],
    [
      ["3", 54],
      ["Prescribed by a dermatologist.", 76],
      ["Prescriber specialty", 416],
    ],
    [["Table 2 - Continuation: ALL criteria must be met", 50]],
    [
      ["#", 54],
      ["Criterion", 76],
      ["Documentation", 416],
    ],
    [
      ["1", 54],
      ["The member is currently receiving the drug with a documented response.", 76],
      ["Progress note", 416],
    ],
    [
      ["2", 54],
      ["No live vaccine has been given since the last approval.", 76],
      ["Immunization record", 416],
    ],
    // the heading's first word falls in the number column, the rest in the criterion column
    [
      ["NOT", 55],
      ["COVERED WHEN", 79],
    ],
    [["- Concurrent treatment with another biologic for psoriasis (adalimumab, etanercept).", 50]],
    [["- Active tuberculosis.", 50]],
  ]);

  it("keeps the heading out of the grid, so the grid's rows are numbered criteria", () => {
    const out = readTableColumns(doc, docLines(doc)).map((l) => l.text);
    expect(out).toContain("1. The member is currently receiving the drug with a documented response.");
    expect(out).toContain("NOT COVERED WHEN");
    expect(out.some((l) => /Progress note|Immunization record/.test(l))).toBe(false);
  });

  it("reads the bullet list as exclusions and the continuation grid as no initial criterion", () => {
    const m = readPolicy(doc, { drug_names: ["examplumab"] });
    const texts = JSON.stringify(m.indications.map((i) => i.criteria));
    expect(m.exclusions.map((e) => e.text).join(" | ")).toMatch(/another biologic/);
    expect(texts).not.toMatch(/another biologic/);
    expect(texts).not.toMatch(/live vaccine/);
    expect(m.continuation.map((c) => c.text).join(" ")).toMatch(/Continuation/);
  });
});

describe("drug directory", () => {
  it("knows the CYP inhibitors policies list as examples", () => {
    for (const n of ["fluvoxamine", "enoxacin", "ticlopidine"]) expect(lookupDrug(n)?.generic).toBe(n);
  });
});

describe("a threshold belongs to the measure written with it", () => {
  const ctx = { drugNames: ["examplumab"] };
  it("never gives a score's threshold to the inputs a parenthetical note lists", () => {
    const c = parseCriterion(
      "a FIB-4 score of 2.67 or greater (the age, AST, ALT and platelet values entered must appear in the record, or the result the laboratory computed reported).",
      "",
      ctx,
    );
    expect(c).toMatchObject({ kind: "lab", measure: "FIB-4", op: ">=", value: 2.67 });
    expect(JSON.stringify(c)).not.toMatch(/"measure":"(?:platelets|ALT|AST)"/);
  });

  it("keeps an upper bound and reads another method's limits as an alternative for a reviewer", () => {
    const c = parseCriterion(
      "liver stiffness by transient elastography (TE, FibroScan device) of at least 9.5 kPa and no higher than 18.5 kPa, or by magnetic resonance elastography of at least 3.2 kPa and no higher than 4.8 kPa",
      "",
      ctx,
    );
    expect(c.kind).toBe("any");
    const items = (c as { items: Criterion[] }).items;
    expect(items[0]).toMatchObject({ kind: "lab", measure: "liver stiffness", op: "between", value: 9.5, value_max: 18.5 });
    expect(items[1].kind).toBe("human_review");
  });

  it("reads a threshold listed after 'including' in an exclusion as showing the excluded condition on its own", () => {
    const c = parseExclusion(
      "Cirrhosis of any grade, including a liver stiffness by transient elastography above 19.0 kPa or by another method above 5.5 kPa, a biopsy stage F4, or imaging evidence (nodular contour with splenomegaly)",
      ctx,
    );
    expect(c).toMatchObject({ kind: "lab", measure: "liver stiffness", op: ">", value: 19 });
    expect(unreadQualifiers(c)).toEqual([]);
  });
});

describe("bibliographic references are no criteria", () => {
  it("skips a sources list of author-et-al and journal citations", () => {
    const doc = docFromPages([
      [
        "Examplumab coverage criteria",
        "Approval requires ALL of the following:",
        "a. The member is 21 years of age or older.",
        "b. Prescribed by a cardiologist.",
        "SOURCES FOR THE RESTRICTION CRITERIA",
        "1. Examplumab injection prescribing information. Example Pharma Inc.; revised 2024.",
        "2. Doe JA, et al. 2023 consensus statement on the care of adults with examplosis. Heart J. 2023;141:e200-e255.",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["examplumab"] });
    const texts = JSON.stringify([m.common, m.indications.map((i) => i.criteria)]);
    expect(texts).toMatch(/21 years/);
    expect(texts).not.toMatch(/et al|prescribing information/);
  });
});

describe("relative liver limits after a lead naming the tests", () => {
  it("reads 'ALT and AST each no higher than N times the ULN' as a limit of each, with the lead's window", () => {
    const c = parseCriterion(
      "Liver panel drawn within the past 2 months, with the laboratory's reference ranges: ALT and AST each no higher than 3 times the upper limit of normal (ULN), and total bilirubin no higher than 1.5 times ULN.",
      "",
      { drugNames: ["examplumab"] },
    );
    expect(c.kind).toBe("all");
    const items = (c as { items: Criterion[] }).items;
    expect(items.map((i) => (i.kind === "lab" ? `${i.measure} ${i.op} ${i.value}` : i.kind))).toEqual(["ALT <= 3", "AST <= 3", "bilirubin <= 1.5"]);
    for (const i of items) expect(i).toMatchObject({ relative: "upper", within_days: 61 });
  });

  it("reads a stated daily dose as the approval's dose ceiling", () => {
    const c = parseCriterion("Dose 20 mg once daily", "", { drugNames: ["examplumab"] });
    expect(c).toMatchObject({ kind: "dose_limit", max_mg: 20, per_days: 1 });
  });
});

describe("a test that must show none of the listed findings", () => {
  it("is the test plus a reviewer item, never an 'abnormal' result", () => {
    const c = parseCriterion("Brain MRI within the past 6 months showing none of: more than 3 microbleeds; any lobar hemorrhage; cortical edema.", "", {
      drugNames: ["examplumab"],
    });
    expect(JSON.stringify(c)).not.toMatch(/"result":"abnormal"/);
    expect(c.kind).toBe("all");
    const items = (c as { items: Criterion[] }).items;
    expect(items[0]).toMatchObject({ kind: "test_result", result: "any", within_days: 183 });
    expect(items[1].kind).toBe("human_review");
  });
});
