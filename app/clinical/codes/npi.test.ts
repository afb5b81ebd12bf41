/** Ported from app/engine/extract/ids.test.ts (7017c33), NPI part. */
import { describe, expect, it } from "vitest";
import { isValidNpi, readNpi } from "./npi";

describe("isValidNpi (CMS Luhn with 80840 prefix)", () => {
  it("accepts the CMS example and real-shaped NPIs", () => {
    expect(isValidNpi("1234567893")).toBe(true); // CMS worked example
    expect(isValidNpi("1548213960")).toBe(true);
  });
  it("rejects a wrong check digit, wrong length and non-digits", () => {
    expect(isValidNpi("1234567890")).toBe(false);
    expect(isValidNpi("123456789")).toBe(false);
    expect(isValidNpi("12345678930")).toBe(false);
    expect(isValidNpi("12345G7893")).toBe(false);
  });
});

describe("readNpi (OCR repair)", () => {
  it("maps confusable letters to digits", () => {
    expect(readNpi("l548213960")).toEqual({ npi: "1548213960", valid: true, corrected: true });
    expect(readNpi("1S482l396O")?.npi).toBe("1548213960");
  });
  it("repairs a single misread digit only when the check digit singles it out", () => {
    // 1548213960 with the 5 misread as 6
    expect(readNpi("1648213960", ["1548213960"])).toEqual({ npi: "1548213960", valid: true, corrected: true });
  });
  it("returns invalid (not a guess) when nothing repairs it", () => {
    const r = readNpi("1111111111");
    expect(r?.npi).toMatch(/^\d{10}$/);
    // 1111111111 fails the check digit and several one-digit repairs pass it: no guess
    expect(isValidNpi("1111111111")).toBe(false);
    expect(r).toEqual({ npi: "1111111111", valid: false, corrected: false });
  });
  it("returns null for non-NPI text", () => {
    expect(readNpi("12345")).toBeNull();
  });
});
