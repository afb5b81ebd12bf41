/**
 * Claims round 34 (issue 22): classes of policy reading and claim-line evaluation that left decidable
 * service lines pended.
 *
 * - Supply replacement schedules: a DME policy's table of supply codes with "1 per 3 months" under its
 *   statement that a supply furnished before the replacement interval is not covered is an exclusion
 *   of an early replacement line, judged on the request's supply history (and earlier claim lines);
 *   a documented loss / theft / damage leaves it to a reviewer; no statement, no rule.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { earlierFurnishings } from "../evidence/supply-history";
import { addInterval, replacementIntervalRules } from "../policy/replacement-intervals";
import { readPolicy } from "../policy/read-policy";
import { evalContext, evaluateCriterion } from "./evaluate";

const lines = (t: string) => t.split("\n").map((text) => ({ text }));

// another payer's wording: "replaced sooner than", "will be denied", a nebulizer kit schedule
const SCHEDULE = [
  "Respiratory Supplies Benefit Policy RS-12",
  "Coverage",
  "Nebulizer kits and tubing are covered for members with a covered nebulizer (E0570).",
  "Replacement. An item replaced sooner than the interval shown below will be denied, except when the member's record documents that the item was lost or damaged.",
  "Code Item Frequency",
  "A7003 Administration set, small volume nonfiltered pneumatic nebulizer, disposable 2 per 1 month",
  "A7005 Administration set, non-disposable 1 per 6 months",
  "A7015 Aerosol mask 1 per month",
].join("\n");

const lineFacts = (code: string, date: string, units = 1, claim: { code: string; date_of_service: string; units?: number }[] = []) =>
  emptyFacts({
    service_line: {
      code,
      date_of_service: date,
      units,
      claim_lines: [{ code, date_of_service: date, units }, ...claim],
    },
  });
const ctxFor = (notes: string, facts: ReturnType<typeof emptyFacts>) =>
  evalContext({ idx: buildCaseIndex(docFromPages([notes]), "2026-11-01"), facts, requestDate: "2026-11-01", requestedNames: [] });

describe("supply replacement schedules", () => {
  const rules = replacementIntervalRules(lines(SCHEDULE), () => null);

  it("reads each schedule row under a not-covered-before-the-interval statement, scoped to its code", () => {
    expect(rules.map((r) => (r.kind === "replacement_interval" ? [r.codes, r.max, r.every, r.unit, r.loss_exception] : null))).toEqual([
      [["A7003"], 2, 1, "month", true],
      [["A7005"], 1, 6, "month", true],
      [["A7015"], 1, 1, "month", true],
    ]);
  });

  it("reads no rule from a table of usual quantities without the statement", () => {
    const table = SCHEDULE.split("\n")
      .filter((l) => !/^Replacement\./.test(l))
      .join("\n");
    expect(replacementIntervalRules(lines(table), () => null)).toEqual([]);
  });

  it("keeps a schedule table read column by column whole (readPolicy reads the printed rows)", () => {
    const m = readPolicy(docFromPages([SCHEDULE]), { drug_names: ["A7005"] });
    expect(m.exclusions.some((e) => e.kind === "replacement_interval" && e.codes?.[0] === "A7005")).toBe(true);
  });

  it("adds calendar months, clamped to the month's end", () => {
    expect(addInterval("2026-07-20", 6, "month")).toBe("2027-01-20");
    expect(addInterval("2026-08-31", 1, "month")).toBe("2026-09-30");
    expect(addInterval("2026-01-01", 2, "week")).toBe("2026-01-15");
  });

  const history = (extra = "") =>
    [
      "Supply delivery history",
      "Date HCPCS Item Qty",
      "06/02/2026 A7005 Administration set, reusable 1",
      "10/20/2026 A7003 Disposable set 2",
      "12/01/2026 A7005 Next eligible",
      extra,
    ].join("\n");
  const a7005 = rules.find((r) => r.codes?.[0] === "A7005")!;
  const a7003 = rules.find((r) => r.codes?.[0] === "A7003")!;
  const a7015 = rules.find((r) => r.codes?.[0] === "A7015")!;

  it("reads the earlier furnishings of a code from a supply history (never a future or later row)", () => {
    const idx = buildCaseIndex(docFromPages([history()]), "2026-11-01");
    expect(earlierFurnishings(idx, "A7005", "2026-10-28").map((f) => [f.date, f.units])).toEqual([["2026-06-02", 1]]);
    expect(earlierFurnishings(idx, "A7005", "2026-06-02")).toEqual([]);
  });

  it("applies when the same item was furnished inside its interval, quoting the history row", () => {
    const r = evaluateCriterion(a7005, ctxFor(history(), lineFacts("A7005", "2026-10-28")), "exclusion");
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/2026-06-02.*148 days/);
    expect(r.citations.length).toBeGreaterThan(0);
  });

  it("counts units against a quantity above one per interval (2 per month: 2 earlier + 1 is over)", () => {
    expect(evaluateCriterion(a7003, ctxFor(history(), lineFacts("A7003", "2026-11-05")), "exclusion").outcome).toBe("met");
    // the interval has elapsed: does not apply
    expect(evaluateCriterion(a7003, ctxFor(history(), lineFacts("A7003", "2026-11-20")), "exclusion").outcome).toBe("not_met");
  });

  it("counts an earlier line of the same claim as a furnishing", () => {
    const facts = lineFacts("A7015", "2026-10-25", 1, [{ code: "A7015", date_of_service: "2026-10-05", units: 1 }]);
    expect(evaluateCriterion(a7015, ctxFor("Progress note. Mask fits well.", facts), "exclusion").outcome).toBe("met");
  });

  it("leaves a documented loss or damage to a reviewer, and never applies without a documented earlier furnishing", () => {
    const damaged = evaluateCriterion(
      a7005,
      ctxFor(history("Member reports the set cracked when dropped on 10/20/2026."), lineFacts("A7005", "2026-10-28")),
      "exclusion",
    );
    expect(damaged.outcome).toBe("insufficient");
    const none = evaluateCriterion(a7005, ctxFor("Progress note. Nebulizer used twice daily.", lineFacts("A7005", "2026-10-28")), "exclusion");
    expect(none.outcome).toBe("not_met");
  });
});
