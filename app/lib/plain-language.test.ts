import { describe, expect, it } from "vitest";
import { CODE_LABELS, plainCriterion, plainLabel, plainText } from "./plain-language";

/** Words a member or reviewer must never see: codes, outcome markup, comparison symbols, engine notes. */
const INTERNAL = [/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/, /\[(?:met|not_met|insufficient)\]/, /- \[/, />=|<=|[≥≤<>]/, /read from the edited question/];

describe("plain language at the presentation boundary", () => {
  it("strips engine annotations and words comparisons", () => {
    const out = plainText("Patient is 52 years old; the policy requires >= 60 years. (read from the edited question)");
    expect(out).toBe("Patient is 52 years old; the policy requires at least 60 years.");
    expect(plainText("Age ≥ 18 and dose ≤ 40 mg; count > 2; age < 18")).toBe("Age at least 18 and dose at most 40 mg; count more than 2; age less than 18");
  });

  it("turns the engine's criteria lists into sentences", () => {
    const out = plainText("Path: Rheumatoid arthritis (not_met)\n- [not_met] Tried methotrexate? — 6 weeks only\n- [insufficient] Prescriber? — not stated");
    expect(out).toBe("Path: Rheumatoid arthritis (not met)\nNot met: Tried methotrexate? — 6 weeks only\nNot documented: Prescriber? — not stated");
    for (const re of INTERNAL) expect(out).not.toMatch(re);
  });

  it("maps every code to words, whole or inside a sentence", () => {
    expect(plainLabel("duplicate_therapy")).toBe("Duplicate therapy");
    expect(plainText("quantity_limit")).toBe("Quantity limit");
    expect(plainText("Audit: quantity_limit: Quantity 4 exceeds 2/28 days")).toBe("Audit: quantity limit: Quantity 4 exceeds 2/28 days");
    expect(plainLabel("some_new_code")).toBe("Some new code");
    expect(plainCriterion("duplicate_therapy")).toMatch(/^The member must not be on another drug/);
    for (const code of Object.keys(CODE_LABELS)) for (const re of INTERNAL) expect(plainText(code)).not.toMatch(re);
  });

  it("leaves plain text alone", () => {
    const s = "Only 6 weeks of methotrexate are documented; the policy requires 12 weeks.";
    expect(plainText(s)).toBe(s);
    expect(plainText(null)).toBe("");
  });
});
