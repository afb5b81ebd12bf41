import { describe, expect, it } from "vitest";
import { isValidNpi, normalizeIcd10, normalizeNdc, readNpi } from "./ids";

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
    const r = readNpi("1648213960", ["1548213960"]);
    expect(r).toEqual({ npi: "1548213960", valid: true, corrected: true });
  });
  it("returns invalid (not a guess) when nothing repairs it", () => {
    const r = readNpi("1111111111");
    expect(r?.npi).toMatch(/^\d{10}$/);
    if (!r?.valid) expect(r?.corrected).toBe(false);
  });
  it("returns null for non-NPI text", () => {
    expect(readNpi("12345")).toBeNull();
  });
});

describe("normalizeNdc (FDA 10-digit configurations → 5-4-2)", () => {
  it("pads each 10-digit configuration", () => {
    expect(normalizeNdc("0074-0554-02")).toBe("00074-0554-02"); // 4-4-2
    expect(normalizeNdc("00074-554-02")).toBe("00074-0554-02"); // 5-3-2
    expect(normalizeNdc("00074-0554-2")).toBe("00074-0554-02"); // 5-4-1
    expect(normalizeNdc("00074-0554-02")).toBe("00074-0554-02"); // already 5-4-2
  });
  it("splits 11 raw digits and resolves 10 raw digits against known NDCs", () => {
    expect(normalizeNdc("00074055402")).toBe("00074-0554-02");
    expect(normalizeNdc("5551308410", ["55513-0841-00"])).toBe("55513-0841-00");
    expect(normalizeNdc("0074055402")).toBe("00074-0554-02"); // default 4-4-2
  });
  it("repairs OCR letters and rejects non-NDC shapes", () => {
    expect(normalizeNdc("OOO74-O554-O2")).toBe("00074-0554-02");
    expect(normalizeNdc("123-45-6")).toBeNull();
    expect(normalizeNdc("hello")).toBeNull();
  });
});

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
