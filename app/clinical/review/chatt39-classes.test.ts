/**
 * Class: billing / coding / modifier / unit sentences of a policy article are checks on the claim
 * line (its code, modifiers, units, the claim's other lines), never clinical documentation the
 * records must show. Invented wording in the style of a DME payment-rules article.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { claimLineChecks, isClaimLineSentence, judgeClaimLineCheck, withoutClaimLineSentences } from "../policy/claim-line-sentences";

const doc = (text: string): Criterion => ({ kind: "documentation", text, passage: null, confidence: "medium", concepts: [], absence: false }) as Criterion;

describe("billing sentences are claim-line rules, not documentation", () => {
  it.each([
    "K0999 is paid as a purchase. Each unit is billed on its own line with modifier NU.",
    "The GA modifier may be appended to K0999 only when the coverage criteria above are met and the notice is on file.",
    "Electrode supplies: A4999 - no more than 8 pairs per month. A claim line whose units exceed this quantity is denied.",
    "Batteries are covered only for a month in which the K0999 rental is covered.",
  ])("%s", (t) => expect(isClaimLineSentence(t)).toBe(true));

  it.each([
    "The member has a documented diagnosis of lymphedema and K0999 is requested after a trial of compression garments.",
    "The patient has tried and failed at least 4 weeks of conservative care.",
    "Wound measurements are recorded at least once a month by a licensed clinician.",
  ])("clinical: %s", (t) => expect(isClaimLineSentence(t)).toBe(false));

  it("drops billing leaves and keeps the clinical ones", () => {
    const crit: Criterion[] = [
      doc("The member has a stage 3 ulcer documented by a licensed clinician."),
      doc("K0999 is paid as a monthly rental, billed on its own line with modifier RR."),
    ];
    expect(withoutClaimLineSentences(crit).map((c) => c.text)).toEqual(["The member has a stage 3 ulcer documented by a licensed clinician."]);
  });
});

describe("the checkable rules become line checks", () => {
  const lines = [
    "Payment Rules",
    "1. K0999 is paid as a monthly rental, billed with modifier RR.",
    "2. The GA modifier may be added to K0999 and A4999 only when the criteria are met. Lines billed without a GA modifier",
    "are denied as not reasonable and necessary.",
    "3. Supplies: A4999 (electrode pair) - no more than 8 pairs per month; A4998 (lead wire) - no more than 2 per month. A claim",
    "line whose units exceed these quantities is denied; a corrected claim may be submitted.",
    "4. Supplies are covered only for a month in which the K0999 rental is covered.",
  ].map((text) => ({ text }));
  const checks = claimLineChecks(lines, () => null) as Array<Criterion & Record<string, unknown>>;

  it("reads a per-month maximum per code, a required modifier and a companion code", () => {
    expect(checks.filter((c) => c.max_units_per_month).map((c) => [c.codes, c.max_units_per_month])).toEqual([
      [["A4999"], 8],
      [["A4998"], 2],
    ]);
    const req = checks.find((c) => c.required_modifiers);
    expect(req?.required_modifiers).toEqual(["GA"]);
    expect(req?.codes).toEqual(["K0999", "A4999"]);
    expect(checks.find((c) => c.companion_code)?.companion_code).toBe("K0999");
  });

  const line = (code: string, units: number, modifiers: string[], others: Array<{ code: string; date_of_service: string }> = []) => ({
    code,
    units,
    modifiers,
    date_of_service: "2027-03-01",
    claim_lines: [{ code, units, modifiers, date_of_service: "2027-03-01" }, ...others],
  });

  it("denies a line above the monthly quantity, passes one within it", () => {
    const max = checks.find((c) => c.max_units_per_month === 8)!;
    expect(judgeClaimLineCheck(max, line("A4999", 12, ["GA"]))?.outcome).toBe("met");
    expect(judgeClaimLineCheck(max, line("A4999", 8, ["GA"]))?.outcome).toBe("not_met");
  });

  it("a missing required modifier or a missing companion line is for a reviewer, never an approval", () => {
    const req = checks.find((c) => c.required_modifiers)!;
    expect(judgeClaimLineCheck(req, line("A4999", 4, []))?.outcome).toBe("insufficient");
    expect(judgeClaimLineCheck(req, line("A4999", 4, ["GA"]))?.outcome).toBe("not_met");
    const comp = checks.find((c) => c.companion_code)!;
    expect(judgeClaimLineCheck(comp, line("A4999", 4, ["GA"]))?.outcome).toBe("insufficient");
    expect(judgeClaimLineCheck(comp, line("A4999", 4, ["GA"], [{ code: "K0999", date_of_service: "2027-03-01" }]))?.outcome).toBe("not_met");
  });
});

describe("a modifier list any one of which the line must carry", () => {
  const lines = [
    "G. Modifiers",
    "Each injection line (20600, 20605) must carry modifier RT or LT naming the side treated. A line submitted without RT, LT or 50",
    "cannot be matched to a joint and is denied; a corrected claim may be sent.",
  ].map((text) => ({ text }));
  const [rule] = claimLineChecks(lines, () => null) as Array<Criterion & Record<string, unknown>>;
  const line = (modifiers: string[], other: string[] | null) => ({
    code: "20605",
    units: 1,
    modifiers,
    date_of_service: "2027-04-02",
    claim_lines: [
      { code: "20605", units: 1, modifiers, date_of_service: "2027-04-02" },
      ...(other ? [{ code: "J3301", units: 40, modifiers: other, date_of_service: "2027-04-02" }] : []),
    ],
  });

  it("reads the modifiers and the codes of the rule", () => {
    expect(rule.required_modifiers).toEqual(["RT", "LT", "50"]);
    expect(rule.codes).toEqual(["20600", "20605"]);
  });
  it("denies a line without any of them when the claim's other lines show modifiers were read", () => {
    expect(judgeClaimLineCheck(rule, line([], ["LT"]))?.outcome).toBe("met");
    expect(judgeClaimLineCheck(rule, line(["LT"], ["LT"]))?.outcome).toBe("not_met");
    expect(judgeClaimLineCheck(rule, line(["50"], null))?.outcome).toBe("not_met");
  });
  it("pends a line without them when nothing on the claim shows the modifier column was read", () => {
    expect(judgeClaimLineCheck(rule, line([], null))?.outcome).toBe("insufficient");
  });
});

describe("a coding note run into a code table names its own included codes", () => {
  it("77xxx guidance integral to a procedure code listed in the table above", async () => {
    const { bundledCodeRules } = await import("../policy/bundled-codes");
    const lines = [
      "Code Description",
      "64999 Implantation of a stimulator lead",
      "76999 Imaging guidance for needle placement",
      "Note 1: Imaging guidance (76998, 76999) is integral to 64999 and is not separately reimbursed when reported on the same date.",
    ].map((text) => ({ text }));
    const rules = bundledCodeRules(lines, () => null) as Array<Criterion & { included_in?: string[] }>;
    expect(rules.map((r) => [r.codes, r.included_in])).toEqual([[["76998", "76999"], ["64999"]]]);
  });
});

describe("a diagnosis list stated through the line's pointer", () => {
  it("reads the listed codes up to the 'not on the list' line, only with the denial statement", async () => {
    const { pointerDiagnosisRules } = await import("../policy/pointer-diagnosis-list");
    const body = [
      "G. Diagnosis codes",
      "Each line's diagnosis pointer (item 24E) must reference a code from the list below. Lines whose pointers reference only",
      "codes not on the list are denied, even when a listed code is elsewhere on the claim.",
      "ICD-10-CM Description",
      "M19.011, M19.012 Primary osteoarthritis, right / left shoulder",
      "M19.019 Primary osteoarthritis, unspecified shoulder",
      "Not on the list (examples): M25.511 (pain in right shoulder).",
    ];
    const rules = pointerDiagnosisRules(
      body.map((text) => ({ text })),
      () => null,
    ) as Array<Criterion & { icd10: string[] }>;
    expect(rules.map((r) => r.icd10)).toEqual([["M19.011", "M19.012", "M19.019"]]);
    const noDenial = body.map((text) => ({ text: text.replace(/are denied/, "are reviewed") }));
    expect(pointerDiagnosisRules(noDenial, () => null)).toEqual([]);
  });
});
