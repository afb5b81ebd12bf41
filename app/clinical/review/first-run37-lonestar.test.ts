/**
 * Classes from the first run of the blind set lonestar-tx (issue 21), written here in other words:
 * 1. a test requirement with a further condition of the patient ("one stimulation test below N in a
 *    child with a documented pituitary lesion") is the test AND that condition, which a reviewer
 *    judges: the test's value alone never meets it (an incomplete request was approved on one test);
 * 2. a combination rule limited to one use ("not combined with another agent of the class for
 *    preventive treatment") does not reach a concurrent drug documented only for the other use
 *    ("as needed for acute attacks"): an approvable request was denied;
 * 3. a number followed by "or more" / "or less" ("4 or more headache days per month? [X] Yes") is a
 *    form question's threshold, never the measured value.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { extractCaseFacts } from "../extract/extract-case";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-11-20";
const P = { drugNames: ["atogepant"] };
const parse = (s: string) => parseCriterion(s, "", P);
const judge = (policy: string | Criterion, notes: string) =>
  evaluateCriterion(
    typeof policy === "string" ? parse(policy) : policy,
    evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["atogepant"] }),
    "criterion",
    { conditions: [], icd10: [] },
  );

describe("a test required together with a condition of the patient", () => {
  const withLesion =
    "A single growth hormone stimulation test with a peak below 7 ng/mL for a child with a documented pituitary lesion on imaging (e.g., stalk thickening) or a second pituitary hormone deficiency";
  it("reads the condition as a further item for a reviewer, not as part of the test", () => {
    const c = parse(withLesion);
    expect(c.kind).toBe("all");
    const items = (c as Extract<Criterion, { kind: "all" }>).items;
    expect(items.map((i) => i.kind)).toEqual(["test_result", "human_review"]);
    expect(items[1].text).toMatch(/^for a child with a documented pituitary lesion on imaging \(e\.g\., stalk thickening\)/);
  });
  it("is never met by the test's value alone", () => {
    const notes = "Growth hormone stimulation test (clonidine) 10/02/2026: peak GH 3.8 ng/mL. Pituitary MRI normal.";
    expect(judge(withLesion, notes).outcome).not.toBe("met");
  });
  it("leaves a test requirement without such a condition as it was", () => {
    expect(parse("Two growth hormone stimulation tests on separate days, each with a peak below 7 ng/mL").kind).toBe("test_result");
  });
});

describe("a combination rule limited to one use", () => {
  const rule =
    "The requested drug will not be used in combination with another CGRP antagonist for the preventive treatment of migraine (erenumab, galcanezumab, ubrogepant)";
  it("does not reach a concurrent drug documented only as needed for acute attacks", () => {
    const ev = judge(rule, "Ubrogepant 100 mg 09/2026 - current, as needed at onset of an attack only; continuing.");
    expect(ev.outcome).toBe("met");
    expect(ev.reason).toMatch(/acute use/);
  });
  it("still fails on a concurrent drug taken for prevention", () => {
    expect(judge(rule, "Current medications: galcanezumab 120 mg monthly injection for migraine prevention, continuing.").outcome).toBe("not_met");
  });
  it("a rule that names no use applies as written", () => {
    const plain = "The requested drug will not be used in combination with another CGRP antagonist (erenumab, galcanezumab, ubrogepant)";
    expect(judge(plain, "Ubrogepant 100 mg 09/2026 - current, as needed at onset of an attack only; continuing.").outcome).toBe("not_met");
  });
});

describe("a number followed by 'or more' is a threshold, not a value", () => {
  it("reads the diary's value and not the form question's threshold on the next line", () => {
    const idx = buildCaseIndex(
      docFromPages(["Headache log (Jul - Sep) 10/30/2026 11, 12 migraine days / month\n6 or more migraine days per month? [X] Yes [ ] No"]),
      DAY,
    );
    const values = measureValues(idx, measureByName("migraine days per month")!).map((v) => v.value);
    expect(values).not.toContain(6);
    expect(values).toContain(12);
  });
});

describe("a condition written before the test says whom it applies to", () => {
  it("is not made a further requirement", () => {
    const c = parse("For members who can become pregnant, a negative pregnancy test within 14 days (not required after menopause).");
    expect(JSON.stringify(c)).not.toContain("human_review");
  });
});

describe("values written as charts write them", () => {
  const values = (text: string, measure: string) => measureValues(buildCaseIndex(docFromPages([text]), DAY), measureByName(measure)!).map((v) => v.value);
  it("reads a bare 'peak' in a stimulation test's own clause, past the time course's decimals", () => {
    const text = "Clonidine stimulation test 08/04/2026: GH 0.2 / 1.9 / 5.4 / 3.0 ng/mL at 0 / 30 / 60 / 90 min, peak 5.4 ng/mL.";
    expect(values(text, "peak GH")).toEqual([5.4]);
  });
  it("does not read a peak flow as a growth hormone peak", () => {
    expect(values("Asthma follow-up: peak flow 310 L/min, GH not tested.", "peak GH")).toEqual([]);
  });
  it("reads a height SD score after the 'ht' abbreviation", () => {
    expect(values("8y girl, ht 118.4 cm (-2.3 SDS), wt 21 kg.", "height SDS")).toEqual([-2.3]);
  });
});

describe("the patient of an EHR printout's banner", () => {
  const patient = (text: string) => extractCaseFacts(docFromPages([text]), { formulary: [], roster: [], knownDrugNames: [] }).patient;
  it("reads 'LAST, FIRST' over a line with the date of birth beside the sex", () => {
    const p = patient(
      "11/20/2026 09:10 (512) 555-0101 Hill Country Pediatrics -> PLAN PA P.001/001\nBRANDT, SOPHIE   PCP: Ana Ruiz, MD\n04/02/2014 (F) MRN 448120 Coverage: Medicaid ID 611203948\nProgress Notes - Pediatrics\nSophie returns for follow-up.",
    );
    expect(p).toMatchObject({ first_name: "Sophie", last_name: "Brandt", birth_date: "2014-04-02" });
  });
  it("never reads a provider's 'Last, First MD' line as the patient", () => {
    const p = patient("Ruiz, Ana MD   Pediatrics\n04/02/2014 visit\nNotes follow.");
    expect(p.last_name).not.toBe("Ruiz");
  });
});
