/**
 * Classes of reading that left approvable requests pended across the blind PA sets (pend39):
 * 1. "has not received / progressed on a prior X" is met by a statement of absence that covers X by
 *    one of X's own classes ("no prior systemic therapy" covers an anticancer drug named by the policy),
 *    and by a form's question on earlier use answered "No" ("Prior X (brand, brand)? No.") — never by a
 *    question about how an earlier course went ("Progression on prior X? No");
 * 2. a requirement limited to premenopausal or perimenopausal women does not apply to a member the
 *    request documents as postmenopausal, nor to a male member;
 * 3. an exclusion that names the covered condition itself is decided by its qualifier's evidence: an
 *    earlier course of named drugs the request states never happened ("treatment-naive"), or the findings
 *    that set the excluded form apart mentioned only to be denied ("no seizures / psychosis");
 * 4. a list of alternatives with a titer ("ANA titer of 1:80 or higher, or anti-dsDNA ...") is met by a
 *    stated titer of the named antibody that reaches the dilution (a reference range is not the result);
 * 5. HER2 status is read from an IHC score written beside it (0 / 1+ negative, 3+ positive, 2+ nothing);
 * 6. "will be used in combination with <partner>" is met by a regimen joining the partner and the requested
 *    drug even with the partner's dose between them, and an exclusion of concurrent use read as words is
 *    judged on an ongoing course of a drug it names, never on the names being written;
 * 7. an exclusion "in a patient who has not received <kind of treatment> (<kind>-naive)" does not apply
 *    when the request records an earlier course of that kind (stopped, or taken 4 weeks or more), never
 *    on a partner ordered to start with the requested drug; aromatase inhibitors, tamoxifen and
 *    fulvestrant are endocrine therapy.
 * Texts are invented in the style of payer documents and clinic notes.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { markerFindings } from "../evidence/biomarkers";
import { classesOfDrug } from "../vocabulary/drugs";
import { evalContext, evaluateCriterion, titerAlternativeMet } from "./evaluate";
import type { CaseFacts, Criterion } from "../contracts";

const DAY = "2026-11-18";
const ctxOf = (text: string, facts: CaseFacts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts, requestDate: DAY, requestedNames: ["Examplafib"] });

const noPrior = (drugs: string[], classes: string[] = [], text = "Patient has not had disease progression on a prior kinase inhibitor."): Criterion => ({
  kind: "prior_therapy",
  text,
  confidence: "high",
  drugs,
  classes,
  excluded_drugs: [],
  min_days: null,
  count: 1,
  different_classes: false,
  all_classes: false,
  allow_intolerance: true,
  allow_contraindication: false,
  require_intolerance: false,
  absent: true,
});

describe("no prior therapy", () => {
  it("'no prior systemic therapy' covers an anticancer drug the policy names", () => {
    const r = evaluateCriterion(noPrior(["ribociclib", "abemaciclib"]), ctxOf("De novo metastatic disease. No prior systemic therapy for this cancer."));
    expect(r.outcome).toBe("met");
  });

  it("a statement naming what the earlier treatment was not is no statement about the drug", () => {
    expect(evaluateCriterion(noPrior(["ribociclib"]), ctxOf("No prior treatment with radiation to the spine.")).outcome).not.toBe("met");
  });

  it("a form's question on earlier use answered No states the absence", () => {
    const r = evaluateCriterion(noPrior(["ribociclib", "abemaciclib"]), ctxOf("Prior CDK4/6 inhibitor (Kisqali, Verzenio)? No."));
    expect(r.outcome).toBe("met");
    expect(evaluateCriterion(noPrior(["adalimumab"], ["TNF inhibitor"]), ctxOf("Previous TNF inhibitor: None")).outcome).toBe("met");
  });

  it("never reads a Yes, or a question about how a course went, as absence", () => {
    expect(evaluateCriterion(noPrior(["ribociclib"]), ctxOf("Prior CDK4/6 inhibitor (Kisqali)? Yes, 2024-2025.")).outcome).not.toBe("met");
    expect(evaluateCriterion(noPrior(["ribociclib"]), ctxOf("Progression on prior Kisqali? No.")).outcome).not.toBe("met");
  });
});

describe("a requirement for premenopausal women", () => {
  const REQ: Criterion = {
    kind: "documentation",
    text: "premenopausal or perimenopausal women must also receive ovarian suppression",
    confidence: "medium",
    concepts: [["premenopausal"], ["ovarian", "suppression"]],
    absence: false,
  };

  it("does not apply to a member documented postmenopausal", () => {
    expect(evaluateCriterion(REQ, ctxOf("68-year-old woman, postmenopausal since 2009. Letrozole daily.")).outcome).toBe("met");
  });

  it("does not apply to a male member", () => {
    const facts = emptyFacts();
    facts.patient.gender = "male";
    expect(evaluateCriterion(REQ, ctxOf("Male breast cancer, ER positive.", facts)).outcome).toBe("met");
  });

  it("is judged as written for a premenopausal member", () => {
    expect(evaluateCriterion(REQ, ctxOf("41-year-old woman, regular menses, LMP 10/30/2026. Letrozole daily.")).outcome).not.toBe("met");
  });
});

describe("an exclusion naming the covered condition, decided by its qualifier", () => {
  const HCV = emptyFacts({ diagnoses: [{ code: "B18.2", description: "Chronic viral hepatitis C", primary: true, citations: [] }] });
  const covered = { conditions: ["chronic hepatitis c"], icd10: ["B18.2"] };
  const failure: Criterion = {
    kind: "excluded_use",
    text: "Chronic hepatitis C with virologic failure after a regimen containing an NS5A inhibitor (ledipasvir, pibrentasvir).",
    confidence: "high",
    conditions: ["chronic hepatitis c"],
    icd10: ["B18"],
    phrases: [],
    unless_conditions: [],
    unless_icd10: [],
  };

  it("an earlier course stated never to have happened: does not apply", () => {
    expect(evaluateCriterion(failure, ctxOf("Genotype 1a, no cirrhosis. Treatment-naive.", HCV), "exclusion", covered).outcome).toBe("not_met");
  });

  it("left open when the request is silent or records the course", () => {
    expect(evaluateCriterion(failure, ctxOf("Genotype 1a, no cirrhosis.", HCV), "exclusion", covered).outcome).toBe("insufficient");
    expect(evaluateCriterion(failure, ctxOf("Relapse after ledipasvir/sofosbuvir in 2021.", HCV), "exclusion", covered).outcome).toBe("insufficient");
  });

  const SLE = emptyFacts({ diagnoses: [{ code: "M32.10", description: "Systemic lupus erythematosus", primary: true, citations: [] }] });
  const lupus = { conditions: ["systemic lupus erythematosus"], icd10: ["M32"] };
  const cns: Criterion = {
    kind: "excluded_use",
    text: "Severe active central nervous system lupus (seizures, psychosis or cerebritis within the past 60 days).",
    confidence: "high",
    conditions: ["systemic lupus erythematosus"],
    icd10: ["M32"],
    phrases: [],
    unless_conditions: [],
    unless_icd10: [],
  };

  it("findings mentioned only to be denied: does not apply", () => {
    expect(evaluateCriterion(cns, ctxOf("Active SLE with arthritis and rash. No seizures or psychosis.", SLE), "exclusion", lupus).outcome).toBe("not_met");
  });

  it("a finding affirmed, or none mentioned: left to a reviewer", () => {
    expect(evaluateCriterion(cns, ctxOf("Active SLE. Seizure on 10/02/2026; no psychosis.", SLE), "exclusion", lupus).outcome).toBe("insufficient");
    expect(evaluateCriterion(cns, ctxOf("Active SLE with arthritis and rash.", SLE), "exclusion", lupus).outcome).toBe("insufficient");
  });
});

describe("a titer alternative", () => {
  const REQ = "Autoantibody positive: antinuclear antibody (ANA) by IFA titer of 1:80 or higher, or anti-dsDNA 30 IU/mL or higher.";

  it("is met by a stated titer that reaches the dilution, past a reference range", () => {
    expect(titerAlternativeMet(REQ, ctxOf("ANA 1:320 speckled (IFA) 05/02/2026"))?.outcome).toBe("met");
    expect(titerAlternativeMet(REQ, ctxOf("ANA titer (IFA) (<1:40) 1:160 H"))?.outcome).toBe("met");
  });

  it("is never met by a lower titer, a reference range alone, or a conjunction", () => {
    expect(titerAlternativeMet(REQ, ctxOf("ANA 1:40 (IFA)"))).toBeNull();
    expect(titerAlternativeMet(REQ, ctxOf("ANA pending (ref <1:80)"))).toBeNull();
    expect(titerAlternativeMet("ANA (ANA) titer of 1:80 or higher and anti-dsDNA 30 IU/mL or higher", ctxOf("ANA 1:320"))).toBeNull();
  });
});

describe("HER2 from an IHC score", () => {
  const her2 = (t: string) => markerFindings(buildCaseIndex(docFromPages([t]), DAY), "HER2").map((f) => f.status);
  it("reads 0 and 1+ as negative, 3+ as positive", () => {
    expect(her2("HER2 (IHC, clone 4B5) 0")).toEqual(["negative"]);
    expect(her2("HER2 IHC 1+")).toEqual(["negative"]);
    expect(her2("HER2: 3+")).toEqual(["positive"]);
  });
  it("reads nothing from 2+, a range, or a score an ISH result settles", () => {
    expect(her2("HER2 2+ (equivocal)")).toEqual([]);
    expect(her2("HER2 1+ to 2+")).toEqual([]);
    expect(her2("HER2 IHC 1+; FISH amplified")).toEqual([]);
  });
});

describe("a partner started with the requested drug", () => {
  const WITH: Criterion = {
    kind: "current_therapy",
    text: "The medication will be used in combination with fulvestrant.",
    confidence: "high",
    drugs: ["fulvestrant"],
    classes: [],
  };
  it("is met by a regimen joining the two, the partner's dose between them", () => {
    expect(evaluateCriterion(WITH, ctxOf("Plan: start fulvestrant 500 mg days 1, 15, 29 then monthly + examplafib 400 mg BID.")).outcome).toBe("met");
  });
  it("is never met by a course that ended", () => {
    expect(evaluateCriterion(WITH, ctxOf("Fulvestrant 500 mg was stopped in 2024 and examplafib is requested.")).outcome).not.toBe("met");
  });
});

describe("an exclusion of concurrent use read as words", () => {
  const EX: Criterion = {
    kind: "documentation",
    text: "Concurrent use with another kinase inhibitor (ribociclib, abemaciclib).",
    confidence: "medium",
    concepts: [["ribociclib"], ["abemaciclib"], ["concurrent", "kinase", "inhibitor"]],
    absence: false,
  };
  it("does not apply when a named drug is only considered, not taken", () => {
    expect(evaluateCriterion(EX, ctxOf("Ribociclib considered, not started (neutropenia risk)."), "exclusion").outcome).toBe("not_met");
  });
  it("is not cleared on an ongoing course", () => {
    expect(evaluateCriterion(EX, ctxOf("Current medications: ribociclib 600 mg daily days 1-21 since 03/2026, continuing."), "exclusion").outcome).not.toBe(
      "not_met",
    );
  });
});

describe("an exclusion for members who never had a kind of treatment", () => {
  const EX: Criterion = {
    kind: "documentation",
    text: "Use as first endocrine-based therapy for metastatic disease in a patient who has not received endocrine therapy (endocrine-naive).",
    confidence: "medium",
    concepts: [["endocrine-naive"], ["first", "endocrine-based", "metastatic"]],
    absence: false,
  };
  it("knows the endocrine therapies", () => {
    expect(classesOfDrug("letrozole")).toEqual(expect.arrayContaining(["aromatase inhibitor", "endocrine therapy"]));
    expect(classesOfDrug("fulvestrant")).toContain("endocrine therapy");
  });
  it("does not apply when an earlier course is recorded", () => {
    const r = evaluateCriterion(EX, ctxOf("First-line anastrozole 1 mg daily 03/2024 - 10/2026, stopped for progression in the liver."), "exclusion");
    expect(r.outcome).toBe("not_met");
  });
  it("is not cleared by a partner ordered to start with the requested drug", () => {
    const r = evaluateCriterion(EX, ctxOf("De novo metastatic disease, endocrine-naive. Fulvestrant 500 mg loading ordered for 11/24/2026."), "exclusion");
    expect(r.outcome).not.toBe("not_met");
  });
});
