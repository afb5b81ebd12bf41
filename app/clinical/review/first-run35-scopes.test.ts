/**
 * bayou-la first-run classes in the decision layer: a requirement scoped to female members of
 * reproductive potential does not apply to a male member; a study's finding "after at least 3 months
 * of anticoagulation" is a record of the study, never a drug trial the reader must name.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { CaseFacts } from "../contracts";
import { buildCaseIndex } from "../evidence/case-index";
import { parseCriterion } from "../policy/parse-criterion";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-17";
const PREGNANCY = "For a female Member of reproductive potential: a negative pregnancy test documented within 30 days before the request.";

function ctxFor(gender: "male" | "female", lines: string[]) {
  const facts: CaseFacts = { ...emptyFacts(), patient: { ...emptyFacts().patient, gender } };
  return evalContext({ idx: buildCaseIndex(docFromPages([lines.join("\n")]), DAY), facts, requestDate: DAY, requestedNames: ["agent x"] });
}

describe("a requirement scoped to female members of reproductive potential", () => {
  const spec = parseCriterion(PREGNANCY, "", { drugNames: ["agent x"] });
  it("is met (does not apply) for a male member", () => {
    expect(evaluateCriterion(spec, ctxFor("male", ["63-year-old man with CTEPH."])).outcome).toBe("met");
  });
  it("is judged as written for a female member: no result is needs-more-information", () => {
    expect(evaluateCriterion(spec, ctxFor("female", ["29-year-old woman with PAH."])).outcome).toBe("insufficient");
  });
});

describe("a study's finding with the treatment it follows", () => {
  it("is a record of the study, not a prior therapy", () => {
    const c = parseCriterion(
      "a ventilation/perfusion (V/Q) scan or CT pulmonary angiogram showing chronic thromboembolic disease after at least 3 months of therapeutic anticoagulation",
      "",
      { drugNames: ["agent x"] },
    );
    expect(c.kind).toBe("documentation");
  });
  it("a trial of a named drug stays a prior therapy", () => {
    const c = parseCriterion("a trial of methotrexate for at least 3 months with an inadequate response", "", { drugNames: ["agent x"] });
    expect(c.kind).toBe("prior_therapy");
  });
});
