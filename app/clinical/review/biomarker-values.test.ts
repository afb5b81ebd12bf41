/**
 * Performance-status and biomarker statements read as values, and "has not received prior X"
 * requirements (issue 22, class 5): "ECOG 1." at the end of a sentence is ECOG 1; "PD-L1 ... TPS of 1%
 * or more" is a threshold on the tumor proportion score (not a trial of a checkpoint inhibitor), met
 * by "TPS 75%"; "has not received prior PD-1 therapy" is met only by a stated absence, never by a
 * documented dose (which may be the drug billed).
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "./evaluate";

const ctxOf = (text: string) =>
  evalContext({ idx: buildCaseIndex(docFromPages([text]), "2026-09-21"), facts: emptyFacts(), requestDate: "2026-09-21", requestedNames: ["J9271"] });
const judge = (policy: string, notes: string) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["J9271"] }), ctxOf(notes), "criterion", { conditions: [], icd10: [] });

describe("performance status and biomarker values", () => {
  it("reads 'ECOG 1.' at the end of a sentence as ECOG 1", () => {
    const r = judge("ECOG performance status of 0 to 2", "Interval history 09/21/2026\nECOG 1. Bone pain controlled.");
    expect(r.outcome).toBe("met");
    expect(r.citations[0].text).toContain("ECOG 1");
    expect(judge("ECOG performance status of 0 to 2", "Interval history 09/21/2026\nECOG 3. Bedbound most of the day.").outcome).toBe("not_met");
  });

  it("still reads a decimal value whole ('1.5' is not '1')", () => {
    const r = judge("Serum creatinine of 1.2 mg/dL or less", "Labs 09/18/2026: creatinine 1.5 mg/dL.");
    expect(r.outcome).toBe("not_met");
  });

  it("reads a PD-L1 tumor proportion score requirement as a threshold, not a prior checkpoint inhibitor", () => {
    const c = parseCriterion(
      "used as a single agent in a member whose tumor expresses PD-L1 with a tumor proportion score (TPS) of 1% or more by an FDA-approved test",
      "",
      {
        drugNames: ["J9271"],
      },
    );
    expect(c).toMatchObject({ kind: "lab", measure: "PD-L1 TPS", op: ">=", value: 1, unit: "%" });
    const notes = "Biomarkers\nTest Result Date\nPD-L1 IHC 22C3 pharmDx (FDA-approved) TPS 75% 07/22/2026";
    expect(judge(c.text, notes).outcome).toBe("met");
    expect(judge(c.text, "PD-L1 IHC 22C3 TPS <1% 07/22/2026").outcome).not.toBe("met");
    // the drug class is still read where it is a therapy
    expect(parseCriterion("Disease progression on a PD-L1 inhibitor", "", { drugNames: ["J9271"] })).not.toMatchObject({ kind: "lab" });
  });

  it("meets 'has not received prior PD-1 therapy' only on a stated absence, never on a documented dose", () => {
    const policy = "The member has not received prior PD-1 or PD-L1 inhibitor therapy for this cancer.";
    expect(parseCriterion(policy, "", { drugNames: ["J9271"] })).toMatchObject({ kind: "prior_therapy", absent: true });
    expect(judge(policy, "First-line pembrolizumab 200 mg IV every 3 weeks. No prior systemic therapy and no prior immunotherapy.").outcome).toBe("met");
    // a dose of a PD-1 inhibitor (perhaps the one billed) neither meets nor fails it
    const dosed = judge(policy, "Pembrolizumab 200 mg IV given 08/31/2026, cycle 2.");
    expect(dosed.outcome).toBe("insufficient");
    expect(judge(policy, "Nivolumab 240 mg every 2 weeks 2025, progressed.").outcome).not.toBe("met");
  });
});
