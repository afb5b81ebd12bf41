/**
 * Classes of reading that left decidable requests pended (issue 21, pends36b):
 * 1. right-heart-catheterisation hemodynamics (mean PA pressure, wedge pressure, PVR in Wood units or
 *    dyn·s·cm-5) are measures read from report tables and prose and compared with each threshold; a
 *    catheterisation "consistent with PAH" without values, or a systolic/diastolic pair alone, is no value;
 * 2. chronic thromboembolic pulmonary hypertension (I27.24) is a condition of its own, never PAH;
 * 3. the WHO functional class is a measure (a scan's "FC Ill" is class III);
 * 4. a referral among the exclusions ("<brand> (<components>) is covered under policy X") applies only
 *    to a request for that product;
 * 5. a heart-rate threshold "on an electrocardiogram" is read from the ECG report only (an office
 *    pulse never meets it), dated by the report's labelled study date even beside a date of birth;
 * 6. a semicolon inside a parenthetical aside of a therapy row ("(target; wt 90 kg)") ends no sentence:
 *    the dates after it are the row's;
 * 7. complement studies (C4, C1-INH antigenic / functional) are measures judged against the range
 *    printed beside them, also after a flag in parentheses ("6 mg/dL (L) ref 14-40"), and an exclusion
 *    "with normal C1-INH" does not apply when a C1-INH value is outside its range.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex, dateNear } from "../evidence/case-index";
import { conditionsForCode, mostSpecificConditions } from "../vocabulary/conditions";
import { evalContext, evaluateCriterion } from "./evaluate";
import { parseExcludedUse } from "../policy/parse-criterion";
import { judgeReferralExclusion } from "./referral-exclusions";
import { therapyEvidence } from "../evidence/therapies";
import type { CaseFacts } from "../contracts";

const DAY = "2026-10-20";
const ctxOf = (text: string | string[], facts: CaseFacts = emptyFacts()) =>
  evalContext({ idx: buildCaseIndex(docFromPages(Array.isArray(text) ? text : [text]), DAY), facts, requestDate: DAY, requestedNames: ["Examplumab"] });
const judge = (policy: string, notes: string | string[]) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["Examplumab"] }), ctxOf(notes), "criterion", { conditions: [], icd10: [] });

describe("right heart catheterisation hemodynamics", () => {
  const POLICY =
    "Hemodynamics measured at cardiac catheterization: mean PAP of 25 mmHg or more, pulmonary capillary wedge pressure of 15 mmHg or less, and PVR greater than 3 Wood units.";

  it("reads each hemodynamic threshold as a comparison", () => {
    const c = parseCriterion(POLICY, "", { drugNames: ["Examplumab"] });
    expect(JSON.stringify(c)).toContain('"measure":"mPAP"');
    expect(JSON.stringify(c)).toContain('"measure":"PAWP"');
    expect(JSON.stringify(c)).toContain('"measure":"PVR"');
    // the "or" of "or more" / "or less" joins no alternatives: every threshold is required
    expect(JSON.stringify(c)).not.toContain('"kind":"any"');
  });

  it("meets them with the values of a report, the mean after the systolic/diastolic pair and PVR in dyn·s·cm-5", () => {
    const notes = "Cath lab 08/14/2026\nPA pressure 82/30 (mean 47) mmHg. PCWP 12 mmHg. Cardiac output 4.1 L/min.\nPVR 640 dynes-sec/cm5.";
    expect(judge(POLICY, notes).outcome).toBe("met");
  });

  it("fails on a wedge pressure above its limit (post-capillary), read in prose", () => {
    const notes = "Right heart cath 08/14/2026: mean pulmonary arterial pressure 38 mmHg, pulmonary capillary wedge pressure 22 mmHg, PVR 3.6 WU.";
    expect(judge(POLICY, notes).outcome).toBe("not_met");
  });

  it("never meets them with a catheterisation 'consistent with PAH' or a systolic/diastolic pair alone", () => {
    expect(judge(POLICY, "Right heart catheterization 2025 was consistent with pulmonary arterial hypertension.").outcome).toBe("insufficient");
    expect(judge(POLICY, "PA pressure (systolic / diastolic) 70 / 28 mmHg. PCWP 9 mmHg. PVR 6 Wood units.").outcome).toBe("insufficient");
  });
});

describe("chronic thromboembolic pulmonary hypertension", () => {
  it("is its own condition: I27.24 is never read as pulmonary arterial hypertension", () => {
    expect(conditionsForCode("I27.24").map((c) => c.name)).toEqual(["chronic thromboembolic pulmonary hypertension"]);
    expect(mostSpecificConditions("Indication B - Chronic thromboembolic pulmonary hypertension (CTEPH)").map((c) => c.name)).toEqual([
      "chronic thromboembolic pulmonary hypertension",
    ]);
    // other secondary pulmonary hypertension codes read as before
    expect(conditionsForCode("I27.0").map((c) => c.name)).toEqual(["pulmonary arterial hypertension"]);
  });
});

describe("WHO functional class", () => {
  const POLICY = "WHO functional class III or IV despite background therapy.";
  it("is a class threshold met by a scan's strokes ('FC Ill') and failed by class II", () => {
    expect(judge(POLICY, "Follow-up 09/30/2026: dyspnea walking 50 m, WHO FC Ill, 6MWD 310 m.").outcome).toBe("met");
    expect(judge(POLICY, "Follow-up 09/30/2026: stable, WHO functional class II, 6MWD 450 m.").outcome).toBe("not_met");
    // a form's restated range is no class
    expect(judge(POLICY, "WHO functional class III-IV? [ ] Yes [ ] No").outcome).toBe("insufficient");
  });
});

describe("referrals among the exclusions", () => {
  const medication = (drug_name: string) => emptyFacts({ medication: { ...emptyFacts().medication!, drug_name } });
  const REFERRAL = "Treximet (sumatriptan / naproxen) is covered under policy RX-88.";
  it("do not apply to a request for another drug", () => {
    expect(judgeReferralExclusion(REFERRAL, medication("Imitrex"), new Set(["sumatriptan", "imitrex"]))?.outcome).toBe("not_met");
  });
  it("may apply to a request for the product or its components together", () => {
    expect(judgeReferralExclusion(REFERRAL, medication("Treximet 85/500 mg"), new Set(["sumatriptan"]))?.outcome).toBe("insufficient");
    expect(judgeReferralExclusion(REFERRAL, medication("sumatriptan-naproxen tablets"), new Set(["sumatriptan"]))?.outcome).toBe("insufficient");
    expect(judgeReferralExclusion(REFERRAL, emptyFacts(), new Set(["sumatriptan"]))?.outcome).toBe("insufficient");
  });
  it("are never read from a scope sentence that names no drug product", () => {
    expect(judgeReferralExclusion("Requests for members under 18 are reviewed under the pediatric policy.", medication("Imitrex"), new Set())).toBeNull();
  });
});

describe("a heart-rate threshold documented on an ECG", () => {
  const POLICY = "Resting ventricular rate of at least 75 bpm on an electrocardiogram performed within the past 60 days.";
  const ECG = (rate: number) =>
    [
      "Metro Cardiology RESTING 12-LEAD ECG",
      "Name: Doe, Jan DOB: 01/02/1970 Study date: 09/15/2026",
      "Rhythm Sinus",
      `Ventricular rate ${rate} bpm`,
      "QTc 440 ms",
    ].join("\n");
  const NOTE = "Office visit 10/01/2026: BP 118/72, Pulse 92, HR 92. Wants ivabradine. ECG attached.";

  it("reads the rate of the ECG report, never the office pulse", () => {
    const c = parseCriterion(POLICY, "", { drugNames: ["Examplumab"] });
    expect(JSON.stringify(c)).toContain('"on_test":"electrocardiogram"');
    expect(judge(POLICY, [NOTE, ECG(71)]).outcome).toBe("not_met");
    expect(judge(POLICY, [NOTE, ECG(81)]).outcome).toBe("met");
  });

  it("a rate the member 'can be brought to' is a goal of preparation, never failed by the rate now", () => {
    const r = judge("Sinus rhythm, and the heart rate can be lowered to 60 bpm or less with premedication if needed.", "Vitals 10/02/2026: HR 78, BP 130/80.");
    expect(r.outcome).not.toBe("not_met");
  });

  it("is not met by an office heart rate alone", () => {
    expect(judge(POLICY, NOTE).outcome).toBe("insufficient");
  });

  it("dates the report's values by the study date written beside the date of birth", () => {
    const idx = buildCaseIndex(docFromPages([ECG(80)]), DAY);
    const line = idx.lines.find((l) => /Ventricular rate/.test(l.text))!;
    expect(dateNear(idx, line, 0)).toBe("2026-09-15");
  });
});

describe("a therapy row with a parenthetical aside", () => {
  it("reads the dates after '(target; wt 90 kg)' as the row's", () => {
    const idx = buildCaseIndex(
      docFromPages(["Drug and dose Dates Outcome\nMetoprolol succinate 200 mg daily (target; wt 90 kg) 02/2026 - 08/2026; continuing"]),
      DAY,
    );
    const t = therapyEvidence(idx, ["metoprolol"], [], null).get("metoprolol");
    expect(t?.days ?? 0).toBeGreaterThanOrEqual(150);
  });
});

describe("complement studies against their printed ranges", () => {
  const POLICY = "Diagnosis confirmed by a C4 level below the LLN and a C1-INH antigenic level below the LLN.";
  const LABS = (c4: string, c1: string) => `Results 02/03/2026:\nComplement C4 ${c4} ref 10-40\nC1 esterase inhibitor, antigenic ${c1} ref 19-37`;
  it("meets 'below the LLN' on values flagged low in parentheses, and fails on values inside the range", () => {
    expect(judge(POLICY, LABS("4 mg/dL (L)", "5 mg/dL (L)")).outcome).toBe("met");
    expect(judge(POLICY, LABS("22 mg/dL", "25 mg/dL")).outcome).toBe("not_met");
  });
  it("an exclusion 'with normal C1-INH' does not apply to a low C1-INH value, and is left open without one", () => {
    const ex = "Hereditary angioedema with normal C1-INH is not covered unless a pathogenic variant is documented.";
    const facts = emptyFacts({ diagnoses: [{ code: "D84.1", description: "Hereditary angioedema", primary: true, citations: [] }] });
    const spec = parseExcludedUse(ex)!;
    expect(spec).toBeTruthy();
    const run = (notes: string) => evaluateCriterion(spec, ctxOf(notes, facts), "exclusion", { conditions: ["hereditary angioedema"], icd10: ["D84.1"] });
    expect(run(LABS("4 mg/dL (L)", "5 mg/dL (L)")).outcome).toBe("not_met");
    expect(run("Hereditary angioedema, attacks monthly.").outcome).not.toBe("not_met");
  });
});
