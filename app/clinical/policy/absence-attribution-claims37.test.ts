/**
 * Four reading rules of procedure policies (issue 22, claims37). Wording is invented here:
 * 1. an existential negative ("there is no untreated myelopathy or spinal instability, and no other
 *    lesion that would explain the symptoms") is an absence requirement like a leading "no": met by the
 *    record's negation or silence, but left to a reviewer when the record writes one of its conditions
 *    as still open ("MRI to r/o myelopathy", "possible instability") or plainly (a loose word never
 *    fails it);
 * 2. "the clinical assessment implicates <structure> as the putative source of <symptom>" is documented
 *    by the structure with the symptom attributed to it or a positive finding on it, never by the
 *    policy's framing words ("clinical assessment", "implicates", "putative");
 * 3. a requirement opening with how long a symptom has lasted ("pain present for at least 6 months with
 *    failure of … (at least 3 weeks of NSAIDs)") takes the trial's own duration, never the symptom's;
 * 4. a sentence that says it states no condition of coverage ("… are recommended; they are not conditions
 *    of coverage") is no requirement.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, trialDurationAfterSymptom, withoutAdvisorySentences } from "./parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "../review/evaluate";

const DAY = "2026-11-20";
const ctxFor = (notes: string) =>
  evalContext({
    idx: buildCaseIndex(docFromPages([notes]), DAY),
    facts: emptyFacts(),
    requestDate: DAY,
    requestedNames: [],
  });
const parse = (t: string) => parseCriterion(t, "", { drugNames: ["procedure"] });

describe("an existential negative is an absence requirement", () => {
  const spec = parse(
    "there is no untreated myelopathy or spinal instability (except instability already fused), and no other lesion that would explain the symptoms (abscess, neoplasm).",
  );

  it("is read as an absence", () => {
    expect(spec).toMatchObject({ kind: "documentation", absence: true });
  });

  it("is met when the record negates the conditions", () => {
    const e = evaluateCriterion(spec, ctxFor("Exam 10/02/2026: gait normal, no myelopathy, no spinal instability on flexion-extension films."));
    expect(e.outcome).toBe("met");
  });

  it("is met by silence", () => {
    expect(evaluateCriterion(spec, ctxFor("Exam 10/02/2026: paraspinal tenderness, full strength.")).outcome).toBe("met");
  });

  it("goes to a reviewer when a condition is still being ruled out, never fails", () => {
    const e = evaluateCriterion(spec, ctxFor("Exam 10/02/2026: hyperreflexia; MRI cervical spine scheduled to r/o myelopathy."));
    expect(e.outcome).toBe("insufficient");
    expect(e.reason).toMatch(/not yet settled/);
  });

  it("goes to a reviewer when a condition is written as present", () => {
    const e = evaluateCriterion(spec, ctxFor("Assessment: cervical spondylosis with early myelopathy (C5-6)."));
    expect(e.outcome).toBe("insufficient");
  });

  it("leaves a requirement with a positive clause a fact to document", () => {
    const s = parse("there is no fracture and the pain has been present for at least 3 months");
    expect(s).toMatchObject({ absence: false });
  });
});

describe("the structure a clinical assessment implicates as the source of a symptom", () => {
  const spec = parse("the clinical assessment implicates the sacroiliac joint as the putative source of the pain");

  it("is read as the structure with the symptom or a positive finding, not the framing words", () => {
    expect(spec).toMatchObject({ kind: "documentation" });
    const concepts = (spec as { concepts: string[][] }).concepts;
    expect(concepts[0]).toEqual(["sacroiliac", "pain"]);
    expect(concepts.flat()).not.toContain("implicates");
    expect(concepts.flat()).not.toContain("putative");
  });

  it("is documented by a positive finding on the structure", () => {
    expect(evaluateCriterion(spec, ctxFor("Exam: sacroiliac tenderness on the right, positive FABER and thigh thrust.")).outcome).toBe("met");
  });

  it("is documented by the symptom attributed to the structure", () => {
    expect(evaluateCriterion(spec, ctxFor("Impression: right sacroiliac-mediated low back pain.")).outcome).toBe("met");
  });

  it("is not documented by the structure's name alone", () => {
    expect(evaluateCriterion(spec, ctxFor("Plan: right sacroiliac joint injection under fluoroscopy.")).outcome).toBe("insufficient");
  });
});

describe("a symptom's duration is not the trial's", () => {
  it("reads the trial duration stated after the symptom's", () => {
    expect(
      trialDurationAfterSymptom("symptoms persisting for at least 6 months despite documented conservative care (at least 6 weeks of physical therapy)"),
    ).toBe(42);
    const spec = parse(
      "pain present for at least 6 months with documented failure to respond to conservative management (at least 3 weeks of NSAIDs, and physical therapy)",
    );
    expect(spec).toMatchObject({ kind: "prior_therapy", min_days: 21 });
  });

  it("leaves a requirement without a symptom duration as it was", () => {
    expect(trialDurationAfterSymptom("failure of at least 8 weeks of NSAIDs")).toBeNull();
    expect(parse("failure of at least 8 weeks of NSAIDs")).toMatchObject({ kind: "prior_therapy", min_days: 56 });
  });
});

describe("a sentence that says it is no condition of coverage", () => {
  it("is dropped from the requirement it is printed with", () => {
    const t =
      "Tuberculosis screening with an interferon-gamma release assay must be performed before the first dose. Lipid testing and a dental review are recommended before the first dose; they are not conditions of coverage.";
    expect(withoutAdvisorySentences(t)).toBe("Tuberculosis screening with an interferon-gamma release assay must be performed before the first dose.");
    const spec = parse(t);
    expect(spec.kind).not.toBe("all");
    expect(spec.text).not.toMatch(/conditions of coverage/);
  });

  it("leaves a requirement alone when nothing else would be left, or when it says no such thing", () => {
    expect(withoutAdvisorySentences("Baseline imaging is not a requirement for coverage.")).toBe("Baseline imaging is not a requirement for coverage.");
    expect(withoutAdvisorySentences("A negative pregnancy test is required.")).toBe("A negative pregnancy test is required.");
  });
});
