/**
 * Classes found reading the cascade-kp pends (stop 42), asserted on synthetic texts:
 * 1. a caption row over a value row with the member's name under a bare "Patient" caption
 *    ("Patient  HRN  DOB  Sex" over "Example, Jonah  XY10000001  02/03/1980  Male");
 * 2. a formula's input written beside a measure's name ("CrCl, Cockcroft-Gault (81.3 kg) … 54 mL/min")
 *    is no value of the measure; a results-table row "Test | Date collected | Result" gives the number
 *    after the date, dated by it;
 * 3. a requirement with a parenthetical note ("… result documented (a positive result does not prevent
 *    approval)") stays a requirement: the note does not make it "not a requirement";
 * 4. conditions named in the notes that are not the patient's: a form question answered "No", an
 *    option left unticked, a partner's status, a department's name ("HIV Medicine");
 * 5. a rule against two products of the requested drug at once ("Use in combination with another
 *    belimumab product (intravenous and subcutaneous at the same time)") applies only to a course already
 *    under way, never because the request names the drug it asks for;
 * 6. word boundaries that had been written as control characters: "no induration" on a tuberculin skin
 *    test, a prescriber's name cut before ", NPI".
 */
import { describe, expect, it } from "vitest";
import type { ParsedDocument } from "../contracts";
import { docFromPages } from "../testing";
import { gridPage } from "../extract/test-pages";
import { extractCaseFacts, nameOnly } from "../extract/extract-case";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { readPolicy } from "../policy/read-policy";
import { caseConditions } from "./case-conditions";
import { parseExclusion } from "../policy/parse-criterion";
import { evalContext, evaluateCriterion } from "./evaluate";
import { emptyFacts } from "../testing";
import { testFindings } from "../evidence/findings";
import { testByName } from "../vocabulary/tests";

const facts = (lines: string[]) => extractCaseFacts(docFromPages([lines.join("\n")]));

describe("a caption row over a value row", () => {
  it("reads the name under a bare 'Patient' caption of a caption row", () => {
    const f = facts([
      "Example Clinic - Intake Checklist",
      "Patient HRN DOB Sex assigned at birth / gender identity",
      "Example, Jonah XY10000001 02/03/1980 Male / cisgender man",
      "Requested agent NDC Qty / days / refills",
    ]);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Jonah", "Example"]);
    expect(f.patient.birth_date).toBe("1980-02-03");
  });

  it("reads it from word boxes, the caption and the value in their own column", () => {
    const doc: ParsedDocument = {
      page_count: 1,
      pages: [
        gridPage(1, [
          [["Intake checklist", 40]],
          [
            ["Patient", 40],
            ["HRN", 200],
            ["DOB", 300],
            ["Sex", 400],
          ],
          [
            ["Sample, Rosa", 40],
            ["XY10000002", 200],
            ["04/05/1990", 300],
            ["Female", 400],
          ],
        ]),
      ],
    };
    const f = extractCaseFacts(doc);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Rosa", "Sample"]);
  });

  it("never reads 'Patient' in prose, or a caption line holding values, as a name caption", () => {
    const prose = facts(["Patient education given about adherence and follow-up", "Example Jonah reviewed the plan today"]);
    expect(prose.patient.last_name).toBeNull();
    const withValues = facts(["Patient 2 of 3 DOB 01/01/1980 Sex M", "Example, Jonah"]);
    expect(withValues.patient.last_name).toBeNull();
  });
});

describe("results-table rows", () => {
  const crcl = measureByName("creatinine clearance")!;
  it("does not take a formula's input in parentheses for the value", () => {
    const idx = buildCaseIndex(docFromPages(["CrCl, Cockcroft-Gault (81.3 kg) 54 mL/min on 11/02/2026"]), null);
    expect(measureValues(idx, crcl).map((v) => v.value)).toEqual([54]);
  });

  it("reads 'Test | Date | Result' rows: the number after the date, dated by it", () => {
    const idx = buildCaseIndex(docFromPages(["Test Date collected Result", "CrCl, Cockcroft-Gault (81.3 kg) 11/02/2026 54 mL/min"]), null);
    const v = measureValues(idx, crcl);
    expect(v.map((x) => [x.value, x.date])).toEqual([[54, "2026-11-02"]]);
  });

  it("keeps a weight in parentheses as the value of a weight measure", () => {
    const weight = measureByName("weight")!;
    const idx = buildCaseIndex(docFromPages(["Weight (81.3 kg) recorded 11/02/2026"]), null);
    expect(measureValues(idx, weight).map((v) => v.value)).toContain(81.3);
  });
});

