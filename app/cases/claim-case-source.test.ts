import { describe, expect, it } from "vitest";
import { claimStatus, serviceLineState, type LineDecisionInput } from "./claim-case-source.server";

const at = (h: number) => new Date(Date.UTC(2026, 2, 2, h));
const ai = (final_decision: string, h: number, signedOff?: number): LineDecisionInput => ({
  agent: "builtin",
  final_decision,
  approved: final_decision === "approved" ? true : final_decision === "denied" ? false : null,
  created_at: at(h),
  signed_off_at: signedOff === undefined ? null : at(signedOff),
});
const human = (final_decision: "approved" | "denied", h: number): LineDecisionInput => ({
  agent: "human",
  final_decision,
  approved: final_decision === "approved",
  created_at: at(h),
  signed_off_at: null,
});

describe("serviceLineState", () => {
  it("a reviewer's override wins over a newer AI decision (a re-run never replaces it)", () => {
    expect(serviceLineState([human("denied", 2), ai("approved", 5)])).toEqual({ state: "denied", at: at(2), by: "human" });
  });
  it("an AI denial is final only once signed off, at the sign-off time", () => {
    expect(serviceLineState([ai("denied", 1)]).state).toBe("awaiting_sign_off");
    expect(serviceLineState([ai("denied", 1, 4)])).toEqual({ state: "denied", at: at(4), by: "human" });
  });
  it("reads old rows without final_decision from `approved`; no decision is pending", () => {
    expect(serviceLineState([{ ...ai("approved", 3), final_decision: null }])).toEqual({ state: "approved", at: at(3), by: "ai" });
    expect(serviceLineState([]).state).toBe("pending");
  });
});

describe("claimStatus", () => {
  it("a claim whose intake has not succeeded and has no decided line is in intake", () => {
    expect(claimStatus({ intake_status: "running", lines: [] })).toMatchObject({ status: "intake", decision: null });
    // a re-run queued on a claim that already has decisions keeps showing them
    expect(claimStatus({ intake_status: "queued", lines: [[ai("approved", 1)]] })).toMatchObject({ status: "decided", decision: "approved" });
  });
  it("needs more information on any line makes the claim outreach, even with a denied line", () => {
    expect(claimStatus({ intake_status: "succeeded", lines: [[human("denied", 1)], [ai("needs_more_information", 1)]] })).toMatchObject({
      status: "outreach",
      decision: "outreach",
      determination: null,
    });
  });
  it("an undecided line keeps the claim in review", () => {
    expect(claimStatus({ intake_status: "succeeded", lines: [[ai("approved", 1)], []] })).toMatchObject({ status: "review", decision: null });
    expect(claimStatus({ intake_status: "succeeded", lines: [] })).toMatchObject({ status: "review", decision: null });
  });
  it("all lines final: approved when all are, else denied at the last line's determination", () => {
    expect(claimStatus({ intake_status: "succeeded", lines: [[ai("approved", 1)], [ai("approved", 3)]] })).toMatchObject({
      status: "decided",
      determination: "approved",
      determined_at: at(3),
      determined_by: "ai",
    });
    expect(claimStatus({ intake_status: "succeeded", lines: [[ai("approved", 6)], [ai("denied", 1, 4)]] })).toMatchObject({
      status: "decided",
      determination: "denied",
      determined_at: at(6),
      determined_by: "human",
      lines: { total: 2, approved: 1, denied: 1, awaiting_sign_off: 0, outreach: 0, pending: 0 },
    });
  });
  it("an overturned appeal approves the denied line it covers: the claim shows approved, its initial determination stays", () => {
    const lines = [[ai("approved", 1)], [ai("denied", 1, 2)]];
    expect(claimStatus({ intake_status: "succeeded", lines, overturned_at: [null, at(9)] })).toMatchObject({
      status: "decided",
      decision: "approved",
      determination: "denied",
      determined_at: at(2),
      lines: { total: 2, approved: 2, denied: 0, approved_after_appeal: 1 },
    });
    // an appeal of a line that is not finally denied changes nothing; one of two denied lines overturned: still denied
    expect(claimStatus({ intake_status: "succeeded", lines: [[ai("approved", 1)]], overturned_at: [at(9)] })).toMatchObject({ lines: { approved: 1 } });
    expect(claimStatus({ intake_status: "succeeded", lines: [[ai("denied", 1, 2)], [human("denied", 3)]], overturned_at: [at(9), null] })).toMatchObject({
      decision: "denied",
      lines: { approved: 1, denied: 1, approved_after_appeal: 1 },
    });
  });
});
