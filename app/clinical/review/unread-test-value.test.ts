/**
 * A test requirement with a value the engine cannot read from the report ("a peak outflow gradient
 * of 50 mmHg or higher on an echocardiogram") was met by the test being done, so a request whose
 * report shows 30 mmHg would have been approved (found on golden-ca's mavacamten policy). The test is
 * now required together with a reviewer's comparison of the value; a duration ("at least 4 weeks",
 * "within 3 months") is no such value.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-20";
const parse = (s: string) => parseCriterion(s, "", { drugNames: ["requested"] });
const judge = (c: Criterion, notes: string) =>
  evaluateCriterion(
    c,
    evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["requested"] }),
    "criterion",
    {
      conditions: [],
      icd10: [],
    },
  );

describe("a test that must show a value no measure reads", () => {
  const rule = "Peak tricuspid regurgitant jet velocity of 2.9 m/s or higher on an echocardiogram performed within the past 6 months.";
  it("is the test and a reviewer's comparison", () => {
    const c = parse(rule);
    expect(c.kind).toBe("all");
    expect((c as Extract<Criterion, { kind: "all" }>).items.map((i) => i.kind)).toEqual(["test_result", "human_review"]);
  });
  it("is never met by the test being done", () => {
    const ev = judge(parse(rule), "Transthoracic echocardiogram 10/02/2026: peak TR velocity 2.1 m/s, normal RV size.");
    expect(ev.outcome).not.toBe("met");
  });
  it("leaves a test with only a recency or a duration as it was", () => {
    expect(parse("An echocardiogram performed within the past 6 months.").kind).toBe("test_result");
    expect(parse("A negative tuberculosis test at least 2 weeks before the first dose.").kind).toBe("test_result");
  });
});

describe("a chamber's systolic pressure", () => {
  it("is no systolic blood pressure and no threshold of the echocardiogram's ejection fraction", () => {
    const c = parse("Right ventricular systolic pressure of 40 mmHg or higher on an echocardiogram performed within the past 6 months.");
    expect(JSON.stringify(c)).not.toMatch(/systolic blood pressure/);
    const items = c.kind === "all" ? c.items : [c];
    const echo = items.find((i) => i.kind === "test_result");
    expect(echo && echo.kind === "test_result" ? echo.threshold : "none").toBeNull();
    expect(items.some((i) => i.kind === "human_review")).toBe(true);
  });
  it("still reads a blood pressure written as systolic", () => {
    const c = parse("Systolic blood pressure of 90 mmHg or higher at the last visit.");
    expect(JSON.stringify(c)).toMatch(/systolic blood pressure/);
  });
});
