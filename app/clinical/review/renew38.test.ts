/**
 * renew38: two classes of drug prior-authorization requests that pended though decidable.
 *
 * A. A renewal asked for in a clinician's own words ("renewal of prior authorization requested",
 *    "Renew prior authorization.", "Request renewal.") is a continuation request when the fax also
 *    states the authorization being renewed ("after the initial authorization (date)", "previous
 *    authorization ended …"); the same words without any prior approval on record are not.
 * B. Numbered step tables (Step | Question | Yes | No) with supporting tables: a question written on one
 *    line with its routing is its own step; a branch whose NO comes back to the YES step only offers
 *    alternatives; "a condition in Table n" is answered from the table's conditions and codes; "the
 *    daily dose within the limit in Table n for the client's age" is one ceiling per age band; routes of
 *    one indication are alternatives, so one failing route never puts the indication in doubt.
 * Wording is invented.
 */
import { describe, expect, it } from "vitest";
import { buildCaseIndex } from "../evidence/case-index";
import { continuationRequest } from "../evidence/continuation";
import { therapyEvidence } from "../evidence/therapies";
import { branchRejoins, flowRoutes, flowSteps } from "../policy/decision-flow";
import { generateDecisionTree } from "../policy/compile-tree";
import { readPolicy } from "../policy/read-policy";
import { ageDoseBands, rowCodes, supportingTables, tableConditions } from "../policy/supporting-tables";
import { docFromPages } from "../testing";
import { docLines } from "../text/lines";
import { decideText, dx } from "./test-cases";
import type { Criterion } from "../contracts";

const idx = (text: string) => buildCaseIndex(docFromPages([text]), "2026-11-20");

describe("A. a renewal asked for in a clinician's words", () => {
  it("is a continuation when the fax states the authorization being renewed", () => {
    expect(
      continuationRequest(
        idx(
          "On zembrolimab since 03/02/2026 after the initial authorization (02/27/2026, 6 months).\nPlan: continue; renewal of prior authorization requested.",
        ),
      ),
    ).not.toBeNull();
    expect(continuationRequest(idx("Previous authorization ended 11/01/2026.\nDoing well on therapy. Renew prior authorization."))).not.toBeNull();
    expect(continuationRequest(idx("Initial PA approved 01/2026 for 12 months.\nRequest renewal."))).not.toBeNull();
  });

  it("never without a prior approval on record, with an initial box checked, or negated", () => {
    expect(continuationRequest(idx("Plan: start zembrolimab; renewal of prior authorization requested in 6 months."))).toBeNull();
    expect(continuationRequest(idx("Initial authorization request form\nRequest renewal when due."))).toBeNull();
    expect(continuationRequest(idx("[X] Initial [ ] Renewal\nInitial PA approved 01/2026. Renew prior authorization."))).toBeNull();
  });
});

const STEP_POLICY = [
  "Clinical Criteria Logic",
  "1. Is the client 6 through 17 years of age? [ ] Yes (Go to #2) [ ] No (Deny)",
  "2. Does the client have a diagnosis of narcolepsy (Table 1)? [ ] Yes (Go to #3) [ ] No (Deny)",
  "3. Has the client received Zembrolix XR for at least 30 days in the last 60 days? [ ] Yes (Go to #6) [ ] No (Go to #4)",
  "4. Has the client tried a preferred wake-promoting agent for at least 30 days in the last 365 days? [ ] Yes (Go to #6) [ ] No (Go to #5)",
  "5. Does the client have a documented intolerance to a wake-promoting agent or a condition in Table 2? [ ] Yes (Go to #6) [ ] No (Deny)",
  "6. Is the requested daily dose within the limit in Table 3 for the client's age? [ ] Yes (Approve - 365 days) [ ] No (Deny)",
  "Clinical Edit Supporting Tables",
  "Table 1 - Narcolepsy diagnoses",
  "ICD-10-CM Description",
  "G47.411 Narcolepsy with cataplexy",
  "G47.419 Narcolepsy without cataplexy",
  "Table 2 - Conditions in which a wake-promoting agent is not appropriate",
  "Condition ICD-10-CM",
  "Seizure disorder G40.x",
  "Eating disorder or failure to thrive F50.0x, R62.51",
  "Congenital heart lesion Q20-Q22",
  "Table 3 - Daily dose limits",
  "Age on the date of the request Maximum daily dose",
  "6 through 11 years 10 mg per day",
  "12 through 17 years 20 mg per day",
  "References",
  "1. Example reference.",
].join("\n");

