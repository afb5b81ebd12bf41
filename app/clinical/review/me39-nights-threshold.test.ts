/**
 * A device-use requirement written in words — "use of at least 4 hours per night on at least 70% of
 * nights over a 30-day period" — has two numbers: the hours that make a night count, and the share of
 * nights that is the threshold. The number inside the measure's own name ("4 hours per night") was
 * read as the threshold in hours, so the value was left to a reviewer (or, written with "≥", any
 * download with 4 or more was met). A number in a measure's name is its threshold only in the
 * measure's unit; the share of nights is compared.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { parseCriterion, parseThresholds } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-20";
const parse = (s: string) => parseCriterion(s, "", { drugNames: ["requested"] });
const judge = (c: Criterion, notes: string) =>
  evaluateCriterion(
    c,
    evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["requested"] }),
    "criterion",
    { conditions: [], icd10: [] },
  );

const WORDS =
  "Adherence to positive airway pressure therapy documented by a device download showing use of at least 4 hours per night on at least 70% of nights during a consecutive 30-day period.";
const SYMBOLS = "PAP compliance report: use >= 4 h per night on >= 70% of nights in a 30-day window.";

describe("hours per night on a share of nights", () => {
  it("reads the share of nights as the threshold, in words or in symbols", () => {
    for (const t of [WORDS, SYMBOLS]) {
      const th = parseThresholds(t).find((x) => x.measure === "CPAP adherence");
      expect(th).toMatchObject({ op: ">=", value: 70 });
    }
  });

  it("meets the requirement with a download above the share and not below it", () => {
    const c = parse(WORDS);
    const above = judge(c, "Sleep medicine note. APAP download 10/01-10/30: >= 4 h on 24 of 30 nights (80%). Residual AHI 1.8.");
    expect(above.outcome).toBe("met");
    const below = judge(c, "Sleep medicine note. APAP download 10/01-10/30: >= 4 h on 15 of 30 nights (50%). Residual AHI 1.8.");
    expect(below.outcome).not.toBe("met");
  });

  it("leaves a different number of hours per night to a reviewer, never compared as the share", () => {
    const c = parse("Device download showing use of at least 6 hours per night on at least 70% of nights over 30 days.");
    const r = judge(c, "APAP download: >= 4 h on 27 of 30 nights (90%).");
    expect(r.outcome).not.toBe("met");
  });
});

describe("a count of nights in the download", () => {
  const c = parse(WORDS);
  it("is read as its share of the period, or the percentage written beside it", () => {
    expect(judge(c, "CPAP download 09/01-09/30: used 29/30 nights, >= 4 h on 18/30 nights, avg 4.1 h.").outcome).not.toBe("met");
    expect(judge(c, "CPAP download 09/01-09/30: >= 4 h on 25/30 nights.").outcome).toBe("met");
  });
  it("is never compared as a percentage by itself", () => {
    // 24 nights is no 24% (which would fail the 70% share): the count alone is no share
    expect(judge(c, "APAP download: >= 4 h on 24 nights this month.").outcome).not.toBe("not_met");
  });
});
