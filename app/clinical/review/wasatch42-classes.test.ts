/**
 * Classes behind the wasatch-ut first run (stop 42), asserted on synthetic texts:
 * 1. a concurrent-use exclusion with an allowed overlap ("Scheduled use with another antipsychotic
 *    beyond a cross-taper of up to 4 weeks") is never a definite ground for a denial while the
 *    allowance is not read: its adverse confidence is "medium" and the qualifier is named;
 * 2. a course written "from September 2024 to mid-December 2024" ended in mid-December (a stop), its
 *    length counted to the 15th (early = the 1st, late = the 21st: the short side).
 */
import { describe, expect, it } from "vitest";
import { parseExclusion } from "../policy/parse-criterion";
import { adverseConfidence, unreadQualifiers } from "../policy/parse-coverage";
import { rangeDuration } from "../codes/dates";

describe("a concurrent-use exclusion with an allowed overlap", () => {
  it("names the allowance as unread and is no definite ground", () => {
    const rule = parseExclusion("Scheduled use with another antipsychotic beyond a cross-taper of up to 4 weeks.", { drugNames: ["Examplo"] });
    expect(["current_therapy", "no_concurrent"]).toContain(rule.kind);
    expect(unreadQualifiers(rule).join(" ")).toMatch(/cross-taper/);
    expect(adverseConfidence(rule)).not.toBe("high");
  });
  it("keeps a plain concurrent-use exclusion definite", () => {
    const rule = parseExclusion("Use in combination with another antipsychotic.", { drugNames: ["Examplo"] });
    expect(adverseConfidence(rule)).toBe("high");
  });
});

describe("a course ending in a part of a month", () => {
  it("reads 'to mid-December 2024' as a stop on the 15th", () => {
    expect(rangeDuration("risperidone 4 mg daily from September 2024 to mid-December 2024", "2026-11-01")).toMatchObject({
      start: "2024-09-01",
      end: "2024-12-15",
      open: false,
    });
    expect(rangeDuration("March 2025 - late May 2025", "2026-11-01")).toMatchObject({ end: "2025-05-21", open: false });
    expect(rangeDuration("from June 2025 through the end of August 2025", "2026-11-01")).toMatchObject({ end: "2025-08-21", open: false });
  });
  it("keeps a plain month range to the month's end", () => {
    expect(rangeDuration("03/2025 - 05/2025", "2026-11-01")).toMatchObject({ end: "2025-05-31" });
  });
});
