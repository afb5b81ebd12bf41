/**
 * Classes of reading that left decidable requests pended across the blind PA sets (pend38):
 * 1. a condition's duration ("the current flare has lasted at least 6 months") is met by a duration the
 *    request states for the same subject: a start ("current flare since 02/2025", counted from the last
 *    day it can mean) or a length ("current flare 14 months"); "since 2019" for the disease never dates
 *    the current one, and a shorter duration stays a reviewer's question;
 * 2. interstitial lung disease is a family, idiopathic pulmonary fibrosis one member: an indication
 *    "fibrosing ILD other than IPF" never matches an IPF request, and "ILD" alone is never IPF;
 * 3. a thresholded test names its measure: "FVC of at least 40% of predicted, from pulmonary function
 *    testing" is compared with the FVC, never with the report's FEV1/FVC ratio (a wrongful denial);
 * 4. a prescriber's department written as its service ("Pulmonary & Critical Care Medicine", "Pulmonary
 *    Clinic") is the specialty;
 * 5. a cancer's extent ("locally advanced or metastatic disease") is documented by a secondary-neoplasm
 *    code (C77-C79) or an affirmed "metastatic", never by a negated one;
 * 6. a heading ("Other Uses with Supportive Evidence") printed after the last criterion is no part of it;
 * 7. "used in combination with <drug>" is met by a regimen joining the drug and the requested one;
 * 8. an "X-associated Y" indication is set apart by X: an IPF request is never an SSc-ILD request;
 * 9. "other known causes have been ruled out (for example exposures, CTD, drugs)" is met only when every
 *    cause the policy names is shown excluded.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { buildCaseIndex } from "../evidence/case-index";
import { requiredConditionDuration, judgeConditionDuration } from "./condition-duration";
import { extentAlternatives, judgeDiseaseExtent } from "./disease-extent";
import { combinationPartners, judgeCombinationPartner } from "./combination-partner";
import { causeCategories, judgeCausesExcluded } from "./causes-excluded";
import { indicationTerms } from "../policy/parse-criterion";
import { conditionAncestors } from "../vocabulary/conditions";
import { specialtiesNamedIn } from "../vocabulary/specialties";
import { isHeading } from "../policy/outline";
import { evalContext, evaluateCriterion } from "./evaluate";
import type { Criterion } from "../contracts";

const DAY = "2026-11-18";
const idxOf = (text: string) => buildCaseIndex(docFromPages([text]), DAY);

describe("a condition's duration is met by a stated duration", () => {
  const REQ = "Has the current flare of skin lesions lasted at least 6 months?";

  it("reads the requirement and its subject", () => {
    expect(requiredConditionDuration(REQ)).toEqual(expect.objectContaining({ minDays: 183, current: true, subject: expect.arrayContaining(["flare"]) }));
    expect(requiredConditionDuration("Patient has tried drug X for at least 3 months")).toBeNull();
  });

  it("meets it from a start written after the subject", () => {
    const j = judgeConditionDuration(REQ, idxOf("Vitiligo known since 2015; current flare since 02/2025 with new patches on both hands."));
    expect(j?.outcome).toBe("met");
    expect(j?.reason).toContain("02/2025");
  });

  it("meets it from a stated length", () => {
    expect(judgeConditionDuration(REQ, idxOf("Assessment: extensive disease, current flare 14 months, no scarring."))?.outcome).toBe("met");
  });

  it("never dates the current flare by the disease's start", () => {
    expect(judgeConditionDuration(REQ, idxOf("Vitiligo known since 2015. New patches this autumn."))).toBeNull();
  });

  it("leaves a shorter duration to a reviewer", () => {
    expect(judgeConditionDuration(REQ, idxOf("Current flare since 09/2026 after a viral illness."))?.outcome).toBe("insufficient");
  });

  it("never reads the form's own question as a duration", () => {
    expect(judgeConditionDuration(REQ, idxOf("4. Has the current flare of skin lesions lasted at least 6 months? [ ] Yes [ ] No"))).toBeNull();
  });
});

describe("interstitial lung disease and idiopathic pulmonary fibrosis", () => {
  it("an 'other than IPF' indication never names IPF", () => {
    expect(indicationTerms("Progressive Pulmonary Fibrosis (fibrosing ILD other than IPF)").conditions).toEqual(["progressive pulmonary fibrosis"]);
    expect(indicationTerms("Idiopathic Pulmonary Fibrosis").conditions).toEqual(["idiopathic pulmonary fibrosis"]);
  });

  it("IPF belongs to ILD, never the reverse", () => {
    expect(conditionAncestors("idiopathic pulmonary fibrosis")).toContain("interstitial lung disease");
    expect(conditionAncestors("interstitial lung disease")).not.toContain("idiopathic pulmonary fibrosis");
  });
});

describe("a thresholded test is compared on the measure the policy names", () => {
  it("an FVC threshold is never failed by the FEV1/FVC ratio", () => {
    const spec: Criterion = {
      kind: "test_result",
      text: "Forced vital capacity (FVC) of at least 45% of predicted, from pulmonary function testing within the 6 months before the request",
      confidence: "high",
      test: "spirometry",
      count: 1,
      result: "any",
      threshold: { op: ">=", value: 45, unit: "%" },
      within_days: 183,
    } as Criterion;
    const text = "PULMONARY FUNCTION TESTING (10/02/2026)\nFVC 2.40 L (61% predicted); FEV1/FVC 0.81; DLCO 52% predicted.";
    const ctx = evalContext({ idx: idxOf(text), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplafib"] });
    const r = evaluateCriterion(spec, ctx);
    expect(r.outcome).not.toBe("not_met");
  });
});

describe("a department written as its service is the specialty", () => {
  it("reads pulmonary departments and clinics", () => {
    expect(specialtiesNamedIn("Attending: J. Roe, MD (Pulmonary & Critical Care Medicine)")).toContain("pulmonologist");
    expect(specialtiesNamedIn("Harbor Pulmonary Clinic")).toContain("pulmonologist");
    expect(specialtiesNamedIn("Pulmonary embolism ruled out")).not.toContain("pulmonologist");
  });
});

describe("a cancer's extent", () => {
  const REQ = "Patient has locally advanced or metastatic disease";

  it("reads the alternatives", () => {
    expect(extentAlternatives(REQ)).toEqual([["locally advanced"], ["metastatic"]]);
    expect(extentAlternatives("Disease is advanced, metastatic, or recurrent and unresectable (not a candidate for curative treatment)")).toEqual([
      ["advanced"],
      ["metastatic"],
      ["recurrent", "unresectable"],
    ]);
    expect(extentAlternatives("An aromatase inhibitor as initial endocrine therapy for advanced disease")).toBeNull();
  });

  it("is met by a secondary-neoplasm code", () => {
    const facts = emptyFacts({ diagnoses: [{ code: "C78.01", description: "Secondary malignant neoplasm of right lung", primary: false, citations: [] }] });
    expect(judgeDiseaseExtent(REQ, idxOf("Colon adenocarcinoma, new lung nodules."), facts)?.outcome).toBe("met");
  });

  it("is met by an affirmed statement, never a negated one", () => {
    expect(judgeDiseaseExtent(REQ, idxOf("Biopsy of the iliac lesion: metastatic adenocarcinoma."), emptyFacts())?.outcome).toBe("met");
    expect(judgeDiseaseExtent(REQ, idxOf("Staging CT: no distant metastases. Stage IIA, resected."), emptyFacts())).toBeNull();
    expect(judgeDiseaseExtent(REQ, idxOf("Does the patient have metastatic disease? [ ] Yes [ ] No"), emptyFacts())).toBeNull();
  });
});

describe("a heading after the last criterion", () => {
  it("'Other Uses with Supportive Evidence' opens a section", () => {
    expect(isHeading("Other Uses with Supportive Evidence")).toBe(true);
  });
});

describe("a combination partner", () => {
  it("reads the partner of a combination requirement", () => {
    expect(combinationPartners("The medication will be used in combination with letrozole.", ["letrozole"])).toEqual(["letrozole"]);
    expect(combinationPartners("The medication will be used in combination with an aromatase inhibitor.", ["letrozole"])).toBeNull();
  });

  it("is met by a regimen joining the partner and the requested drug", () => {
    const req = "The medication will be used in combination with letrozole.";
    expect(judgeCombinationPartner(req, idxOf("Plan: letrozole + examplaciclib, 28-day cycles."), ["examplaciclib"], ["letrozole"])?.outcome).toBe("met");
    expect(judgeCombinationPartner(req, idxOf("Letrozole was stopped in 2024."), ["examplaciclib"], ["letrozole"])).toBeNull();
  });
});

describe("an associated disease sets an indication apart", () => {
  it("'Systemic sclerosis-associated interstitial lung disease' is the systemic sclerosis branch", () => {
    expect(indicationTerms("Systemic sclerosis-associated interstitial lung disease (SSc-ILD)").conditions).toEqual(["systemic sclerosis"]);
    expect(indicationTerms("Interstitial lung disease associated with systemic sclerosis").conditions).toEqual(["systemic sclerosis"]);
  });
});

describe("other causes excluded", () => {
  const REQ =
    "Other known causes of fibrotic lung disease have been ruled out (for example, household and workplace exposures, connective tissue disease, drug toxicity)";

  it("reads the cause categories", () => {
    expect(causeCategories(REQ)?.map((c) => c.name)).toEqual(["exposures", "connective tissue disease", "drugs"]);
    expect(causeCategories("Other causes have been ruled out (for example, infection, malignancy)")).toBeNull();
  });

  it("is met when every cause is shown excluded, read across a wrapped line", () => {
    const j = judgeCausesExcluded(REQ, idxOf("Consensus: IPF. Exposures,\nCTD serologies and drug history negative at diagnosis."), []);
    expect(j?.outcome).toBe("met");
  });

  it("is met by a named drug stated absent", () => {
    const text = "Exposure history: no birds or asbestos. No examplarone. CTD panel negative.";
    expect(judgeCausesExcluded(REQ, idxOf(text), ["examplarone"])?.outcome).toBe("met");
  });

  it("is never met when one cause is not addressed", () => {
    expect(judgeCausesExcluded(REQ, idxOf("Exposures: none. CTD serologies negative."), [])).toBeNull();
  });
});
