/**
 * Claims round 33: Medicare/Medicaid coverage-determination wording (issue 22).
 *
 * - "Indications and Limitations of Coverage", the CMS NCD/LCD heading, holds the covered
 *   indications as well as the limitations: it is no exclusion section (its covered paragraphs were
 *   read as exclusions and every line pended on them).
 * - "greater than or equal to 5 events and less than or equal to 14 events per hour" is one range.
 * - A measured threshold qualified by documented conditions ("… 5 to 14 events per hour with
 *   documented symptoms of X, or documented Y") is the value AND the documentation, never the
 *   threshold alone (which a value in range would meet with none of the conditions).
 * - A paragraph saying how a measure is calculated is a scoring rule, never a threshold.
 * - "education … prior to the use of the device" is no adherence-download requirement.
 * - In a request, "AHI (4% rule) 22.0" is an AHI of 22 (the scoring rule is no value), and a
 *   "Residual AHI" from a device download is measured on therapy, never the diagnostic AHI.
 * - A prose policy's approval sentence wrapped over lines is read whole ("they are" was a criterion).
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { testByName } from "../vocabulary/tests";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

const DETERMINATION = [
  "Coverage Determination 999.1: Oral Appliance Therapy for Sleep-Disordered Breathing",
  "INDICATIONS AND LIMITATIONS OF COVERAGE",
  "A. General. The respiratory disturbance index (RDI) equals the number of apneas and hypopneas per hour of monitoring time.",
  "B. Covered Indications.",
  "1. The oral appliance is covered for adults with obstructive sleep apnea when it is fitted by a dentist.",
  "2. The appliance is covered if either of the following is met: (a) AHI or RDI greater than or equal to 20 events per hour, or (b) AHI or RDI",
  "greater than or equal to 8 events and less than or equal to 19 events per hour with documented daytime fatigue or morning",
  "headaches, or documented atrial fibrillation.",
  "3. The AHI or RDI is calculated on the events per hour of sleep. When the AHI is calculated based on less than 3 hours of recording, the",
  "number of events used to calculate it must be at least the number required in a 3-hour period.",
  "C. Non-Covered Indications. Oral appliances are not covered for snoring alone.",
].join("\n");

describe("coverage-determination wording", () => {
  const m = readPolicy(docFromPages([DETERMINATION]), { drug_names: ["E0486"] });
  const all = flat([...m.indications.flatMap((i) => i.criteria), ...m.common]);

  it("reads the covered paragraphs under 'Indications and Limitations of Coverage' as criteria, not exclusions", () => {
    expect(m.exclusions.some((e) => /^\s*(?:A\.\s*)?General\b|covered indications/i.test(e.text))).toBe(false);
    expect(all.some((c) => c.kind === "lab" && c.measure === "AHI" && c.op === ">=" && c.value === 20)).toBe(true);
  });

  it("reads a bounded AHI range qualified by documented conditions as the range AND the documentation", () => {
    const both = all.find((c) => c.kind === "all" && c.items.some((i) => i.kind === "lab" && i.op === "between"));
    expect(both && both.kind === "all" ? both.items.map((i) => i.kind) : []).toEqual(["lab", "documentation"]);
    const range = both && both.kind === "all" ? both.items[0] : null;
    expect(range && range.kind === "lab" ? [range.value, range.value_max] : []).toEqual([8, 19]);
    // never the lower bound alone, never an "any" split at the last "or"
    expect(all.some((c) => c.kind === "lab" && c.op === ">=" && c.value === 8)).toBe(false);
  });

  it("drops a calculation paragraph: its '4 hours' is no AHI threshold, despite its 'must'", () => {
    const text = [
      "HOME SLEEP TESTING",
      "Coverage Criteria",
      "Home sleep testing is covered when ALL of the following are met:",
      "1. The member has a diagnosis of obstructive sleep apnea.",
      "2. The AHI is calculated on the apneas and hypopneas per hour of recording. When the AHI is calculated based on less than 4 hours of recording, the events used to calculate it must be at least the number required in 4 hours.",
    ].join("\n");
    const p = readPolicy(docFromPages([text]), { drug_names: ["G0399"] });
    const cs = flat([...p.indications.flatMap((i) => i.criteria), ...p.common]);
    expect(cs.some((c) => c.kind === "diagnosis")).toBe(true);
    expect(cs.some((c) => c.kind === "lab" || /is calculated on/i.test(c.text))).toBe(false);
  });

  it("parses the qualified threshold on its own", () => {
    const c = parseCriterion("FEV1 between 30% and 50% predicted with documented two or more exacerbations in the past year", "", { drugNames: [] });
    expect(c.kind).toBe("all");
    expect(c.kind === "all" ? c.items.map((i) => i.kind) : []).toEqual(["lab", "documentation"]);
  });
});

describe("adherence test wording", () => {
  const t = testByName("CPAP adherence download")!;
  it("is not named by education before 'the use of the device'", () => {
    expect(t.policy.test("The supplier of the CPAP unit must instruct the member before the use of the device.")).toBe(false);
  });
  it("is named by use counted in hours or nights, or by a download", () => {
    expect(t.policy.test("CPAP use of 4 hours per night on 70% of nights")).toBe(true);
    expect(t.policy.test("a PAP compliance download")).toBe(true);
  });
});

describe("sleep-study values in a request", () => {
  const ahi = measureByName("AHI")!;
  it("reads the value after a scoring rule, never the rule's percentage", () => {
    const idx = buildCaseIndex(docFromPages(["Sleep study report 03/02/2026\nRespiratory index (AHI, 3% criteria) 31.5 /h ref < 5 /h"]), "2026-03-10", "fax");
    expect(measureValues(idx, ahi).map((v) => v.value)).toEqual([31.5]);
  });
  it("does not take a residual AHI measured on therapy as a result", () => {
    const idx = buildCaseIndex(docFromPages(["Device report 05/01/2026\nResidual AHI 1.8 /h on auto-PAP"]), "2026-05-10", "fax");
    expect(measureValues(idx, ahi)).toEqual([]);
  });
});

describe("prose approval sentence wrapped over lines", () => {
  it("is read whole, never as its first line's fragment", () => {
    const text = [
      "CHAPTER 4 HOME HEALTH AIDE SERVICES",
      "4.1 Covered Services",
      "Home health aide services are covered when they are",
      "ordered by the treating physician and the member is confined to the home.",
    ].join("\n");
    const m = readPolicy(docFromPages([text]), { drug_names: ["G0156"] });
    const all = flat([...m.indications.flatMap((i) => i.criteria), ...m.common]);
    expect(all.some((c) => /^they are$/i.test(c.text.trim()))).toBe(false);
    expect(all.some((c) => /confined to the home/i.test(c.text))).toBe(true);
  });
});
