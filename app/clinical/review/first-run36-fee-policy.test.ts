/**
 * First run of bigsky-medicare (issue 22): a plan's fee-schedule row (365 days) denied lines whose own
 * coverage policy counts differently (per calendar year) or states exceptions ("more frequently when
 * monitoring glucocorticoid therapy"). Where the policy states a frequency rule of its own, the policy
 * wins over the code-level edit: an over-limit line goes to a reviewer, never to a denial. Written here
 * with other codes and wording than the set's (a nerve-conduction study and compression stockings).
 */
import { describe, expect, it } from "vitest";
import { docFromPages, serviceLineResult } from "../testing";
import type { DecisionTree, ServiceLineResult } from "../contracts";
import { generateDecisionTree } from "../policy/compile-tree";
import { applyFeeSchedule, policyStatesFrequency, type FeeScheduleRow } from "./fee-schedule";

const doc = docFromPages(["HCFA 1500 typed claim page"]);

function tree(...questions: string[]): DecisionTree {
  return {
    title: "policy",
    drug_names: [],
    edges: [],
    nodes: questions.map((q, i) => ({
      id: `n${i}`,
      node_type: "question",
      question: q,
      reason: null,
      node_action: null,
      condition: null,
      parent_id: null,
      criterion: null,
      passage: null,
    })),
  };
}

const line = (code: string, units: number, date: string, t: DecisionTree | null): ServiceLineResult => serviceLineResult(code, units, date, { tree: t });

const yearly: FeeScheduleRow = { code: "95907", description: "nerve conduction study", units_per_period: { amount: 1, period_days: 365 } };
const prior = [{ code: "95907", units: 1, date_of_service: "2026-02-10", source: "claim 88" }];

describe("a fee-schedule row against a policy with its own frequency rule", () => {
  it("recognises frequency rules written in the ways policies write them", () => {
    for (const q of [
      "The study is repeated no more often than once every 12 months unless a new neurological deficit is documented",
      "Up to two pairs of stockings per calendar year are covered",
      "The second dose is given at least 5 months after the previous dose",
      "The test meets the frequency standards in section 4",
    ])
      expect(policyStatesFrequency(tree(q)), q).toBe(true);
    expect(policyStatesFrequency(tree("The member has a documented diagnosis of diabetic neuropathy", "Ordered by a neurologist"))).toBe(false);
    expect(policyStatesFrequency(null)).toBe(false);
  });

  it("sends an over-limit line to a reviewer when the policy states its own frequency rule (exceptions, calendar year)", () => {
    const t = tree("Repeat studies are covered no more often than once every 12 months, more frequently when a new deficit is documented");
    const [r] = applyFeeSchedule([line("95907", 1, "2026-11-02", t)], [yearly], doc, prior);
    expect(r.decision.final_decision).toBe("needs_more_information");
    expect(r.decision.rationale).toMatch(/own frequency rule/);
    expect(r.decision.missing_items?.join(" ")).toMatch(/95907/);
  });

  it("still denies an over-limit typed line whose policy says nothing about frequency (the row is the only limit)", () => {
    const t = tree("The member has a documented diagnosis of diabetic neuropathy");
    const [r] = applyFeeSchedule([line("95907", 1, "2026-11-02", t)], [yearly], doc, prior);
    expect(r.decision.final_decision).toBe("denied");
    expect(r.decision.rule).toBe("fee_schedule_limit");
  });
});

describe("a medical policy's quantity rule that no criterion counts", () => {
  const policy = docFromPages([
    [
      "Gradient Compression Stockings - Local Coverage Article",
      "COVERAGE INDICATIONS",
      "Compression stockings (A6531) are covered when all of the following are met:",
      "1. The beneficiary has an open venous stasis ulcer of the lower leg.",
      "2. The stockings are ordered by the treating physician.",
      "QUANTITY",
      "Coverage is limited to four stockings per calendar year for each affected leg, counted January to December.",
      "Stockings furnished in excess of this quantity in the calendar year are not reasonable and necessary.",
    ].join("\n"),
  ]);

  it("is kept as a passage the reader did not count, and the fee-schedule row then sends the line to a reviewer", () => {
    const t = generateDecisionTree(policy, { drug_names: ["A6531"], title: "A6531", documentName: "policy" });
    expect((t.unread ?? []).map((u) => u.text).join(" ")).toMatch(/four stockings per calendar year/);
    expect(policyStatesFrequency(t)).toBe(true);
    const row: FeeScheduleRow = { code: "A6531", description: "compression stocking", units_per_period: { amount: 4, period_days: 365 } };
    const [r] = applyFeeSchedule([line("A6531", 2, "2026-01-12", t)], [row], doc, [
      { code: "A6531", units: 4, date_of_service: "2025-11-20", source: "claim 12" },
    ]);
    expect(r.decision.final_decision).toBe("needs_more_information");
  });
});

describe("a policy counting by calendar year, as the row does", () => {
  const t = tree("Skin prick tests (95004): one unit is one test. Maximum: 60 units per member per calendar year.");
  const row: FeeScheduleRow = { code: "95004", description: "percutaneous allergy tests", units_per_period: { amount: 60, period_days: 365 } };

  it("still denies a typed line over the limit when the calendar-year count is over it too (both agree)", () => {
    const [r] = applyFeeSchedule([line("95004", 30, "2026-09-14", t)], [row], doc, [
      { code: "95004", units: 40, date_of_service: "2026-03-02", source: "claim 7" },
    ]);
    expect(r.decision.final_decision).toBe("denied");
  });

  it("sends the line to a reviewer when only the 365-day window, not the calendar year, is over the limit", () => {
    const [r] = applyFeeSchedule([line("95004", 30, "2026-02-14", t)], [row], doc, [
      { code: "95004", units: 40, date_of_service: "2025-11-02", source: "claim 7" },
    ]);
    expect(r.decision.final_decision).toBe("needs_more_information");
  });

  it("sends the line to a reviewer when the policy allows more than its count", () => {
    const withException = tree("Maximum: 60 units per member per calendar year, unless a new sensitisation is documented.");
    const [r] = applyFeeSchedule([line("95004", 30, "2026-09-14", withException)], [row], doc, [
      { code: "95004", units: 40, date_of_service: "2026-03-02", source: "claim 7" },
    ]);
    expect(r.decision.final_decision).toBe("needs_more_information");
  });
});

describe("a policy limit of another scale than the row", () => {
  it("leaves the row to apply as written ('4 units per date of service' beside 5 units per 7 days)", () => {
    const t = tree("Frequency limit: no more than 4 units per date of service.");
    const weekly: FeeScheduleRow = { code: "97530", description: "therapeutic activities", units_per_period: { amount: 5, period_days: 7 } };
    const ls = [serviceLineResult("97530", 3, "2026-11-02", { tree: t }), serviceLineResult("97530", 3, "2026-11-04", { line_number: 2, tree: t })];
    const out = applyFeeSchedule(ls, [weekly], doc);
    expect(out.map((l) => l.decision.final_decision)).toEqual(["approved", "denied"]);
  });
});
