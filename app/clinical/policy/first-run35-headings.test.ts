/**
 * Section headings of the bayou-la first run (a Medicaid MCO's medical pharmacy policy and a state
 * single-PDL grid, written blind): "Coverage is not provided for:" and "DENIAL" open exclusion lists
 * (their items were read as criteria of the indication's path, where "mild hemophilia A" was "met" by
 * the diagnosis code — a latent wrongful approval); "II. Dosing Limits", "I. Length of
 * Authorization", "VI. Billing Code/Availability Information" are sections, not criteria; a state
 * grid's "DOCUMENTATION NOTES" are notes, not criteria.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import type { Criterion } from "../contracts";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readApplicabilityGrids } from "../text/applicability-grid";
import { isHeading } from "./outline";
import { keyConcepts, parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? texts(c.items) : [c.text]));

describe("exclusion lists under a 'coverage is not provided' or 'denial' heading", () => {
  it("'Coverage is not provided for:' lists exclusions, never criteria of the path", () => {
    const policy = [
      "MEDICAL PHARMACY POLICY",
      "III. Initial Approval Criteria",
      "Coverage is provided in the following conditions:",
      "Agent X will be approved when ALL of the following are met:",
      "1. Prescribed by, or in consultation with, a hematologist; AND",
      "2. Diagnosis of congenital hemophilia A confirmed by a factor VIII activity level.",
      "Coverage is not provided for:",
      "- mild hemophilia A (factor VIII activity greater than 5%);",
      "- acquired hemophilia A, hemophilia B or von Willebrand disease.",
      "IV. Renewal Criteria",
      "1. Disease response.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["agent x"] });
    const path = m.indications.flatMap((i) => texts(i.criteria));
    expect(path.some((t) => /mild hemophilia/i.test(t))).toBe(false);
    expect(path.some((t) => /von Willebrand/i.test(t))).toBe(false);
    expect(texts(m.exclusions).some((t) => /mild hemophilia/i.test(t))).toBe(true);
    expect(texts(m.exclusions).some((t) => /von Willebrand/i.test(t))).toBe(true);
  });

  it("a 'DENIAL' heading opens the grid's denial rows", () => {
    const policy = [
      "CLINICAL AUTHORIZATION CRITERIA",
      "CRITERIA",
      "Agent X is approved when ALL of the following are met:",
      "1. Weight of at least 35 kg documented.",
      "2. Prescribed by an infectious disease specialist.",
      "DENIAL",
      "- Known HIV-1 infection, or a positive HIV-1 test that has not been resolved.",
      "DOCUMENTATION NOTES",
      "1. A test collected more than 7 days before the first injection does not meet row 3.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["agent x"] });
    const path = m.indications.flatMap((i) => texts(i.criteria));
    expect(path.some((t) => /HIV-1 infection/i.test(t))).toBe(false);
    expect(path.some((t) => /more than 7 days/i.test(t))).toBe(false);
    expect(texts(m.exclusions).some((t) => /HIV-1 infection/i.test(t))).toBe(true);
  });

  it("'Coverage is provided …' and criteria leads stay approval text", () => {
    const m = readPolicy(
      docFromPages([
        [
          "CRITERIA",
          "Agent X is covered when ALL of the following are met:",
          "1. Weight of at least 35 kg documented.",
          "2. Prescribed by a hematologist.",
        ].join("\n"),
      ]),
      { drug_names: ["agent x"] },
    );
    expect(m.exclusions).toHaveLength(0);
    expect(m.indications.flatMap((i) => texts(i.criteria)).some((t) => /35 kg/.test(t))).toBe(true);
  });
});

describe("numbered section titles of medical pharmacy policies", () => {
  it("are headings", () => {
    for (const t of [
      "I. Length of Authorization",
      "II. Dosing Limits",
      "V. Dosage/Administration",
      "VI. Billing Code/Availability Information",
      "II. Quantity Limits",
    ])
      expect(isHeading(t), t).toBe(true);
  });
  it("a numbered criterion is not", () => {
    for (const t of ["I. Diagnosis of hemophilia A", "II. Patient has tried methotrexate", "1. Dosing limits apply to every request"])
      expect(isHeading(t), t).toBe(false);
  });
});

describe("a criteria grid that marks each row's requests (# | Criterion | Initial | Renewal)", () => {
  const grid = () =>
    tablePage([
      [["CRITERIA", 40]],
      [
        ["#", 40],
        ["Criterion", 60],
        ["Initial", 460],
        ["Renewal", 520],
      ],
      [
        ["1", 40],
        ["Diagnosis of sickle cell disease confirmed by hemoglobin electrophoresis", 60],
        ["X", 470],
      ],
      [["or genetic testing.", 60]],
      [
        ["2", 40],
        ["Age 5 years or older.", 60],
        ["X", 470],
        ["X", 530],
      ],
      [
        ["3", 40],
        ["Fewer crises in the most recent 12 months than before the drug was started.", 60],
        ["X", 530],
      ],
      [["DENIAL", 40]],
      [["- Sickle cell trait.", 40]],
    ]);

  it("reads the rows marked Initial as numbered criteria, the Renewal-only rows as renewal", () => {
    const raw = docLines(grid());
    const out = readApplicabilityGrids(grid(), raw).map((l) => l.text);
    expect(out).toContain("Approval Criteria");
    expect(out).toContain("1. Diagnosis of sickle cell disease confirmed by hemoglobin electrophoresis or genetic testing.");
    expect(out).toContain("2. Age 5 years or older.");
    const renewal = out.indexOf("Renewal Criteria");
    expect(renewal).toBeGreaterThan(out.indexOf("2. Age 5 years or older."));
    expect(out[renewal + 1]).toMatch(/^3\. Fewer crises/);
    // the marks are gone, the text after the grid is kept
    expect(out.some((t) => /\sX$/.test(t))).toBe(false);
    expect(out).toContain("DENIAL");
  });

  it("quotes the page: each row's offsets map into the page text", () => {
    const doc = grid();
    const row = readApplicabilityGrids(doc, docLines(doc)).find((l) => l.text.startsWith("2. Age"))!;
    expect(doc.pages[0].text.slice(row.map[3], row.map[row.text.length])).toBe("Age 5 years or older.");
  });

  it("leaves a grid without marks as it is", () => {
    const doc = tablePage([
      [
        ["#", 40],
        ["Criterion", 60],
        ["Initial", 460],
        ["Renewal", 520],
      ],
      [
        ["1", 40],
        ["Age 5 years or older.", 60],
      ],
    ]);
    const raw = docLines(doc);
    expect(readApplicabilityGrids(doc, raw).map((l) => l.text)).toEqual(raw.map((l) => l.text));
  });
});

describe("'Diagnosis of X confirmed by A, B or C'", () => {
  it("is the diagnosis and a record of one of the ways, each way its own alternative", () => {
    const c = parseCriterion(
      "Diagnosis of sickle cell disease (HbSS or HbSC) confirmed by hemoglobin electrophoresis / HPLC or genetic testing (ICD-10-CM D57.x). Sickle cell trait does not qualify.",
      "",
      { drugNames: ["agent x"] },
    );
    expect(c.kind).toBe("all");
    if (c.kind !== "all") return;
    expect(c.items[0].kind).toBe("diagnosis");
    const doc = c.items[1];
    expect(doc.kind).toBe("documentation");
    if (doc.kind !== "documentation") return;
    expect(doc.concepts).toEqual([["hemoglobin", "electrophoresis"], ["hplc"], ["genetic", "testing"]]);
  });

  it("a single named test stays a test requirement", () => {
    const c = parseCriterion("Diagnosis confirmed by a positive genetic test.", "", { drugNames: ["agent x"] });
    expect(c.kind).not.toBe("all");
  });
});

describe("a note reference is no word of a requirement", () => {
  it("'(Note 1)' is dropped from the requirement's concepts", () => {
    expect(keyConcepts("At least two documented responses to treatment (Note 1)").flat()).not.toContain("note");
  });
});
