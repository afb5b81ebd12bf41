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
import { codeRegions, sessionLimitOf } from "../policy/session-limits";
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

  it("reads the quantity written as 'every' or with a slash", () => {
    const other = [SCHEDULE.split("\n")[3], "A7037 Tubing 1 every 90 days", "A7038 Filter, disposable 2/month"].join("\n");
    expect(replacementIntervalRules(lines(other), () => null).map((r) => (r.kind === "replacement_interval" ? [r.max, r.every, r.unit] : null))).toEqual([
      [1, 90, "day"],
      [2, 1, "month"],
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

/**
 * - Frequency limits over a rolling window that name a procedure, not codes ("Cryoablation is limited
 *   to a maximum of three (3) sessions per rolling 12 months per spinal region"): the procedure's codes
 *   come from the policy's billing sentence ("Report 64xxx-64yyy for cryoablation"), its record words
 *   from its spelled-out abbreviation; sessions are counted from the request's history rows (under a
 *   heading naming earlier sessions of the procedure) and earlier claim lines, per region when the
 *   limit says so, and the line is denied only beyond the maximum.
 */
describe("rolling-window session limits", () => {
  const POLICY = [
    "Genicular and Spinal Nerve Procedures",
    "This policy addresses percutaneous cryoneurolysis (PCN) of the medial branch nerves.",
    "Limitations",
    "1. PCN is limited to a maximum of three (3) sessions per rolling 12 months per spinal region (cervical/thoracic or lumbar/sacral).",
    "2. No more than two levels may be treated in a session.",
    "Billing",
    "Report 64640 for PCN at each nerve.",
    "Codes",
    "64640 Destruction by neurolytic agent; other peripheral nerve, lumbar or sacral",
  ].join("\n");
  const text = POLICY.replace(/\n/g, " ");
  const limit = sessionLimitOf(lines(POLICY)[3].text, text, POLICY.split("\n"), null);

  it("reads the limit with the procedure's codes, words, maximum and regions", () => {
    expect(limit).toMatchObject({
      kind: "session_limit",
      codes: ["64640"],
      max: 3,
      window_months: 12,
      per_region: true,
      regions: { "64640": "lumbar/sacral" },
    });
    expect(limit && limit.kind === "session_limit" ? limit.procedure : []).toContain("percutaneous cryoneurolysis");
  });

  it("reads no limit per side or per joint, nor one whose procedure has no codes in the policy", () => {
    expect(sessionLimitOf("PCN is limited to a maximum of three (3) sessions per rolling 12 months per joint.", text, [], null)).toBeNull();
    expect(sessionLimitOf("Bracing is limited to a maximum of two (2) sessions per rolling 12 months.", text, [], null)).toBeNull();
  });

  const notes = (rows: string[]) =>
    ["Procedure note", "Prior percutaneous cryoneurolysis (left L3-4)", "Date Result Duration", ...rows, "Plan: repeat today."].join("\n");
  const ctx = (rows: string[], claim: { code: string; date_of_service: string }[] = []) =>
    ctxFor(
      notes(rows),
      emptyFacts({ service_line: { code: "64640", date_of_service: "2026-10-21", claim_lines: [{ code: "64640", date_of_service: "2026-10-21" }, ...claim] } }),
    );

  it("applies beyond the maximum, counting the history rows in the rolling 12 months", () => {
    const r = evaluateCriterion(limit!, ctx(["11/02/2025 70% relief 4 months", "03/03/2026 60% relief", "07/07/2026 65% relief"]), "exclusion");
    expect(r.outcome).toBe("met");
    expect(r.reason).toMatch(/session 4/);
  });

  it("does not apply within the maximum, leaves out sessions before the window, and counts earlier claim lines", () => {
    expect(evaluateCriterion(limit!, ctx(["10/02/2025 70% relief", "03/03/2026 60% relief"]), "exclusion").outcome).toBe("not_met");
    expect(
      evaluateCriterion(limit!, ctx(["03/03/2026 60% relief", "07/07/2026 65% relief"], [{ code: "64640", date_of_service: "2026-09-01" }]), "exclusion")
        .outcome,
    ).toBe("met");
  });

  it("never counts a history row of another region or of no stated region", () => {
    const other = ["Procedure note", "Prior percutaneous cryoneurolysis (right C5-6)", "03/03/2026 60%", "05/05/2026 60%", "07/07/2026 65%"].join("\n");
    const facts = emptyFacts({ service_line: { code: "64640", date_of_service: "2026-10-21", claim_lines: [] } });
    expect(evaluateCriterion(limit!, ctxFor(other, facts), "exclusion").outcome).toBe("not_met");
    const none = ["Procedure note", "Prior percutaneous cryoneurolysis", "03/03/2026 60%", "05/05/2026 60%", "07/07/2026 65%"].join("\n");
    expect(evaluateCriterion(limit!, ctxFor(none, facts), "exclusion").outcome).toBe("not_met");
  });
});

describe("session history rows", () => {
  it("never counts dated rows of prose under a heading further up (only a table's rows under its heading)", () => {
    const POLICY = "Percutaneous cryoneurolysis (PCN). PCN is limited to a maximum of two (2) sessions per rolling 12 months. Report 64640 for PCN.";
    const limit = sessionLimitOf("PCN is limited to a maximum of two (2) sessions per rolling 12 months.", POLICY, [], null)!;
    const notes = [
      "Prior percutaneous cryoneurolysis: none before this course.",
      "Treatment course",
      "Physical therapy was given twice weekly with home exercises and the patient improved somewhat.",
      "03/03/2026 physical therapy started",
      "05/05/2026 naproxen 500 mg twice daily",
    ].join("\n");
    const facts = emptyFacts({ service_line: { code: "64640", date_of_service: "2026-10-21", claim_lines: [] } });
    expect(evaluateCriterion(limit, ctxFor(notes, facts), "exclusion").outcome).toBe("not_met");
  });
});

describe("drug requests", () => {
  it("judge neither a replacement schedule nor a session limit without a service line (never a pend)", () => {
    const rule = replacementIntervalRules(lines(SCHEDULE), () => null)[0];
    const limit = sessionLimitOf(
      "PCN is limited to a maximum of two (2) sessions per rolling 12 months.",
      "Percutaneous cryoneurolysis (PCN). Report 64640 for PCN.",
      [],
      null,
    )!;
    const ctx = ctxFor("Progress note.", emptyFacts());
    expect(evaluateCriterion(rule, ctx, "exclusion").outcome).toBe("not_met");
    expect(evaluateCriterion(limit, ctx, "exclusion").outcome).toBe("not_met");
  });
});

describe("code-table regions", () => {
  it("reads a row's wrapped description and gives an indented child code its parent's region", () => {
    const rows = [
      "Code Description",
      "64490 Injection(s), diagnostic agent, paravertebral facet joint with image guidance,",
      "cervical or thoracic; single level",
      "64491 second level (List separately in addition to code for primary procedure)",
      "64493 Injection(s), ... lumbar or sacral; single level",
      "64494 second level (List separately in addition to code for primary procedure)",
      "77003 Fluoroscopic guidance and localization of needle",
    ];
    expect(codeRegions(rows)).toEqual({ "64490": "cervical/thoracic", "64491": "cervical/thoracic", "64493": "lumbar/sacral", "64494": "lumbar/sacral" });
  });
});
