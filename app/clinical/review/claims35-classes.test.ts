/**
 * Classes of claims reading that left decidable service lines pended (issue 22, claims35):
 * 1. a yearly unit maximum is counted over the member's earlier paid claims (the offline sets'
 *    `claims_history`, as the intake reads the member's earlier claims), not only the claim's lines;
 * 2. a code-pair edit stated on its denied code ("when both are reported for the same date of
 *    service, X is denied as included in Y", "X may not be billed with Y on the same date");
 * 3. a same-date bundling sentence written without codes ("EGD performed … on the date of a bariatric
 *    procedure is included in the bariatric procedure and is not separately reimbursed"), its term
 *    tied to one code elsewhere in the policy;
 * 4. a threshold that comes with a list of comorbidities ("BMI of 35.0 or more with at least ONE
 *    comorbidity: …, obstructive sleep apnea confirmed by sleep study, …, or severe osteoarthritis")
 *    is the threshold AND one listed condition — the study, the list's "or", the severity word of
 *    one item and a trailing "A BMI below 35.0 does not meet …" note are no requirements of their own;
 * 5. a counting-rule clause ("a gap month breaks the consecutive count") is no fact to document, and
 *    a service named by its performer ("evaluation by a registered dietitian") or its timing
 *    ("pre-operative" / "pre-surgical") is found as a record writes it;
 * 6. "the member will not receive X in combination with Y": X is the requested therapy (a medical
 *    policy's own drug, which its codes do not name), never a concurrent drug.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { keyConcepts, parseCriterion } from "../policy/parse-criterion";
import { bundledCodeRules, codePairEdit } from "../policy/bundled-codes";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";
import { applyFeeSchedule } from "./fee-schedule";
import { normaliseClaimsHistory } from "~/evaluation/offline-set";
import type { ServiceLineResult } from "../contracts";

const DAY = "2026-11-20";
const P = { drugNames: ["43775"] };
const judge = (policy: string | Criterion, notes: string, diagnoses: { code: string; description: string }[] = []) =>
  evaluateCriterion(
    typeof policy === "string" ? parseCriterion(policy, "", P) : policy,
    evalContext({
      idx: buildCaseIndex(docFromPages([notes]), DAY),
      facts: emptyFacts({ diagnoses: diagnoses.map((d, i) => ({ ...d, primary: i === 0, citations: [] })) }),
      requestDate: DAY,
      requestedNames: [],
    }),
    "criterion",
    { conditions: [], icd10: [] },
  );

describe("yearly unit maximums counted over earlier claims", () => {
  const history = normaliseClaimsHistory([
    { member_id: "M1", code: "95165", units: 40, date_of_service: "2026-02-09", note: "vial set, paid" },
    { member_id: "M1", code: "95165", units: 70, date_of_service: "2026-05-11" },
    { member_id: "M1", code: "95165", units: "x", date_of_service: "2026-05-11" },
    { code: "95165", units: 10, date_of_service: "2026-05-11" },
    { member_id: "M1", code: "95165", units: 5, date_of_service: "05/11/2026" },
  ]);
  it("keeps only whole rows, each sourced to its earlier claim", () => {
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ member_id: "M1", code: "95165", units: 40, date_of_service: "2026-02-09" });
    expect(history[0].source).toContain("vial set, paid");
    expect(normaliseClaimsHistory(undefined)).toEqual([]);
  });

  const doc = docFromPages(["24 10/12/26 95165 12"]);
  const line = (units: number): ServiceLineResult =>
    ({
      line: { line_number: 1, code: "95165", units, date_of_service: "2026-10-12", citations: [{ page: 1, start: 0, end: 10, text: "95165 12" }] },
      decision: { final_decision: "approved", confidence_score: 0.9, rationale: "", citations: [], missing_items: [], rule: "approve" },
    }) as unknown as ServiceLineResult;
  const schedule = [{ code: "95165", description: "doses per calendar year", units_per_period: { amount: 150, period_days: 365 } }];

  it("denies a line whose units take the year's total over the maximum with the earlier claims counted", () => {
    // 40 + 70 earlier + 45 = 155 > 150
    const [r] = applyFeeSchedule([line(45)], schedule, doc, history, true);
    expect(r.decision.final_decision).toBe("denied");
    expect(r.decision.rationale).toContain("2026-02-09");
  });

  it("leaves a line within the maximum alone (40 + 70 + 40 = 150)", () => {
    const [r] = applyFeeSchedule([line(40)], schedule, doc, history, true);
    expect(r.decision.final_decision).toBe("approved");
  });
});

describe("code-pair edits stated on the denied code", () => {
  it("reads 'X is denied as included in Y' in the clause that names X", () => {
    expect(
      codePairEdit("97140 and 97530 are mutually exclusive: when both are reported for the same date of service, 97140 is denied as included in 97530."),
    ).toEqual({ included: ["97140"], into: ["97530"] });
  });

  it("reads 'X may not be billed with Y on the same date', never without the same date", () => {
    expect(codePairEdit("G0283 may not be billed with 97032 on the same date of service.")).toEqual({ included: ["G0283"], into: ["97032"] });
    expect(codePairEdit("G0283 may not be billed with 97032 by a non-participating provider.")).toBeNull();
  });

  it("gives no pair without a code on both sides", () => {
    expect(codePairEdit("Do not report 64483 with RT and LT on separate lines for the same level.")).toBeNull();
    expect(codePairEdit("When both are reported, the injection is denied as included in the visit.")).toBeNull();
  });

  it("becomes a bundling exclusion scoped to the denied code", () => {
    const lines = [
      { text: "C.2 97140 and 97530 are reported once per date. When both are reported for the same date of service, 97140 is denied as included in 97530." },
    ];
    const rules = bundledCodeRules(lines, () => null);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ kind: "bundled_code", codes: ["97140"], included_in: ["97530"] });
  });
});

describe("same-date bundling written without codes", () => {
  const policy = [
    { text: "B1. Diagnostic TEE (93312) performed before the surgery is covered when the criteria are met." },
    {
      text: "B2. TEE performed by the operating surgeon on the date of a valve procedure (intra-operative check) is included in the valve procedure and is not separately reimbursed.",
    },
  ];
  it("includes the term's one code in the policy's other codes billed on that date", () => {
    const rules = bundledCodeRules(policy, () => null, ["33361", "33362", "93312", "drug"]);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ codes: ["93312"], included_in: ["33361", "33362"] });
  });

  it("reads nothing when the term maps to no single code, or the date of the procedure is not stated", () => {
    const two = [{ text: "TEE (93312) or TEE (93355) may be reported." }, policy[1]];
    expect(bundledCodeRules(two, () => null, ["33361", "93312", "93355"])).toEqual([]);
    const undated = [policy[0], { text: "TEE by the operating surgeon is included in the valve procedure and is not separately reimbursed." }];
    expect(bundledCodeRules(undated, () => null, ["33361", "93312"])).toEqual([]);
  });

  it("reads nothing when the service is included in a code named only as 'the application code'", () => {
    const skin = [
      {
        text: "Debridement (11042, 97597) of the same wound on the date of an application is included in the application code and is not separately reimbursed.",
      },
    ];
    expect(bundledCodeRules(skin, () => null, ["15275", "Q4101", "11042", "97597"])).toEqual([]);
  });
});

const A2B =
  "BMI of 35.0 kg/m2 or more with at least ONE obesity-related comorbidity documented: type 2 diabetes, hypertension requiring medication, obstructive sleep apnea confirmed by sleep study, nonalcoholic steatohepatitis, or severe osteoarthritis of a weight-bearing joint. A BMI below 35.0 kg/m2 does not meet A2 regardless of comorbidities.";

describe("a threshold with a list of comorbidities", () => {
  it("is the threshold AND one listed condition — no sleep-study result, no second threshold", () => {
    const c = parseCriterion(A2B, "", P);
    expect(c.kind).toBe("all");
    const items = (c as Criterion & { items: Criterion[] }).items;
    expect(items.map((i) => i.kind).sort()).toEqual(["diagnosis", "lab"]);
    expect(items.find((i) => i.kind === "lab")).toMatchObject({ measure: "BMI", op: ">=", value: 35 });
    expect(JSON.stringify(c)).not.toContain("test_result");
    expect((items.find((i) => i.kind === "diagnosis") as Criterion & { conditions: string[] }).conditions).toEqual(
      expect.arrayContaining(["obstructive sleep apnea", "hypertension", "type 2 diabetes mellitus"]),
    );
  });

  const notes = "Consult 10/20/2026: Height 1.70 m, weight 101.2 kg, BMI 35.0 kg/m2. OSA on CPAP.";
  it("is met by a BMI at the threshold and a listed comorbidity coded on the request (the severity word is osteoarthritis's)", () => {
    expect(judge(A2B, notes, [{ code: "G47.33", description: "obstructive sleep apnea" }]).outcome).toBe("met");
  });

  it("fails on a BMI below the threshold whatever the comorbidity", () => {
    const low = "Consult 10/28/2026: Height 1.62 m, weight 91.2 kg, BMI 34.8 kg/m2.";
    expect(judge(A2B, low, [{ code: "E11.65", description: "type 2 diabetes with hyperglycemia" }]).outcome).toBe("not_met");
  });

  it("still asks for severity when the listed condition the request codes is the one qualified as severe", () => {
    expect(judge(A2B, notes, [{ code: "M17.0", description: "bilateral primary osteoarthritis of knee" }]).outcome).toBe("insufficient");
  });
});

describe("counting rules, performers and timing words in documentation requirements", () => {
  const A3 =
    "Participation in a supervised weight-management program for at least 6 consecutive calendar months, documented by a dated visit in each of those months; a gap month breaks the consecutive count.";
  it("drops a clause that only says how the count is kept", () => {
    const c = parseCriterion(A3, "", P);
    expect(JSON.stringify(c)).not.toMatch(/"gap"/);
    expect(c.kind).toBe("documentation");
  });

  it("adds the performer and the service as one more way to document 'X evaluation by a registered dietitian'", () => {
    expect(keyConcepts("Pre-operative nutritional evaluation by a registered dietitian.")).toContainEqual(["registered", "dietitian", "evaluation"]);
    expect(
      judge("Pre-operative nutritional evaluation by a registered dietitian.", "Registered dietitian evaluation 07/21/2026: diet stages taught.").outcome,
    ).toBe("met");
    expect(judge("Pre-operative nutritional evaluation by a registered dietitian.", "Dietitian referral placed; appointment pending.").outcome).not.toBe("met");
  });

  it("reads 'pre-operative' as the record's 'pre-surgical'", () => {
    expect(judge("Pre-operative psychological evaluation.", "Pre-surgical Psychological Evaluation 09/03/2026: cleared.").outcome).toBe("met");
  });
});

describe("the subject of a no-combination requirement", () => {
  const CODES = { drugNames: ["64615", "J0585"] };
  it("is the requested therapy when the other side names the concurrent drugs", () => {
    const c = parseCriterion(
      "The member will not receive onabotulinumtoxinA in combination with a CGRP monoclonal antibody (erenumab, fremanezumab, galcanezumab, eptinezumab).",
      "",
      CODES,
    );
    expect(c.kind).toBe("no_concurrent");
    const drugs = (c as Criterion & { drugs: string[] }).drugs;
    expect(drugs).not.toContain("onabotulinumtoxina");
    expect(drugs).toEqual(expect.arrayContaining(["erenumab", "galcanezumab"]));
  });

  it("stays the concurrent drug when the other side is only the requested drug", () => {
    const c = parseCriterion("The member must not take ketoconazole together with the requested drug.", "", CODES);
    expect(c).toMatchObject({ kind: "no_concurrent", drugs: ["ketoconazole"] });
  });
});
