import { describe, expect, it } from "vitest";
import { decideCase } from "./decide-case";
import type { CriterionResult, EligibilityResult, ReviewResult } from "../types";

const eligible: EligibilityResult = { eligible: true, member: null, reason: "Eligible", formulary: null, citations: [] };
const c = (outcome: CriterionResult["outcome"], q = "criterion"): CriterionResult => ({ node_id: q, question: q, outcome, reason: outcome, citations: [] });
const review = (paths: [string, CriterionResult[]][], extra: Partial<ReviewResult> = {}): ReviewResult => ({
  policy_id: "p",
  paths: paths.map(([title, criteria]) => ({
    title,
    criteria,
    outcome: criteria.some((x) => x.outcome === "not_met") ? "not_met" : criteria.some((x) => x.outcome === "insufficient") ? "insufficient" : "met",
  })),
  traversal: [],
  exclusions: [],
  indication: { status: "matched", branches: [] },
  ...extra,
});

describe("decideCase", () => {
  it("approves when one path is fully met and the member is eligible", () => {
    const d = decideCase({ eligibility: eligible, review: review([["A", [c("met"), c("met")]], ["B", [c("not_met")]]]), audit: [] });
    expect(d.final_decision).toBe("approved");
    expect(d.confidence_score).toBeGreaterThan(0.5);
  });
  it("denies an ineligible member regardless of clinical merit", () => {
    const d = decideCase({ eligibility: { ...eligible, eligible: false, reason: "coverage ended" }, review: review([["A", [c("met")]]]), audit: [] });
    expect(d.final_decision).toBe("denied");
    expect(d.ai_summary).toMatch(/coverage ended/);
  });
  it("denies when an exclusion applies", () => {
    const d = decideCase({ eligibility: eligible, review: review([["A", [c("met")]]], { exclusions: [c("met", "Exclusion: concurrent biologic")] }), audit: [] });
    expect(d.final_decision).toBe("denied");
  });
  it("a clear failure wins over missing information on the same path", () => {
    const d = decideCase({ eligibility: eligible, review: review([["A", [c("insufficient"), c("not_met", "LDL-C >= 70")]]]), audit: [] });
    expect(d.final_decision).toBe("denied");
    expect(d.ai_summary).toMatch(/LDL-C/);
  });
  it("needs more information when no path is met and one path only lacks information", () => {
    const d = decideCase({ eligibility: eligible, review: review([["A", [c("not_met")]], ["B", [c("met"), c("insufficient", "eosinophils")]]]), audit: [] });
    expect(d.final_decision).toBe("needs_more_information");
    expect(d.ai_summary).toMatch(/eosinophils/);
  });
  it("denies when the stated indication is not covered", () => {
    const d = decideCase({ eligibility: eligible, review: { ...review([]), indication: { status: "not_covered", branches: [] } }, audit: [] });
    expect(d.final_decision).toBe("denied");
  });
  it("pends an otherwise approvable case when eligibility is unknown or a blocking audit finding exists", () => {
    const r = review([["A", [c("met")]]]);
    expect(decideCase({ eligibility: { ...eligible, eligible: null }, review: r, audit: [] }).final_decision).toBe("needs_more_information");
    expect(decideCase({ eligibility: eligible, review: r, audit: [{ check: "date_sanity", passed: false, severity: "blocking", message: "DOB after request", citations: [] }] }).final_decision).toBe("needs_more_information");
  });
  it("lower OCR confidence lowers the decision confidence", () => {
    const r = review([["A", [c("met")]]]);
    const hi = decideCase({ eligibility: eligible, review: r, audit: [], ocrConfidence: 1 }).confidence_score;
    const lo = decideCase({ eligibility: eligible, review: r, audit: [], ocrConfidence: 0.5 }).confidence_score;
    expect(lo).toBeLessThan(hi);
  });
});
