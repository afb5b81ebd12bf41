/**
 * A documentation requirement read as word groups is never met by one generic clinical word of it
 * found anywhere in the fax (issue 22): "new or worsening symptoms or signs" is not met by
 * "electronically signed", "known or suspected cardiomyopathy" not by "no known heart disease".
 * Its specific words still meet it.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-02";
const judge = (policy: string, fax: string) =>
  evaluateCriterion(
    parseCriterion(policy, "", { drugNames: ["93306"] }),
    evalContext({ idx: buildCaseIndex(docFromPages([fax]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["93306"] }),
    "criterion",
    { conditions: [], icd10: [] },
  );

const CHANGE = "A change in clinical status (new or worsening symptoms or signs) in a member with known structural heart disease.";
const SIGNED = [
  "Clinical summary: 82-year-old woman scheduled for cataract extraction; pre-operative clearance requested.",
  "Requesting provider signature Date Office contact",
  "/s/ Samuel Ferrante, DO (electronically signed) 11/02/2026",
].join("\n");

describe("generic words of a documentation requirement", () => {
  it("is not met by a signature line or a generic word alone", () => {
    const c = parseCriterion(CHANGE, "", { drugNames: ["93306"] });
    // (the reader keeps a one-word group "signs" among the requirement's words)
    expect(c.kind === "documentation" && c.concepts.some((g) => g.length === 1 && g[0] === "signs")).toBe(true);
    expect(judge(CHANGE, SIGNED).outcome).not.toBe("met");
  });

  it("is still met by the requirement's specific words", () => {
    const r = judge(CHANGE, "Known moderate aortic stenosis. New exertional dyspnea since August: worsening symptoms.");
    expect(r.outcome).toBe("met");
  });
});
