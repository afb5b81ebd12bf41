/** Ported from app/engine/extract/dates.test.ts (7017c33). */
import { describe, expect, it } from "vitest";
import { daysBetween, findDates, parseDate } from "./dates";

describe("parseDate", () => {
  it("parses the formats seen on faxes", () => {
    expect(parseDate("06/22/1971")).toBe("1971-06-22");
    expect(parseDate("10/2/2026 9:18:17 AM")).toBe("2026-10-02");
    expect(parseDate("2007-01-30")).toBe("2007-01-30");
    expect(parseDate("April 11, 1985")).toBe("1985-04-11");
    expect(parseDate("OCT-06-2026 14:32")).toBe("2026-10-06");
    expect(parseDate("10-13-2026 12:03")).toBe("2026-10-13");
    expect(parseDate("9/24/26")).toBe("2026-09-24");
    expect(parseDate("3 March 2025")).toBe("2025-03-03");
  });
  it("tolerates OCR digit confusions and rejects impossible dates", () => {
    expect(parseDate("O6/22/l971")).toBe("1971-06-22");
    expect(parseDate("02/30/2026")).toBeNull();
    expect(parseDate("09715/2026")).toBeNull();
    expect(parseDate("no date here")).toBeNull();
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
