/** Ported from app/engine/extract/dates.test.ts (7017c33). */
import { describe, expect, it } from "vitest";
import { daysBetween, findDates, parseDate } from "./dates";

describe("parseDate", () => {
  it.each([
    ["06/22/1971", "1971-06-22"],
    ["10/2/2026 9:18:17 AM", "2026-10-02"],
    ["2007-01-30", "2007-01-30"],
    ["April 11, 1985", "1985-04-11"],
    ["OCT-06-2026 14:32", "2026-10-06"],
    ["10-13-2026 12:03", "2026-10-13"],
    ["9/24/26", "2026-09-24"],
    ["3 March 2025", "2025-03-03"],
    // OCR digit confusions are repaired
    ["O6/22/l971", "1971-06-22"],
    // impossible dates and non-dates are rejected
    ["02/30/2026", null],
    ["09715/2026", null],
    ["no date here", null],
  ])("%s → %s", (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });
});

describe("findDates partial", () => {
  it("finds month/year and year-only dates when asked", () => {
    const hits = findDates("Hydroxychloroquine 04/2025 - 01/2026; phentermine 2024; March 2025", { partial: true });
    expect(hits.map((h) => [h.start, h.precision])).toEqual([
      ["2025-04-01", "month"],
      ["2026-01-01", "month"],
      ["2024-01-01", "year"],
      ["2025-03-01", "month"],
    ]);
    // a partial date spans its whole month / year
    expect(hits.map((h) => h.end)).toEqual(["2025-04-30", "2026-01-31", "2024-12-31", "2025-03-31"]);
  });
  it("does not report partial dates by default", () => {
    expect(findDates("since 04/2025")).toEqual([]);
  });
});

describe("daysBetween", () => {
  it("counts whole days", () => {
    expect(daysBetween("2026-02-09", "2026-10-06")).toBe(239);
    expect(daysBetween("2026-10-06", "2026-02-09")).toBe(-239);
  });
});
