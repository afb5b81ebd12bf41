/** Ported from app/engine/extract/ids.test.ts (7017c33), NDC part. */
import { describe, expect, it } from "vitest";
import { ndcDigits, normalizeNdc } from "./ndc";

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
  it("compares NDCs as 11 bare digits whatever configuration they were written in", () => {
    expect(ndcDigits("0074-0554-02")).toBe("00074055402");
    expect(ndcDigits("00074-554-02")).toBe(ndcDigits("00074-0554-02"));
    expect(ndcDigits(null)).toBeNull();
  });
});
