/** Ported from app/engine/extract/ids.test.ts (ICD-10 part) and ocr-robustness.test.ts (over-long category repair), 7017c33. */
import { describe, expect, it } from "vitest";
import { normalizeIcd10, repairIcd10Insertion } from "./icd10";

describe("normalizeIcd10", () => {
  it("fixes OCR confusions inside codes", () => {
    expect(normalizeIcd10("MO5.79")).toBe("M05.79");
    expect(normalizeIcd10("125.10")).toBe("I25.10");
    expect(normalizeIcd10("E11,22")).toBe("E11.22");
    expect(normalizeIcd10("L40.0")).toBe("L40.0");
    expect(normalizeIcd10("G43719")).toBe("G43.719");
  });
  it("rejects non-codes", () => {
    expect(normalizeIcd10("hello")).toBeNull();
    expect(normalizeIcd10("12")).toBeNull();
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
