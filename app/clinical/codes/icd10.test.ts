/** Ported from app/engine/extract/ids.test.ts (ICD-10 part) and ocr-robustness.test.ts (over-long category repair), 7017c33. */
import { describe, expect, it } from "vitest";
import { normalizeIcd10, repairIcd10Insertion } from "./icd10";

describe("normalizeIcd10", () => {
  it.each([
    // OCR confusions inside codes are fixed
    ["MO5.79", "M05.79"],
    ["125.10", "I25.10"],
    ["E11,22", "E11.22"],
    ["L40.0", "L40.0"],
    ["G43719", "G43.719"],
    // non-codes are rejected
    ["hello", null],
    ["12", null],
  ])("%s → %s", (raw, code) => {
    expect(normalizeIcd10(raw)).toBe(code);
  });
});

describe("repairIcd10Insertion ('JB82.83')", () => {
  it("keeps the single one-character deletion confirmed by the condition named next to the code", () => {
    expect(repairIcd10Insertion("JB82.83", (c) => c.startsWith("J82"))).toBe("J82.83");
    // B82.83, J82.83 and J88.83 are all valid shapes: without a confirmation there is no repair
    expect(repairIcd10Insertion("JB82.83", () => true)).toBeNull();
    expect(repairIcd10Insertion("J82.83", () => true)).toBeNull(); // not over-long
  });
});
