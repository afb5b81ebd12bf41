/**
 * Claims round 38: OR lists and excluded services on medical-policy service lines.
 *
 * - A requirement written as a list of alternatives after a colon and closed by "or", whose threshold
 *   on a measured value belongs to one alternative only ("…: reduced urine output, flank pain, or a
 *   raised marker (above 2.0 mg/dL)"), is met by another alternative the request writes; the
 *   unreadable (uncompared) threshold alternative no longer discards the whole list. An alternative
 *   written only negated, an "and" list, or silence still leave it open.
 * - An exclusion of a service qualified by an absence ("Routine monitoring of X … without growth on
 *   the last study") does not apply to a request the record never shows to be that service (the word
 *   naming it is nowhere in the request); a request that names it keeps the exclusion open for a
 *   reviewer, as before.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { keyConcepts, parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import type { Criterion } from "../contracts";
import { evalContext, evaluateCriterion, excludedSubject, listedAlternatives } from "./evaluate";

const DAY = "2026-07-14";
const ctxOf = (notes: string) =>
  evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["76999"] });
const documentation = (text: string): Criterion => ({
  kind: "documentation",
  text,
  concepts: keyConcepts(text),
  absence: false,
  confidence: "medium",
  passage: null,
});
const judge = (c: Criterion, notes: string, role: "criterion" | "exclusion" = "criterion") =>
  evaluateCriterion(c, ctxOf(notes), role, { conditions: [], icd10: [] });

describe("an OR list whose threshold belongs to one alternative", () => {
  const RULE = "Findings that point to obstruction of the kidney: reduced urine output, flank pain, visible hematuria, or a raised marker (above 2.0 mg/dL).";

  it("splits the list after its colon, keeping a parenthesis with its alternative", () => {
    expect(listedAlternatives(RULE)).toEqual(["reduced urine output", "flank pain", "visible hematuria", "a raised marker (above 2.0 mg/dL)"]);
    expect(listedAlternatives("Findings that point to obstruction: reduced urine output, flank pain, and visible hematuria.")).toBeNull();
    expect(listedAlternatives("ALL of the following: reduced urine output, flank pain, or visible hematuria.")).toBeNull();
    expect(listedAlternatives("Reduced urine output or flank pain.")).toBeNull();
  });

  it("is met by another alternative the request writes, quoted", () => {
    const r = judge(documentation(RULE), "Clinic note 07/01/2026\nTwo weeks of left flank pain, worse at night. Urine dipstick clear.");
    expect(r.outcome).toBe("met");
    expect(r.citations.length).toBeGreaterThan(0);
    expect(r.reason).toMatch(/flank pain/);
  });

  it("stays open when that alternative is written only negated", () => {
    expect(judge(documentation(RULE), "Clinic note 07/01/2026\nNo flank pain. Marker elevated on the last panel.").outcome).toBe("insufficient");
  });

  it("stays open on silence", () => {
    expect(judge(documentation(RULE), "Clinic note 07/01/2026\nFollow-up of hypertension; blood pressure controlled.").outcome).toBe("insufficient");
  });

  it("never reads an 'and' list as alternatives (every part still needed)", () => {
    const all = "Findings that point to obstruction of the kidney: flank pain, visible hematuria, and a raised marker (above 2.0 mg/dL).";
    expect(judge(documentation(all), "Clinic note 07/01/2026\nTwo weeks of left flank pain with visible hematuria.").outcome).toBe("insufficient");
  });
});

describe("an excluded service qualified by an absence", () => {
  const EXCLUSION = "Routine monitoring of thyroid nodules at intervals shorter than 12 months without growth on the last study.";
  const spec = () => parseCriterion(EXCLUSION, "", { drugNames: ["76536"] });

  it("names the service before its absence", () => {
    expect(excludedSubject(EXCLUSION)).toBe("Routine monitoring of thyroid nodules at intervals shorter than 12 months");
    expect(excludedSubject("Routine pre-procedure screening in a member without known lung disease.")).toBe("Routine pre-procedure screening");
    expect(excludedSubject("No imaging without a referral.")).toBeNull();
  });

  it("does not apply when the request never shows that service", () => {
    const r = judge(spec(), "Clinic note 07/01/2026\nNew firm neck mass noticed by the patient 3 weeks ago. Ultrasound of the neck ordered.", "exclusion");
    expect(r.outcome).toBe("not_met");
  });

  it("stays open for a reviewer when the request names the service", () => {
    const r = judge(spec(), "Clinic note 07/01/2026\nUltrasound ordered for monitoring of the known nodule; last study 5 months ago.", "exclusion");
    expect(r.outcome).not.toBe("not_met");
  });
});
