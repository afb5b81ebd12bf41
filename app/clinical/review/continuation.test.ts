/**
 * Continuation (reauthorization) requests, as a class: a request that says it continues therapy is
 * judged by the policy's continuation criteria (current use, positive response, no combination),
 * never denied on initial-therapy criteria that its current, treated values no longer show; a
 * request that does not say so is judged as an initial request exactly as before.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { continuationRequest, currentUseShown, responseShown } from "../evidence/continuation";
import { generateDecisionTree } from "../policy/compile-tree";
import { readPolicy } from "../policy/read-policy";
import { docFromPages } from "../testing";
import { decideText, dx } from "./test-cases";

const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2026-10-01");

describe("reading whether a request continues therapy", () => {
  it("a checked continuation box, a request-type value or a sentence asking for continued coverage", () => {
    expect(continuationRequest(idx("[ ] New start [X] Continuation of therapy / reauthorization"))?.text).toMatch(/continuation/i);
    expect(continuationRequest(idx("Request type: Renewal"))).not.toBeNull();
    expect(continuationRequest(idx("I am requesting continued coverage of Entyvio 300 mg IV every 8 weeks."))).not.toBeNull();
    expect(continuationRequest(idx("Plan: continue 300 mg q8w.\nReauthorization submitted."))).not.toBeNull();
  });

  it("never from an unchecked box, a checked initial box, a list of options, or a negation", () => {
    expect(continuationRequest(idx("[X] New start [ ] Continuation of therapy / reauthorization"))).toBeNull();
    expect(continuationRequest(idx("[ ] Initial [ ] Renewal"))).toBeNull();
    expect(continuationRequest(idx("[ INew start [ 1Continuation of therapy"))).toBeNull();
    expect(continuationRequest(idx("Request type: Initial / Renewal"))).toBeNull();
    expect(continuationRequest(idx("This is not a renewal request; the patient has never received the drug."))).toBeNull();
    expect(continuationRequest(idx("Plan to start Examplo after methotrexate failure."))).toBeNull();
  });

  it("current use of the requested drug and a positive response, quoted; failures of other drugs are no response", () => {
    const names = ["examplo"];
    expect(currentUseShown(idx("Examplo 300 mg SC q4w 04/06/2026 - present BSA 18% -> 2%"), names)?.citation.text).toMatch(/Examplo 300 mg/);
    expect(currentUseShown(idx("Is the patient currently receiving the requested drug? [X] Yes [ ] No"), names)).not.toBeNull();
    expect(currentUseShown(idx("Examplo was never started."), names)).toBeNull();
    expect(responseShown(idx("Examplo 300 mg 04/2026 - present BSA 18% -> 2%"), names)?.text).toMatch(/BSA 18% -> 2/);
    expect(responseShown(idx("Migraine days 12 -> 4 per month on Examplo"), names)).not.toBeNull();
    expect(responseShown(idx("Left-sided UC in clinical remission on examplo."), names)).not.toBeNull();
    expect(responseShown(idx("Has the patient had an inadequate response to >= 90 days of an oral antibiotic? [X] Yes [ ] No"), names)).toBeNull();
    expect(responseShown(idx("Methotrexate 15 mg weekly: inadequate response."), names)).toBeNull();
    expect(responseShown(idx("BSA 12% -> 18% despite examplo"), names)).toBeNull();
    expect(responseShown(idx("No clinical response to examplo after 16 weeks."), names)).toBeNull();
    // an ePA printout: the question, then its answer on the next line
    expect(
      responseShown(idx("Question 2: Has the patient experienced a positive clinical response?\nAnswer: Yes. ACT 13 at baseline, 22 now."), names)?.text,
    ).toMatch(/Answer: Yes/);
    expect(responseShown(idx("Question 2: Has the patient experienced a positive clinical response?\nAnswer: No."), names)).toBeNull();
  });
});

describe("continuation requests against a policy with continuation criteria", () => {
  const policy = [
    "Examplo Clinical Policy",
    "I. Initial Approval Criteria",
    "A. Plaque Psoriasis (must meet all):",
    "1. Diagnosis of plaque psoriasis;",
    "2. Psoriasis involving at least 10% of body surface area (BSA);",
    "3. Negative tuberculosis test within the past 12 months;",
    "Approval duration: 6 months",
    "II. Continued Therapy",
    "A. All Indications in Section I (must meet all):",
    "1. Currently receiving medication via the plan benefit or documentation of use;",
    "2. Member is responding positively to therapy;",
    "3. Examplo is not prescribed concurrently with another biologic;",
    "Approval duration: 12 months",
  ].join("\n");
  const tree = generateDecisionTree(docFromPages([policy]), { drug_names: ["Examplo"] });
  const over = { diagnoses: [dx("L40.0", "plaque psoriasis")] };
  const fax = (requestType: string, body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 10/01/2026",
      "Medication: Examplo 300 mg SC every 4 weeks",
      requestType,
      "Diagnosis: L40.0 plaque psoriasis",
      body,
    ].join("\n");

  it("the policy's continued-therapy section is read as continuation criteria, not as initial ones", () => {
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
    expect(m.indications[0].criteria.map((c) => c.kind)).not.toContain("on_therapy");
    expect(m.indications[0].continuation?.criteria.map((c) => c.kind)).toEqual(["on_therapy", "response", "no_concurrent"]);
    expect(m.indications[0].continuation?.duration).toBe("12 months");
  });

  it("approved on the continuation path when current use and response are documented, though today's BSA is under the initial threshold", () => {
    const { decision, review } = decideText(
      tree,
      fax("[ ] New start [X] Continuation of therapy / reauthorization", "Examplo 300 mg SC q4w 04/06/2026 - present. BSA 18% -> 2% after 6 months."),
      over,
    );
    expect(decision.final_decision).toBe("approved");
    expect(review.paths.map((p) => p.title)).toEqual(["Plaque Psoriasis / Continuation of therapy"]);
    expect(review.paths[0].criteria.every((c) => c.outcome === "met" && c.citations.length > 0)).toBe(true);
  });

  it("a continuation request without a documented response needs more information, never a denial on initial criteria", () => {
    const { decision } = decideText(tree, fax("[X] Continuation of therapy", "Examplo 300 mg SC q4w since 04/06/2026. Current BSA 2%."), over);
    expect(decision.final_decision).toBe("needs_more_information");
  });

  it("a continuation request with an ongoing second biologic is denied on that clear, quoted failure", () => {
    const { decision } = decideText(
      tree,
      fax(
        "[X] Continuation of therapy",
        "Examplo 300 mg SC q4w 04/06/2026 - present. BSA 18% -> 2%.\nCurrent medications: adalimumab 40 mg every other week, ongoing.",
      ),
      over,
    );
    expect(["denied", "needs_more_information"]).toContain(decision.final_decision);
    expect(decision.final_decision).not.toBe("approved");
  });

  it("a request marked new start is judged by the initial criteria, as before (BSA 2% fails the 10% threshold)", () => {
    const { decision, review } = decideText(tree, fax("[X] New start [ ] Continuation of therapy", "BSA 2%. QuantiFERON negative 09/01/2026."), over);
    expect(review.paths.map((p) => p.title)).toEqual(["Plaque Psoriasis"]);
    expect(decision.final_decision).not.toBe("approved");
  });
});

describe("a continuation's dose-increase condition", () => {
  it("'If request is for a dose increase, new dose does not exceed the maximum listed in Section I' is a dose ceiling, not an unreadable passage", () => {
    const m = readPolicy(
      docFromPages([
        [
          "I. Initial Approval Criteria",
          "A. Plaque Psoriasis (must meet all):",
          "1. Diagnosis of plaque psoriasis;",
          "Approval duration: 6 months",
          "II. Continued Therapy",
          "A. All Indications in Section I (must meet all):",
          "1. Member is responding positively to therapy;",
          "2. If request is for a dose increase, new dose does not exceed the maximum listed in Section I.",
        ].join("\n"),
      ]),
      { drug_names: ["Examplo"] },
    );
    expect(m.indications[0].continuation?.criteria.map((c) => c.kind)).toEqual(["response", "dose_limit"]);
  });
});

describe("a Part D table's 'Renewal requires …' row", () => {
  it("is read as the continuation criterion of every indication, and an A1c that fell is the response it asks for", () => {
    const policy = [
      "Examplo Prior Authorization Criteria",
      "Covered Uses: All FDA-approved indications not otherwise excluded.",
      "Exclusion Criteria: Use for weight loss alone.",
      "Required Medical Information: Diagnosis of type 2 diabetes mellitus; A1c of 7.0% or greater.",
      "Age Restrictions: 18 years of age or older.",
      "Prescriber Restrictions: None.",
      "Coverage Duration: Initial approval 12 months. Renewal 12 months.",
      "Other Criteria: Renewal requires documentation of a reduction in A1c from baseline or maintenance of A1c at the patient's individualized goal while on therapy. Quantity limit: 4 pens per 28 days.",
    ].join("\n");
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplo"] });
    expect(m.indications.length).toBeGreaterThan(0);
    for (const ind of m.indications) expect(ind.continuation?.criteria.map((c) => c.kind)).toEqual(["response"]);
    expect(m.indications[0].criteria.map((c) => c.kind)).not.toContain("response");
    expect(responseShown(idx("A1c 8.4% -> 6.9% on Examplo"), ["examplo"])?.text).toMatch(/A1c 8.4% -> 6.9/);
    expect(responseShown(idx("A1c 6.9% -> 8.4% on Examplo"), ["examplo"])).toBeNull();
  });
});

describe("a continuation question is a statement only when answered yes", () => {
  it("reads 'Is this request for continuation of therapy …? N' as an initial request", () => {
    expect(continuationRequest(idx("Q1000 Is this request for continuation of therapy previously approved by the N\nplan?"))).toBeNull();
    expect(continuationRequest(idx("Q1000 Is this request for continuation of therapy previously approved by the plan? Y"))).not.toBeNull();
  });
});
