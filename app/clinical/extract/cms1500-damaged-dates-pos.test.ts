/**
 * Item-24 rows of a scanned CMS-1500 whose red form ink dropped out, with the 24B place of service or
 * the 24A from date OCR damaged: the row is still found from its own columns, the damaged field read
 * only where the rest of the claim pins it down (issue 22, scanned claims).
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { damagedFromDate, damagedPosFits, readCms1500Rows } from "./cms1500";

const show = (page: string) =>
  readCms1500Rows(docFromPages([page])).map((r) => `${r.code} ${r.modifiers.join(",")} x${r.units} ${r.date_of_service} ${r.place_of_service}`);

describe("a damaged place-of-service token", () => {
  it("fits a code only glyph for digit, and one glyph only for a repeated digit", () => {
    expect(damagedPosFits("i", "11")).toBe(true);
    expect(damagedPosFits("l1", "11")).toBe(true);
    expect(damagedPosFits("2O", "20")).toBe(true);
    expect(damagedPosFits("i", "12")).toBe(false);
    expect(damagedPosFits("x", "11")).toBe(false);
    expect(damagedPosFits("i2", "22")).toBe(false);
  });

  it("reads the row with the place of service of the claim's other row it fits", () => {
    const page = ["M5416", "03 02 26 03 02 26 11 20610 RT 410 00 1 1300000001", "03 02 26 03 02 26 l 20611 LT 220 00 1 1300000001"].join("\n");
    expect(show(page)).toEqual(["20610 RT x1 2026-03-02 11", "20611 LT x1 2026-03-02 11"]);
  });

  it("does not read the row when no other row's place of service fits the damaged token", () => {
    const page = ["M5416", "03 02 26 03 02 26 22 20610 RT 410 00 1 1300000001", "03 02 26 03 02 26 l 20611 LT 220 00 1 1300000001"].join("\n");
    expect(show(page)).toEqual(["20610 RT x1 2026-03-02 22"]);
  });
});

describe("a damaged from date", () => {
  it("is the to date when the two differ in one digit, and nothing otherwise", () => {
    expect(damagedFromDate("04 81 26", "04 01 26")).toBe("2026-04-01");
    expect(damagedFromDate("04 81 26", "04 02 26")).toBeNull();
    expect(damagedFromDate("04 81 26", undefined)).toBeNull();
  });

  it("reads the row of a one-day line whose from date OCR misread", () => {
    const page = ["E119", "04 81 26 04 01 26 12 E0607 NU AB 120 00 1 1300000002", "04 01 26 04 01 26 12 A4253 AB 80 00 2 1300000002"].join("\n");
    expect(show(page)).toEqual(["E0607 NU x1 2026-04-01 12", "A4253  x2 2026-04-01 12"]);
  });
});
