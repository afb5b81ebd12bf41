/**
 * renew39: renewal (continuation-of-therapy) requests read against the policy's renewal criteria.
 *
 * A. Reading the renewal criteria: a "Continuation (12 months) requires ALL of the following: (a) …;
 *    (b) …; (c) …" paragraph after an exclusion list is a renewal section of its own, its lettered items
 *    the requirements; a renewal table of several requirements is kept even with no use or response
 *    item; "has taken X for at least 10 of the past 12 months" is current use for that time;
 *    "Stabilization or response", "a clinical response since …" and "a decrease in … compared with …"
 *    are response requirements; a requirement of absences ("No progression: no stiffness above 20 kPa,
 *    no F4 biopsy, no decompensation") reads each "no" clause as the other side of the measure or a
 *    documented absence; "(criterion 5 above)" is the initial criterion 5; adherence is documentation of
 *    adherence, never the condition its words name.
 * B. The request's evidence: a response written "12.1 kPa, decreased from 13.6 kPa" / "gradient 24 mmHg,
 *    down from 82 mmHg"; a response statement after another clause's "without"; adherence from a PDC or
 *    on-time refills; a renewal asked for as "renew x 12 months" with the approval "(approved …) expires …".
 * C. Safety: a renewal whose response is not documented stays needs_more_information; a renewal is never
 *    denied on an absence requirement misread as a required finding.
 * Wording is invented.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { adherenceShown, continuationRequest, responseShown } from "../evidence/continuation";
import { generateDecisionTree } from "../policy/compile-tree";
import { letteredParts, readPolicy } from "../policy/read-policy";
import { docFromPages } from "../testing";
import type { Criterion } from "../contracts";
import { decideText } from "./test-cases";

const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2026-11-20");
const kinds = (cs: Criterion[]) => cs.map((c) => (c.kind === "any" || c.kind === "all" ? `${c.kind}(${c.items.map((i) => i.kind).join(",")})` : c.kind));

const FOOTNOTE_POLICY = [
  "Footnote 41 - Zelvanor (zelvanorib): clinical criteria for PA",
  "Initial authorization (6 months) requires ALL of the following:",
  "a. The member is 18 years of age or older.",
  "b. Diagnosis of obstructive hypertrophic cardiomyopathy (ICD-10-CM I42.1).",
  "c. Left ventricular ejection fraction (LVEF) of 55% or higher on an echocardiogram performed within the past 3 months.",
  "d. Prescribed by, or in consultation with, a cardiologist.",
  "Not approvable: (1) LVEF below 55% on the qualifying echocardiogram; (2) concomitant use of a strong CYP3A4 inhibitor (for example",
  "clarithromycin). A drug stopped before Zelvanor is started is not concomitant use.",
  "Continuation (12 months) requires ALL of the following: (a) LVEF of 50% or higher on the most recent echocardiogram, performed within the",
  "past 6 months; (b) a clinical response since Zelvanor was started: improvement by at least one NYHA class, or a lower peak LVOT gradient",
  "than the pre-treatment value.",
  "Dose notes (not criteria): start 2.5 mg once daily; interrupt for LVEF below 50%.",
].join("\n");

const NUMBERED_POLICY = [
  "Criteria for approval",
  "Initial authorization of Hepatrel may be approved when the member meets ALL of the following criteria:",
  "1. The member is 18 years of age or older.",
  "2. The member has a diagnosis of nonalcoholic steatohepatitis (K75.81).",
  "3. The prescriber is a gastroenterologist or hepatologist.",
  "4. The requested dose matches the member's body weight: 40 mg once daily for a weight below 90 kg, or 60 mg once daily for 90 kg or more.",
  "Continuation of therapy",
  "Continuation may be approved when ALL of the following are documented:",
  "1. The member has taken Hepatrel for at least 10 of the past 12 months (claims history or pharmacy records).",
  "2. No progression to cirrhosis: no liver stiffness by VCTE above 20.0 kPa on a test within the past 12 months, no biopsy showing stage F4, and no hepatic decompensation event (ascites, variceal bleeding) since the start of therapy.",
  "3. Stabilization or response: a liver stiffness measurement within the past 12 months that is no more than 20% above the pre-treatment value.",
  "4. The dose still matches the member's current body weight (criterion 4 above).",
  "Not approvable",
  "- Concomitant use of a strong CYP2C8 inhibitor (for example gemfibrozil).",
].join("\n");

describe("A. reading the renewal criteria", () => {
  it("a 'Continuation (12 months) requires … (a) …; (b) …' paragraph after an exclusion list is the renewal's criteria", () => {
    const m = readPolicy(docFromPages([FOOTNOTE_POLICY]), { drug_names: ["Zelvanor", "zelvanorib"] });
    const cont = m.indications[0].continuation!;
    expect(cont).toBeTruthy();
    expect(kinds(cont.criteria)).toEqual(["test_result", "response"]);
    expect(cont.duration).toBe("12 months");
    // the paragraph no longer runs on into the last exclusion
    expect(m.exclusions.some((e) => /continuation/i.test(e.text))).toBe(false);
  });

  it("splits an inline lettered list and drops its lead", () => {
    expect(letteredParts("requires ALL of the following: (a) LVEF of 50% or higher; (b) a response; and (c) REMS enrollment.")).toEqual([
      "LVEF of 50% or higher",
      "a response",
      "REMS enrollment.",
    ]);
    expect(letteredParts("The member is stable (a) on therapy")).toEqual(["The member is stable (a) on therapy"]);
  });

  it("numbered renewal criteria: months of use, absences, response, and a criterion referred to by number", () => {
    const m = readPolicy(docFromPages([NUMBERED_POLICY]), { drug_names: ["Hepatrel", "hepatrelin"] });
    const cont = m.indications[0].continuation!;
    expect(kinds(cont.criteria)).toEqual(["on_therapy", "all(lab,documentation,documentation)", "response", "documentation"]);
    const onFor = cont.criteria[0] as Criterion & { min_days?: number };
    expect(onFor.min_days).toBe(310);
    const noProgression = cont.criteria[1] as Extract<Criterion, { kind: "all" }>;
    expect(noProgression.items[0]).toMatchObject({ kind: "lab", measure: "liver stiffness", op: "<=", value: 20 });
    expect(noProgression.items.slice(1).every((i) => i.kind === "documentation" && i.absence)).toBe(true);
    // "(criterion 4 above)": the initial criterion 4, as written
    expect(cont.criteria[3].text).toMatch(/^The requested dose matches the member's body weight/);
  });

  it("a renewal list of requirements with no use or response item is still the renewal's criteria", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Coverage Criteria",
          "1. Clinical diagnosis of mild Alzheimer's disease dementia (G30.1).",
          "2. Prescribed by a neurologist.",
          "Renewal Criteria",
          "1. MMSE of 20 or higher within the past 6 months.",
          "2. No anticoagulant has been started since the last authorization.",
        ].join("\n"),
      ]),
      { drug_names: ["Amyloxa"] },
    );
    expect(m.indications[0].continuation?.criteria.length).toBe(2);
  });

  it("a renewal limit written 'No more than …' stays a limit, not an absence", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Coverage Criteria",
          "1. Diagnosis of chronic migraine (G43.709).",
          "2. Prescribed by a neurologist.",
          "Renewal Criteria",
          "1. The patient is currently receiving Cefrolin.",
          "2. No more than 4 tablets per 30 days.",
        ].join("\n"),
      ]),
      { drug_names: ["Cefrolin"] },
    );
    const crit = m.indications[0].continuation!.criteria;
    expect(crit[1]).toMatchObject({ kind: "quantity_limit", amount: 4, period_days: 30 });
  });

  it("adherence is documentation of adherence, and a response worded otherwise still needs a documented response", () => {
    const m = readPolicy(
      docFromPages([
        [
          "Coverage Criteria",
          "1. Diagnosis of chronic migraine (G43.709).",
          "2. Prescribed by a neurologist.",
          "Renewal Criteria",
          "1. Adherence to therapy and to follow-up visits",
          "2. Improvement by at least 2 points on the disability scale",
        ].join("\n"),
      ]),
      { drug_names: ["Cefrolin"] },
    );
    const crit = m.indications[0].continuation!.criteria;
    expect(crit[0].kind).toBe("documentation");
    expect(kinds(crit)[1]).toMatch(/response/);
  });
});

describe("B. the request's evidence", () => {
  it("a lower-is-better measure written with the value it fell from", () => {
    expect(responseShown(idx("Impression: liver stiffness 9.8 kPa, decreased from 11.2 kPa (03/2025)."), ["hepatrel"])?.text).toMatch(/decreased from 11.2/);
    expect(responseShown(idx("Peak LVOT gradient 18 mmHg at rest, down from 64 mmHg before therapy."), ["zelvanor"])).not.toBeNull();
    // a rise is no response
    expect(responseShown(idx("Liver stiffness 14.0 kPa, increased from 11.2 kPa."), ["hepatrel"])).toBeNull();
  });

  it("a response after another clause's 'without' is not negated; its own negation still is", () => {
    expect(responseShown(idx("Severe hemophilia A without inhibitor (D66), excellent response to Factorix."), ["factorix"])).not.toBeNull();
    expect(responseShown(idx("Seen today: no excellent response to Factorix so far."), ["factorix"])).toBeNull();
  });

  it("adherence from a PDC, refills or missed doses", () => {
    expect(adherenceShown(idx("Refills on time (PDC 0.93 over 12 months)."))?.against).toBeFalsy();
    expect(adherenceShown(idx("PDC 0.61 over 12 months."))?.against).toBe(true);
    expect(adherenceShown(idx("He has missed several doses since August."))?.against).toBe(true);
    expect(adherenceShown(idx("No missed doses per the dispensing log."))?.against).toBeFalsy();
    expect(adherenceShown(idx("Seen for follow-up."))).toBeNull();
  });

  it("'renew x 12 months' with the approval being renewed is a continuation; without one it is not", () => {
    expect(continuationRequest(idx("Prior approval for Cefrolin (approved 12/01/2025, 12 months) expires 11/30.\nAgree - renew x 12 months."))).not.toBeNull();
    expect(continuationRequest(idx("Start Cefrolin today. Plan to renew x 12 months if it works."))).toBeNull();
  });
});

describe("C. renewal decisions", () => {
  const tree = generateDecisionTree(docFromPages([NUMBERED_POLICY]), { drug_names: ["Hepatrel", "hepatrelin"] });
  const fax = (body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 11/20/2026",
      "Patient DOB: 05/01/1968",
      "Request type: Renewal / continuation",
      "Medication: Hepatrel 40 mg tablet, 1 tablet daily, #30 for 30 days",
      "Diagnosis: K75.81 nonalcoholic steatohepatitis",
      body,
    ].join("\n");

  it("a renewal whose stiffness stayed under the limit is never denied on the absence list", () => {
    const { decision } = decideText(
      tree,
      fax(
        [
          "Hepatrel 40 mg daily started 11/01/2025; monthly fills, no gaps.",
          "VCTE 10/30/2026: liver stiffness 10.2 kPa, decreased from 12.0 kPa before treatment.",
          "Weight 82 kg on 10/30/2026; dose 40 mg.",
        ].join("\n"),
      ),
      {},
      "2026-11-20",
    );
    expect(decision.final_decision).not.toBe("denied");
  });

  it("a renewal with no documented response stays needs_more_information", () => {
    const { decision } = decideText(
      tree,
      fax(["Hepatrel 40 mg daily started 11/01/2025; monthly fills, no gaps.", "VCTE 10/30/2026: liver stiffness 10.2 kPa.", "Weight 82 kg."].join("\n")),
      {},
      "2026-11-20",
    );
    expect(decision.final_decision).toBe("needs_more_information");
  });
});
