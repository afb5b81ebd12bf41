import { describe, expect, it } from "vitest";
import type { CriterionOf } from "../contracts";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { minimumGrams, resectionRows, withResectionMinimum } from "../policy/resection-table";
import { judgeResectionMinimum, memberBsa, tissueWeights } from "./resection-minimum";

const TABLE = [
  "Table 2. Body surface area and minimum weight",
  "BSA (m2) Minimum weight per breast (g) BSA (m2) Minimum weight per breast (g)",
  "1.40 - 1.49 220 1.90 - 1.99 540",
  "1.50 - 1.59 270 2.00 - 2.09 650",
  "1.60 - 1.69 320 2.10 - 2.19 760",
  "1.70 - 1.79 380 2.20 or more 900",
  "1.80 - 1.89 450",
  "BSA below 1.40: 200 g. Body surface area is calculated by the Mosteller formula.",
].map((text) => ({ text }));

const spec = (): CriterionOf<"resection_minimum"> => {
  const [c] = withResectionMinimum(
    [
      {
        kind: "documentation",
        text: "Resection weight of either side less than the minimum in Table 2 is considered cosmetic.",
        passage: null,
        confidence: "medium",
        concepts: [],
        absence: false,
      } as never,
    ],
    TABLE,
  );
  return c as CriterionOf<"resection_minimum">;
};
const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2027-05-01");

describe("a BSA sliding-scale table read from a policy", () => {
  it("reads both columns, the open row and the row below the table", () => {
    const rows = resectionRows(TABLE);
    expect(rows).toHaveLength(10);
    expect(minimumGrams(rows, 1.3)).toBe(200);
    expect(minimumGrams(rows, 1.954)).toBe(540);
    expect(minimumGrams(rows, 2.35)).toBe(900);
  });
  it("makes the exclusion that refers to the table a resection_minimum criterion, and nothing without a table", () => {
    expect(spec()).toMatchObject({ kind: "resection_minimum", mosteller: true });
    const other = [
      {
        kind: "documentation",
        text: "Weight below the table minimum is cosmetic.",
        passage: null,
        confidence: "medium",
        concepts: [],
        absence: false,
      } as never,
    ];
    expect(withResectionMinimum(other, [{ text: "No table here" }])).toBe(other);
  });
});

describe("the removal compared with the table minimum", () => {
  it("computes the BSA from feet/inches and pounds (Mosteller)", () => {
    const b = memberBsa(idx("Exam: she is 5 ft 8 in tall and weighs 190 lb."), true)!;
    // 172.72 cm x 86.18 kg / 3600 -> 2.03 m2
    expect(Math.round(b.lo * 100) / 100).toBe(2.03);
    expect(memberBsa(idx("Exam: she is 5 ft 8 in tall and weighs 190 lb."), false)).toBeNull();
  });
  it("reads the weight of each side", () => {
    const w = tissueWeights(idx("Specimens: right breast tissue 610 g; left breast tissue 580 g.\nPlanned removal about 500 g per side."));
    expect(w.map((m) => [m.side, m.lo])).toEqual([
      ["R", 610],
      ["L", 580],
      ["both", 500],
    ]);
  });
  it("applies when every weight of the line's side is below the minimum", () => {
    const rec = idx("Height 5 ft 8 in, weight 190 lb.\nPathology: right breast reduction 520 grams; left breast reduction 700 grams.");
    const r = judgeResectionMinimum(spec(), rec, ["RT"]);
    expect(r.outcome).toBe("met");
    expect(r.reason).toContain("650 g");
    expect(judgeResectionMinimum(spec(), rec, ["LT"]).outcome).toBe("not_met");
    // a bilateral line: one side below is enough
    expect(judgeResectionMinimum(spec(), rec, ["50"]).outcome).toBe("met");
  });
  it("needs information when the weights fall on both sides of the minimum, or no height is written", () => {
    const mixed = idx("Height 5 ft 8 in, weight 190 lb.\nPlanned 700 g right. Pathology: right breast specimen 600 grams.");
    expect(judgeResectionMinimum(spec(), mixed, ["RT"]).outcome).toBe("insufficient");
    expect(judgeResectionMinimum(spec(), idx("Weight 190 lb. Right breast specimen 300 grams."), ["RT"]).outcome).toBe("insufficient");
  });
});
