/**
 * Fee schedule (issue 22): the plan's per-code unit / frequency limits applied to decided service
 * lines. Over the limit on typed lines → denied citing the row and quoting the line; on a scanned
 * page, with a missing date or an unidentified member's history → needs_more_information; within
 * the limit → unchanged (a row never approves); a denied line stays denied.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, serviceLineResult } from "../testing";
import type { DecisionResult, ServiceLineResult } from "../contracts";
import { applyFeeSchedule, normaliseFeeSchedule, type FeeScheduleRow } from "./fee-schedule";

const doc = docFromPages(["HCFA 1500 typed claim page"]);
const scanned = { ...doc, pages: doc.pages.map((p) => ({ ...p, ocr: true })) };

const line = (n: number, code: string, units: number | null, date: string | null, d: DecisionResult["final_decision"] = "approved"): ServiceLineResult =>
  serviceLineResult(code, units, date, { line_number: n, decision: d });

const perDay: FeeScheduleRow = { code: "J0585", description: "botulinum toxin per unit", units_per_period: { amount: 200, period_days: 1 } };
const perQuarter: FeeScheduleRow = { code: "A4239", description: "supply allowance", units_per_period: { amount: 3, period_days: 90 } };

describe("applyFeeSchedule", () => {
  it("leaves lines within the limit unchanged (two lines adding up to the limit on one date)", () => {
    const ls = [line(1, "J0585", 155, "2026-10-05"), line(2, "J0585", 45, "2026-10-05")];
    expect(applyFeeSchedule(ls, [perDay], doc)).toEqual(ls);
  });

  it("never approves: a pended line within the limit stays pended", () => {
    const ls = [line(1, "J0585", 10, "2026-10-05", "needs_more_information")];
    expect(applyFeeSchedule(ls, [perDay], doc)[0].decision.final_decision).toBe("needs_more_information");
  });

  it("denies a typed line over the per-date limit, citing the row and quoting the line", () => {
    const [r] = applyFeeSchedule([line(1, "J0585", 205, "2026-10-05")], [perDay], doc);
    expect(r.decision.final_decision).toBe("denied");
    expect(r.decision.rule).toBe("fee_schedule_limit");
    expect(r.decision.rationale).toContain("J0585 (botulinum toxin per unit): 200 unit(s) per date of service");
    expect(r.decision.rationale).toContain('"2026-10-05 J0585 205"');
    expect(r.decision.citations[0].text).toBe("2026-10-05 J0585 205");
  });

  it("counts the claim's earlier lines of the code within the period, not later or other dates", () => {
    const ls = [line(1, "A4239", 2, "2026-07-01"), line(2, "A4239", 2, "2026-08-15"), line(3, "A4239", 1, "2026-12-01")];
    const out = applyFeeSchedule(ls, [perQuarter], doc).map((l) => l.decision.final_decision);
    // line 1 is first (2 ≤ 3); line 2 counts line 1 (45 days before): 4 > 3; line 3 is 108 days after line 2
    expect(out).toEqual(["approved", "denied", "approved"]);
  });

  it("per date of service (period 1) ignores other dates", () => {
    const ls = [line(1, "J0585", 150, "2026-10-05"), line(2, "J0585", 150, "2026-10-06")];
    expect(applyFeeSchedule(ls, [perDay], doc).map((l) => l.decision.final_decision)).toEqual(["approved", "approved"]);
  });

  it("counts earlier claims of the member within the period", () => {
    const prior = [{ code: "A4239", units: 3, date_of_service: "2026-09-01", source: "claim X line 1" }];
    const [r] = applyFeeSchedule([line(1, "A4239", 1, "2026-10-01")], [perQuarter], doc, prior);
    expect(r.decision.final_decision).toBe("denied");
    expect(r.decision.rationale).toContain("claim X line 1");
    const old = [{ code: "A4239", units: 3, date_of_service: "2026-06-01", source: "claim Y" }];
    expect(applyFeeSchedule([line(1, "A4239", 1, "2026-10-01")], [perQuarter], doc, old)[0].decision.final_decision).toBe("approved");
  });

  it("sends an over-limit line to a reviewer when the form was scanned", () => {
    const [r] = applyFeeSchedule([line(1, "J0585", 205, "2026-10-05")], [perDay], scanned);
    expect(r.decision.final_decision).toBe("needs_more_information");
    expect(r.decision.missing_items?.[0]).toMatch(/scanned/);
  });

  it("sends a line to a reviewer when its date is missing and the units could exceed the limit", () => {
    const ls = [line(1, "A4239", 2, null), line(2, "A4239", 2, "2026-10-01")];
    const out = applyFeeSchedule(ls, [perQuarter], doc).map((l) => l.decision.final_decision);
    expect(out).toEqual(["needs_more_information", "needs_more_information"]);
  });

  it("does not deny on an unidentified member's history", () => {
    const prior = [{ code: "A4239", units: 3, date_of_service: "2026-09-01", source: "claim X" }];
    const [r] = applyFeeSchedule([line(1, "A4239", 1, "2026-10-01")], [perQuarter], doc, prior, false);
    expect(r.decision.final_decision).toBe("needs_more_information");
  });

  it("keeps a denied line denied and leaves other codes alone", () => {
    const ls = [line(1, "J0585", 500, "2026-10-05", "denied"), line(2, "64615", 9, "2026-10-05")];
    expect(applyFeeSchedule(ls, [perDay], doc)).toEqual(ls);
  });

  it("normalises manifest rows and drops malformed ones", () => {
    expect(
      normaliseFeeSchedule([
        { code: " E0601 ", description: "CPAP", units_per_period: { amount: 1, period_days: 1825 } },
        { code: "", units_per_period: { amount: 1, period_days: 1 } },
        { code: "X", units_per_period: { amount: 1, period_days: 0 } },
      ]),
    ).toEqual([{ code: "E0601", description: "CPAP", units_per_period: { amount: 1, period_days: 1825 } }]);
    expect(normaliseFeeSchedule(undefined)).toEqual([]);
  });
});