describe("B. step tables with supporting tables", () => {
  const lines = docLines(docFromPages([STEP_POLICY]));

  it("reads one-line steps as their own questions and the NO branches that come back to the YES step as alternatives", () => {
    const steps = flowSteps(lines)!;
    expect(steps.map((s) => [s.n, s.yes, s.no])).toEqual([
      [1, { to: "step", step: 2 }, { to: "deny" }],
      [2, { to: "step", step: 3 }, { to: "deny" }],
      [3, { to: "step", step: 6 }, { to: "step", step: 4 }],
      [4, { to: "step", step: 6 }, { to: "step", step: 5 }],
      [5, { to: "step", step: 6 }, { to: "deny" }],
      [6, { to: "approve", duration: "365 days" }, { to: "deny" }],
    ]);
    expect(flowRoutes(steps)!.map((r) => r.required.map((s) => s.n))).toEqual([
      [1, 2, 3, 6],
      [1, 2, 4, 6],
      [1, 2, 5, 6],
    ]);
    expect(branchRejoins(steps, steps[2])).toBe(true);
    expect(branchRejoins(steps, steps[3])).toBe(true);
    // a branch whose NO approves on its own is no such alternative
    const other = flowSteps(
      docLines(
        docFromPages([
          [
            "1. Is the client under 12 years of age? [ ] Yes (Go to #2) [ ] No (Go to #3)",
            "2. Was the client born before 29 weeks? [ ] Yes (Approve) [ ] No (Deny)",
            "3. Does the client have cystic fibrosis? [ ] Yes (Approve) [ ] No (Deny)",
          ].join("\n"),
        ]),
      ),
    )!;
    expect(branchRejoins(other, other[0])).toBe(false);
  });

  it("reads the supporting tables: conditions with their codes, and age-banded daily limits", () => {
    const tables = supportingTables(lines);
    expect([...tables.keys()]).toEqual([1, 2, 3]);
    expect(rowCodes("Congenital heart lesion Q20-Q22, G40.x")).toEqual(["Q20", "Q21", "Q22", "G40"]);
    expect(tableConditions(tables.get(2)!)).toEqual({
      names: ["Seizure disorder", "Eating disorder or failure to thrive", "Congenital heart lesion"],
      icd10: ["G40", "F50.0", "R62.51", "Q20", "Q21", "Q22"],
    });
    expect(ageDoseBands(tables.get(3)!)?.map((b) => [b.min_years, b.max_years, b.max_mg])).toEqual([
      [6, 12, 10],
      [12, 18, 20],
    ]);
  });

  it("the policy's routes: current use of its own drug, a table condition as an alternative, the dose limit per age band", () => {
    const m = readPolicy(docFromPages([STEP_POLICY]), { drug_names: ["Zembrolix XR", "zembrolix"] });
    expect(m.indications.length).toBe(3);
    const kinds = (cs: Criterion[]) => cs.map((c) => (c.kind === "any" || c.kind === "all" ? `${c.kind}(${c.items.map((i) => i.kind).join(",")})` : c.kind));
    expect(kinds(m.indications[0].criteria)).toEqual(["age", "diagnosis", "on_therapy", "all(dose_limit,dose_limit)"]);
    expect(kinds(m.indications[2].criteria)).toEqual(["age", "diagnosis", "any(prior_therapy,diagnosis)", "all(dose_limit,dose_limit)"]);
  });

  const tree = generateDecisionTree(docFromPages([STEP_POLICY]), { drug_names: ["Zembrolix XR", "zembrolix"] });
  const fax = (body: string) =>
    [
      "PRIOR AUTHORIZATION REQUEST  Date: 11/20/2026",
      "Patient DOB: 05/01/2013",
      "Medication: Zembrolix XR 10 mg tablet, 1 tablet daily, #30 for 30 days",
      body,
    ].join("\n");

  it("approved on one met route though another route clearly fails (the routes are alternatives of one indication)", () => {
    const { decision } = decideText(
      tree,
      fax(
        "Diagnosis: G47.419 narcolepsy without cataplexy, G40.909 epilepsy.\nModafinil 100 mg daily 09/01/2026 - 09/15/2026 (2 weeks), stopped: family preference.",
      ),
      { diagnoses: [dx("G47.419", "narcolepsy without cataplexy"), dx("G40.909", "epilepsy", false)] },
      "2026-11-20",
    );
    expect(decision.final_decision).toBe("approved");
  });

  it("a request with no route met and none failed needs more information", () => {
    const { decision } = decideText(
      tree,
      fax("Diagnosis: G47.419 narcolepsy without cataplexy."),
      { diagnoses: [dx("G47.419", "narcolepsy without cataplexy")] },
      "2026-11-20",
    );
    expect(decision.final_decision).toBe("needs_more_information");
  });
});

describe("a course's start date beside its stated length", () => {
  it("a stated three-week trial is not stretched to the request date by a start date without a stop", () => {
    const i = idx(
      "Tried Examplol 10 mg ~3 wks in September, no side effects.\nExamplol 10 mg each morning was started 09/01/2026; the family stopped it later that month.",
    );
    const t = therapyEvidence(i, ["examplol"], ["examplol"], null).get("examplol");
    expect(t?.days).toBe(21);
  });
});