describe("a requirement with a parenthetical note", () => {
  it("stays a criterion of its path", () => {
    const doc = docFromPages([
      [
        "Example Drug - Prior Authorization Policy",
        "CRITERIA FOR APPROVAL",
        "Example Drug is approved for chronic hepatitis B when ALL of the following are met:",
        "1. Diagnosis of chronic hepatitis B",
        "2. Hepatitis B e antigen result documented (a positive result does not prevent approval)",
        "3. Prescribed by a hepatologist",
      ].join("\n"),
    ]);
    const m = readPolicy(doc, { drug_names: ["Example Drug"] });
    const texts = JSON.stringify(m.indications.map((i) => i.criteria));
    expect(texts).toContain("Hepatitis B e antigen result documented");
  });
});

describe("a collection time after a date", () => {
  it("is never a value", () => {
    const psa = measureByName("PSA")!;
    const idx = buildCaseIndex(docFromPages(["Reproductive hormones / CBC / PSA Collected 10/06/2026 07:45", "PSA, total 0.9 ng/mL 0.0-4.0"]), null);
    expect(measureValues(idx, psa).map((v) => v.value)).toEqual([0.9]);
    const idx2 = buildCaseIndex(docFromPages(["PSA drawn 10/06/2026 7 am"]), null);
    expect(measureValues(idx2, psa).map((v) => v.value)).toEqual([]);
  });
});

describe("conditions named in the notes that are not the patient's", () => {
  const named = (lines: string[]) => {
    const doc = docFromPages([lines.join("\n")]);
    return caseConditions(extractCaseFacts(doc), buildCaseIndex(doc, null))
      .filter((c) => c.source === "text")
      .map((c) => c.condition);
  };
  it("skips a question answered No, an unticked option, a partner's status and a department", () => {
    expect(
      named([
        "Symptoms of acute HIV infection in the past 4 weeks? [ ] Yes [X] No",
        "[X] Receptive anal sex (partner HIV status unknown) [X] Insertive anal sex",
        "[ ] Partner with HIV, detectable or unknown viral load",
        "Prescriber: Example Doctor, MD (Infectious Diseases / HIV Medicine)",
      ]),
    ).not.toContain("hiv infection");
  });
  it("keeps the condition stated as the patient's", () => {
    expect(named(["Assessment: HIV infection, on antiretroviral therapy since 2019"])).toContain("hiv infection");
    expect(named(["Ulcerative colitis confirmed by colonoscopy? [X] Yes [ ] No"])).toContain("ulcerative colitis");
  });
});

describe("a rule against two products of the requested drug at once", () => {
  const DAY = "2026-11-12";
  const rule = parseExclusion("Use in combination with another belimumab product (intravenous and subcutaneous at the same time).", {
    drugNames: ["Benlysta", "belimumab"],
  });
  const judge = (notes: string) =>
    evaluateCriterion(
      rule,
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Benlysta", "belimumab"] }),
      "exclusion",
      { conditions: [], icd10: [] },
    );
  it("does not apply to a new start of the requested drug", () => {
    expect(judge("I am requesting intravenous Benlysta 10 mg/kg, added to hydroxychloroquine and prednisone. Belimumab naive.").outcome).toBe("not_met");
  });
  it("is left to a reviewer when a course is already under way", () => {
    expect(judge("She has taken Benlysta 200 mg subcutaneously weekly since 01/2026, continuing. Requesting IV Benlysta.").outcome).not.toBe("not_met");
  });
});

describe("word boundaries", () => {
  it("reads 'no induration' on a tuberculin skin test as negative", () => {
    const idx = buildCaseIndex(docFromPages(["Tuberculin skin test 11/01/2026 - no induration"]), "2026-11-10");
    expect(testFindings(idx, testByName("tuberculosis screening")!).map((t) => t.result)).toContain("negative");
  });
});

describe("a prescriber's name before an NPI label", () => {
  it("ends at 'NPI' however the number is written", () => {
    expect(nameOnly("Amy Example NPI: 1234567893")).toBe("Amy Example");
    expect(nameOnly("Amy Example, NPI #1234567893")).toBe("Amy Example");
  });
});
