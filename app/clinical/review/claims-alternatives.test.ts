/**
 * Claims round 29b: alternatives and their evidence on service lines.
 *
 * - An absence requirement with a distance ("no contracted clinic within 25 miles") is never met by
 *   silence: a distance the request states within the limit fails it, none stated is insufficient.
 * - An absence requirement whose first alternative is a positive fact ("the initial dose, or the
 *   initial dose after 4 months or more without the drug") is never met by silence.
 * - A setting rule named by place-of-service codes ("(POS 19 or 22) … only when") does not apply to a
 *   line billed elsewhere, and applies as written to a line billed there.
 * - The request's own study is never evidence for its criteria (a test finding of the line's kind
 *   dated on or after its date of service).
 * - A result the plan waits for ("begin therapy if the IGRA is negative") is no result.
 * - A service line's own drug is the requested drug, never "another biologic" taken with it.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { testFindings } from "../evidence/findings";
import { testByName } from "../vocabulary/tests";
import type { CaseFacts } from "../contracts";
import { evalContext, evaluateCriterion, ownServiceExcluded } from "./evaluate";

const DAY = "2026-06-20";
const lineFacts = (code: string, description: string, pos: string | null, dos = DAY): CaseFacts => {
  const f = emptyFacts();
  return {
    ...f,
    medication: { ...f.medication, drug_name: `${code} ${description}` },
    service_line: { code, date_of_service: dos, modifiers: [], place_of_service: pos, claim_lines: [{ code, date_of_service: dos }] },
  };
};
const ctxOf = (notes: string, facts: CaseFacts = emptyFacts(), names = ["J9999"]) =>
  evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts, requestDate: DAY, requestedNames: names });
const judge = (policy: string, notes: string, facts?: CaseFacts) =>
  evaluateCriterion(parseCriterion(policy, "", { drugNames: ["J9999"] }), ctxOf(notes, facts), "criterion", { conditions: [], icd10: [] });

describe("absence requirements with a distance", () => {
  const RULE = "no contracted outpatient clinic or home-infusion provider within 25 miles of the patient's residence.";

  it("is failed by a stated distance within the limit, quoted", () => {
    const r = judge(RULE, "Clinic note 06/02/2026\nThe contracted outpatient clinic on Main Street is 9 miles from his residence.");
    expect(r.outcome).toBe("not_met");
    expect(r.citations.length).toBeGreaterThan(0);
  });

  it("is never met by silence", () => {
    expect(judge(RULE, "Clinic note 06/02/2026\nPatient prefers the hospital infusion unit.").outcome).toBe("insufficient");
  });

  it("leaves a distance beyond the limit to a reviewer", () => {
    expect(judge(RULE, "Clinic note 06/02/2026\nThe nearest contracted clinic is 48 miles from his residence.").outcome).toBe("insufficient");
  });
});

describe("an absence requirement with a positive alternative", () => {
  it("is not met by silence when its first alternative states a fact", () => {
    const rule = "the initial dose, or the initial dose after 4 months or more without the drug";
    expect(judge(rule, "Clinic note 06/02/2026\nStable on therapy; continue.").outcome).toBe("insufficient");
  });

  it("keeps a negative list met by silence", () => {
    expect(judge("no history of myocardial infarction, stroke, or transient ischemic attack", "Clinic note 06/02/2026\nWell.").outcome).toBe("met");
  });
});

describe("a setting rule named by place-of-service codes", () => {
  const RULE = "Treatment in a hospital outpatient department (POS 19 or 22) is medically necessary only when the patient had a prior severe reaction.";
  const NOTES = "Clinic note 06/02/2026\nNo prior reactions.";

  it("does not apply to a line billed at another place of service", () => {
    expect(judge(RULE, NOTES, lineFacts("J9999", "infusion drug", "11")).outcome).toBe("met");
  });

  it("applies as written to a line billed at a named place of service", () => {
    expect(judge(RULE, NOTES, lineFacts("J9999", "infusion drug", "22")).outcome).not.toBe("met");
  });
});

describe("the request's own study", () => {
  it("is never evidence for the imaging criteria of its own line", () => {
    const notes = "Imaging history\nMRI 06/20/2026: right shoulder, full-thickness tear.\nX-ray 05/01/2026: no fracture.";
    const ctx = ctxOf(notes, lineFacts("73221", "MRI shoulder without contrast", "11"));
    const t = testByName("imaging")!;
    const kept = ownServiceExcluded(testFindings(ctx.idx, t), t, ctx);
    expect(kept.every((f) => !f.date || f.date < DAY)).toBe(true);
    // without a reviewed line every finding is kept
    const plain = ctxOf(notes);
    expect(ownServiceExcluded(testFindings(plain.idx, t), t, plain).length).toBeGreaterThan(kept.length);
  });
});

describe("a result the plan waits for", () => {
  it("is no result", () => {
    const notes = "Screening 06/01/2026\nIGRA (QuantiFERON) drawn 06/01/2026: pending.\nPlan: begin therapy 06/20/2026 if QuantiFERON negative.";
    const r = judge("a negative tuberculosis screening test (interferon-gamma release assay) within 12 months", notes);
    expect(r.outcome).toBe("insufficient");
  });
});

describe("a service line's own drug", () => {
  it("is the requested drug, not another biologic taken with it", () => {
    const facts = lineFacts("Q5103", "Inflectra (infliximab-dyyb) 500 mg IV", "11");
    const ctx = ctxOf("Clinic note 06/02/2026\nPlan infliximab induction.", facts, ["Q5103"]);
    expect(ctx.requested.has("infliximab")).toBe(true);
  });
});
