/**
 * Outlines of the bayou-la first run (policies written blind): a licensed screening-criteria subset
 * numbered without list punctuation ("Criteria - Initial (All)", "1 Age …", "2.1 …") was read down to
 * its citations; a Medical Necessity Guideline's indication titles in sentence case with their group
 * in parentheses ("Chronic thromboembolic pulmonary hypertension (CTEPH, WHO Group 4)") ran both
 * indications into one path, and its "All indications" items into the last indication only.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import type { Criterion } from "../contracts";
import { docLines } from "../text/lines";
import { readBareOutlines } from "../text/bare-outline";
import { isHeading } from "./outline";
import { readPolicy } from "./read-policy";

const texts = (cs: Criterion[]): string[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c.text, ...texts(c.items)] : [c.text]));

const SUBSET = [
  "Indication",
  "Cystic fibrosis in patients 2 years of age and older.",
  "Criteria - Initial (All)",
  "1 Age 2 years or older",
  "2 Cystic fibrosis diagnosis (One)",
  "2.1 Sweat chloride 60 mmol/L or more",
  "2.2 Two CF-causing CFTR variants on genetic testing",
  "3 Prescriber is a pulmonologist or a physician at an accredited care center",
  "4 No other CFTR modulator in combination [Note 5]",
  "Criteria - Continued use (All)",
  "1 Initial criteria 1 through 3 met",
  "2 Clinical benefit documented",
  "Notes",
  "1. Criteria points are screening points.",
  "Citations",
  "1. Prescribing information. Boston, MA; 2025.",
].join("\n");

describe("a criteria subset numbered without punctuation", () => {
  it("is rewritten as an outline: points 'N.', sub-points 'a.', '(One)' as ONE of the following", () => {
    const out = readBareOutlines(docLines(docFromPages([SUBSET])), isHeading).map((l) => l.text);
    expect(out).toContain("Initial Approval Criteria");
    expect(out).toContain("1. Age 2 years or older");
    expect(out).toContain("2. Cystic fibrosis diagnosis (One) - confirmed by ONE of the following:");
    expect(out).toContain("a. Sweat chloride 60 mmol/L or more");
    expect(out).toContain("b. Two CF-causing CFTR variants on genetic testing");
    expect(out).toContain("Continuation Criteria");
    expect(out).toContain("1. Criteria points are screening points.");
  });

  it("reads as the indication's criteria; continued-use points stay off first requests; citations are no criteria", () => {
    const m = readPolicy(docFromPages([SUBSET]), { drug_names: ["agent x"] });
    const ind = m.indications.find((i) => i.match.conditions.includes("cystic fibrosis"));
    expect(ind?.understood).toBe(true);
    const t = texts(ind!.criteria);
    expect(t.some((x) => /Age 2 years or older/.test(x))).toBe(true);
    expect(t.some((x) => /Sweat chloride/.test(x))).toBe(true);
    expect(t.some((x) => /pulmonologist/.test(x))).toBe(true);
    expect(t.some((x) => /Clinical benefit/.test(x))).toBe(false);
    expect(t.some((x) => /Prescribing information/.test(x))).toBe(false);
  });

  it("a numbered table that does not count 1, 2, 3 is left alone", () => {
    const lines = docLines(docFromPages([["Criteria - Initial (All)", "12 months initial", "30 days supply"].join("\n")]));
    expect(readBareOutlines(lines, isHeading).map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });
});

describe("indication titles in sentence case with a parenthetical group, and 'All indications'", () => {
  const POLICY = [
    "Clinical Guideline Coverage Criteria",
    "The Plan may authorize coverage when ALL of the following criteria are met for the applicable indication, ALL of the criteria for all indications are met:",
    "Chronic thromboembolic pulmonary hypertension (CTEPH, WHO Group 4)",
    "1. The Member is 18 years of age or older; AND",
    "2. Agent X is prescribed by a pulmonologist or a cardiologist.",
    "Pulmonary arterial hypertension (PAH, WHO Group 1)",
    "1. The Member is 18 years of age or older; AND",
    "2. WHO functional class II, III or IV; AND",
    "3. Agent X is prescribed by a pulmonologist or a cardiologist.",
    "All indications",
    "A. Agent X will not be used with a PDE5 inhibitor (sildenafil or tadalafil); AND",
    "B. For a female Member of reproductive potential: a negative pregnancy test documented within 30 days before the request.",
  ].join("\n");

  it("each title opens its own indication", () => {
    const m = readPolicy(docFromPages([POLICY]), { drug_names: ["agent x"] });
    expect(m.indications.length).toBe(2);
    const cteph = m.indications.find((i) => /CTEPH/.test(i.title));
    expect(texts(cteph!.criteria).some((t) => /functional class/.test(t))).toBe(false);
  });

  it("'All indications' items are criteria of every indication", () => {
    const m = readPolicy(docFromPages([POLICY]), { drug_names: ["agent x"] });
    const common = texts(m.common);
    expect(common.some((t) => /PDE5 inhibitor/.test(t))).toBe(true);
    expect(common.some((t) => /pregnancy test/.test(t))).toBe(true);
    expect(isHeading("All indications")).toBe(true);
    expect(isHeading("For all requests:")).toBe(true);
  });
});

describe("a wrapped abbreviation with its item's connector", () => {
  it("'(HTC); AND' continues the item above, it is no heading in capitals", () => {
    expect(isHeading("(HTC); AND")).toBe(false);
    expect(isHeading("(PAH, WHO); OR")).toBe(false);
    expect(isHeading("DOCUMENTATION NOTES")).toBe(true);
  });
  it("'Universal Criteria' is a heading", () => {
    expect(isHeading("Universal Criteria")).toBe(true);
  });
});
