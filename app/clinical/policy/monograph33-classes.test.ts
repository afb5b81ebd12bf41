/**
 * Classes of issue 21 (a P&T committee drug monograph's "Criteria for Use"), written here with
 * invented drugs and wording:
 * - a criteria heading that names one indication ("Criteria for Use - Chronic Spontaneous Urticaria")
 *   over a numbered inclusion list opens that indication's path; the next such heading opens a new
 *   path, and a renewal paragraph run into the last item is that path's renewal, not a criterion;
 * - a requirement "ONE of the following, with …" whose lettered choices lead with conditions is a
 *   choice among indications (each choice a path), the lead's "within N days" applying to each
 *   choice's lab values;
 * - a threshold followed by its value in another unit ("70 mg/dL (1.8 mmol/L)") reads as the threshold.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages } from "../testing";
import { parseCriterion } from "./parse-criterion";
import { readPolicy } from "./read-policy";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

const twoBlocks = [
  "RIVERBEND STATE UNIVERSITY HEALTH PLAN",
  "Pharmacy & Therapeutics Committee - Drug Monograph",
  "Zelvatrin (Zelvio)",
  "Criteria for Use - Chronic Spontaneous Urticaria",
  "Inclusion criteria - ALL must be met (initial approval 6 months):",
  "1. Age 16 years or older.",
  "2. Prescribed by or in consultation with an allergist or an immunologist.",
  "3. UAS7 of 28 or more recorded within the last 60 days.",
  "Exclusion criteria - if ANY applies, the request is not approved:",
  "a. Concurrent use with omalizumab.",
  "Renewal (12 months): a reduction of 10 points or more in UAS7 from baseline.",
  "Criteria for Use - Hidradenitis Suppurativa",
  "Inclusion criteria - ALL must be met (initial approval 4 months):",
  "1. Age 18 years or older.",
  "2. Prescribed by or in consultation with a dermatologist.",
  "3. Hurley stage 2 or more.",
  "4. Inadequate response after at least 90 days of oral doxycycline. The urticaria exclusion criteria also apply. Renewal (12 months): a",
  "reduction of 50% or more in abscess and nodule count.",
  "Dosing (not criteria)",
  "Indication Dose",
  "Urticaria 150 mg every 4 weeks",
].join("\n");

describe("per-indication blocks of a monograph's Criteria for Use", () => {
  const m = readPolicy(docFromPages([twoBlocks]), { drug_names: ["Zelvatrin", "Zelvio"] });

  it("makes one path per indication heading, each with its own numbered list", () => {
    expect(m.indications.map((i) => i.match.conditions)).toEqual([["chronic spontaneous urticaria"], ["hidradenitis suppurativa"]]);
    const [csu, hs] = m.indications;
    expect(flat(csu.criteria).some((c) => c.kind === "lab" && c.measure === "UAS7")).toBe(true);
    expect(flat(csu.criteria).some((c) => /Hurley|doxycycline/i.test(c.text))).toBe(false);
    expect(flat(hs.criteria).some((c) => /UAS7/i.test(c.text))).toBe(false);
    expect(hs.criteria.some((c) => c.kind === "prior_therapy")).toBe(true);
    expect(csu.duration).toBe("6 months");
    expect(hs.duration).toBe("4 months");
  });

  it("keeps the renewal paragraph and the pointer to the exclusions out of the path's criteria", () => {
    const hs = m.indications[1];
    expect(flat(hs.criteria).some((c) => /renewal|abscess|exclusion/i.test(c.text))).toBe(false);
    expect(m.continuation.some((c) => /abscess and nodule/i.test(c.text))).toBe(true);
    expect(m.exclusions.some((c) => /omalizumab/i.test(c.text))).toBe(true);
  });

  it("a heading that names no indication is not a path title", () => {
    const plain = twoBlocks.replace("Criteria for Use - Hidradenitis Suppurativa", "Criteria for Use - Second Course");
    const r = readPolicy(docFromPages([plain]), { drug_names: ["Zelvatrin"] });
    expect(r.indications.some((i) => i.title === "Second Course")).toBe(false);
  });
});

const choiceList = [
  "Criteria for Use",
  "Inclusion criteria - ALL of 1 through 3 must be met:",
  "1. Age 18 years or older.",
  "2. ONE of the following, with a triglyceride level drawn within 60 days before the request:",
  "a. Heterozygous familial hypercholesterolemia (genetic or clinical diagnosis) AND triglycerides of 500 mg/dL (5.6 mmol/L) or higher; OR",
  "b. Atherosclerotic cardiovascular disease AND triglycerides of 150 mg/dL (1.7 mmol/L) or higher; OR",
  "c. Elevated lifetime risk by committee judgement AND triglycerides of 150 mg/dL or higher.",
  "3. Prescribed by or in consultation with a cardiologist or a lipid specialist.",
].join("\n");

describe("a choice among indications written as ONE of the following", () => {
  const m = readPolicy(docFromPages([choiceList]), { drug_names: ["Lipranol"] });

  it("makes each lettered choice a path, the unknown one not understood", () => {
    expect(m.indications).toHaveLength(3);
    expect(m.indications[0].match.conditions).toEqual(["heterozygous familial hypercholesterolemia"]);
    expect(m.indications[1].understood).toBe(true);
    expect(m.indications[2].understood).toBe(false);
    expect(m.common.some((c) => c.kind === "age")).toBe(true);
  });

  it("applies the lead's window to each choice's lab value", () => {
    const lab = flat(m.indications[0].criteria).find((c) => c.kind === "lab");
    expect(lab).toMatchObject({ measure: "triglycerides", op: ">=", value: 500, within_days: 60 });
  });

  it("a choice list of therapies stays one requirement", () => {
    const therapies = choiceList
      .replace(/a\. Heterozygous familial hypercholesterolemia/, "a. Currently taking a statin")
      .replace(/b\. Atherosclerotic cardiovascular disease/, "b. Intolerance to two statins");
    const r = readPolicy(docFromPages([therapies]), { drug_names: ["Lipranol"] });
    expect(r.indications.some((i) => i.match.conditions.includes("atherosclerotic cardiovascular disease"))).toBe(false);
  });
});

describe("a threshold with its value in another unit", () => {
  it("reads the first value and unit", () => {
    expect(parseCriterion("Fasting glucose of 126 mg/dL (7.0 mmol/L) or higher", "", { drugNames: ["x"] })).toMatchObject({
      kind: "lab",
      op: ">=",
      value: 126,
      unit: "mg/dl",
    });
  });
});
