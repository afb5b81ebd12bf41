/**
 * claims35b: frequency thresholds (frequency-thresholds.ts) — a count per period in a requirement is
 * met only by a frequency the request states for the same thing and that reaches it, never by words.
 */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { judgeFrequency, requiredFrequencies } from "./frequency-thresholds";

const CHRONIC =
  "Headache on 15 or more days per month for more than 3 months, of which at least 8 days per month have features of migraine, documented with headache-day counts";
const idx = (lines: string[]) => buildCaseIndex(docFromPages([lines.join("\n")]), "2026-11-09");

describe("the frequencies a requirement states", () => {
  it("reads the subject before, inside or after the count", () => {
    expect(requiredFrequencies(CHRONIC)).toMatchObject([
      { min: 15, subject: "headache" },
      { min: 8, subject: "migraine" },
    ]);
    expect(requiredFrequencies("at least 8 migraine days per month")).toMatchObject([{ min: 8, subject: "migraine" }]);
    expect(requiredFrequencies("4 or more attacks per month despite acute therapy")).toMatchObject([{ min: 4, subject: "attack" }]);
  });
  it("a duration, a dose or a count without a period is no frequency", () => {
    expect(requiredFrequencies("a trial of at least 8 weeks at a therapeutic dose")).toEqual([]);
    expect(requiredFrequencies("at least 2 doses per month of vaccine")).toEqual([]);
    expect(requiredFrequencies("at least TWO oral preventive medications")).toEqual([]);
  });
});

describe("judging a frequency threshold", () => {
  it("the requirement's words in the fax do not meet it (silence is a question)", () => {
    const j = judgeFrequency(CHRONIC, idx(["Chronic migraine. Headaches 'almost every day', most days of the week; diary given today."]));
    expect(j?.outcome).toBe("insufficient");
    expect(j?.reason).toMatch(/15 or more days per month/);
  });

  it("stated frequencies reaching every threshold meet it, quoted", () => {
    const j = judgeFrequency(CHRONIC, idx(["Headache diary (01/2026-08/2026): 20-22 HA days/mo, of which 12-14/mo are migrainous (unilateral throbbing)."]));
    expect(j?.outcome).toBe("met");
    expect(j?.citations.map((c) => c.text).join(" ")).toMatch(/20-22 HA days\/mo/);
  });

  it("a frequency below a threshold is a reviewer's question, never a failure", () => {
    const j = judgeFrequency(CHRONIC, idx(["Headache days: 10/month, migraine days 6 per month."]));
    expect(j?.outcome).toBe("insufficient");
    expect(j?.reason).toMatch(/below it/);
  });

  it("one threshold met and the other silent is not met", () => {
    expect(judgeFrequency(CHRONIC, idx(["18 headache days per month."]))?.outcome).toBe("insufficient");
  });

  it("reads labels, words between and counts over a stated span converted to a month", () => {
    expect(judgeFrequency("at least 15 headache days per month", idx(["Headache days: 18/month"]))?.outcome).toBe("met");
    expect(judgeFrequency("at least 15 headache days per month", idx(["She reports headaches 20 days a month."]))?.outcome).toBe("met");
    expect(judgeFrequency("at least 15 headache days per month", idx(["18 headache days in the last 30 days per diary."]))?.outcome).toBe("met");
    // 12 days over 4 weeks is under 15 a month
    expect(judgeFrequency("at least 15 headache days per month", idx(["12 headache days over the past 4 weeks."]))?.outcome).toBe("insufficient");
  });

  it("a frequency of another thing is no frequency of the subject; a migraine day is a headache day", () => {
    expect(judgeFrequency("at least 8 migraine days per month", idx(["Sumatriptan ~6 days/mo; 20 headache days/mo."]))?.outcome).toBe("insufficient");
    expect(judgeFrequency("at least 15 headache days per month", idx(["Migraine days per month: 16"]))?.outcome).toBe("met");
  });

  it("returns null for a requirement without a frequency", () => {
    expect(judgeFrequency("Prescribed by a neurologist", idx(["Neurology consult."]))).toBeNull();
  });
});

describe("a count listed after a per-month count", () => {
  it("shares its period ('24 HA days/mo, 15 migraine days')", () => {
    expect(judgeFrequency(CHRONIC, idx(["Baseline diary 02/2026-04/2026: 24 HA days/mo, 15 migraine days."]))?.outcome).toBe("met");
    expect(judgeFrequency(CHRONIC, idx(["Baseline diary: 24 HA days/mo, 5 migraine days."]))?.outcome).toBe("insufficient");
  });
});

describe("what is no frequency of the member's", () => {
  it("'has' is no headache, a limit or goal is no frequency, attacks are not migraine days", () => {
    const REQ = "at least 15 headache days per month";
    expect(judgeFrequency(REQ, idx(["Patient has 20 days/mo of work absence."]))?.outcome).toBe("insufficient");
    expect(judgeFrequency(REQ, idx(["Acute meds: limit to < 20 HA days/mo."]))?.outcome).toBe("insufficient");
    expect(judgeFrequency("at least 8 migraine days per month", idx(["10 migraine attacks per month."]))?.outcome).toBe("insufficient");
    expect(judgeFrequency("4 or more attacks per month", idx(["6 migraine attacks per month."]))?.outcome).toBe("met");
  });
});

describe("a change from baseline is no frequency threshold", () => {
  it("'at least 2 fewer migraine days per month than baseline' and 'a reduction of at least 4 days per month' are left to the response rule", () => {
    expect(requiredFrequencies("Response documented: at least 2 fewer migraine days per month than baseline")).toEqual([]);
    expect(requiredFrequencies("Migraine days decreased by at least 50% from baseline, or a reduction of at least 4 days per month")).toEqual([]);
  });
});
