/**
 * X12 886 review decision reason codes on A3/A4 items (app/fhir/x12-review-reasons.ts): the mapping
 * from the engine's decision rules and the case's states, and the codes as they appear in a PAS
 * response (reviewAction.reasonCode), valid against profile-pas-response-bundle.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Bundle, ClaimResponse, Extension } from "@medplum/fhirtypes";
import { reasonKindOfRule, X12_886_SYSTEM, x12ReviewReason, type ReviewReasonKind } from "./x12-review-reasons";
import { buildPasResponse, type CaseOutcome, type ItemOutcome } from "./pas-response.server";
import { PAS_PROFILES, validateAgainstProfile } from "./pas-validator.server";
import type { StoredPasRequest } from "./pas-store";

describe("X12 886 reason codes for the platform's reasons", () => {
  it.each<[string, ReviewReasonKind, string | null]>([
    ["A3", "deny_criteria", "0F"],
    ["A3", "deny_not_covered", "0R"],
    ["A3", "deny_exclusion", "0M"],
    ["A3", "reviewer_denial", "0F"],
    ["A3", "deny_not_eligible", null],
    ["A4", "pend_missing_information", "0U"],
    ["A4", "pend_nothing_read", "0U"],
    ["A4", "pend_needs_review", "0V"],
    ["A4", "pend_no_policy", "0V"],
    ["A4", "pend_ai_rule", "0V"],
    ["A4", "awaiting_sign_off", "0V"],
    ["A4", "review_running", "0W"],
    ["A4", "intake_failed", "0W"],
    ["A4", "route_misdirected", null],
  ])("%s for %s → %s", (action, kind, code) => {
    expect(x12ReviewReason(action, kind)?.code ?? null).toBe(code);
  });

  it("never codes a pend with a denial reason nor a denial with a pend reason; A1 and C carry none", () => {
    for (const kind of ["deny_criteria", "deny_not_covered", "deny_exclusion", "reviewer_denial"] as const) expect(x12ReviewReason("A4", kind)).toBeNull();
    for (const kind of ["pend_missing_information", "awaiting_sign_off", "review_running"] as const) expect(x12ReviewReason("A3", kind)).toBeNull();
    expect(x12ReviewReason("A1", "deny_criteria")).toBeNull();
    expect(x12ReviewReason("C", "review_running")).toBeNull();
    expect(x12ReviewReason("A4", null)).toBeNull();
  });

  it("reads only known engine rules", () => {
    expect(reasonKindOfRule("deny_criteria")).toBe("deny_criteria");
    expect(reasonKindOfRule("pend_ai_rule")).toBe("pend_ai_rule");
    expect(reasonKindOfRule("approve")).toBeNull();
    expect(reasonKindOfRule("service_lines")).toBeNull();
    expect(reasonKindOfRule(undefined)).toBeNull();
    expect(reasonKindOfRule(42)).toBeNull();
  });
});

describe("reason codes in a PAS response", () => {
  const example = JSON.parse(
    fs.readFileSync(path.resolve("../shared/fhir/davinci-pas-2.2.1/example/Bundle-HomecareAuthorizationBundleExample.json"), "utf8"),
  ) as Bundle;
  const sequences = (example.entry![0]!.resource as { item: { sequence: number }[] }).item.map((i) => i.sequence);

  it("puts the code on A3/A4 items' reviewAction, and the response stays valid", () => {
    const kinds: [ItemOutcome["action"], ReviewReasonKind | null, string | null][] = [
      ["A3", "deny_not_covered", "0R"],
      ["A4", "pend_missing_information", "0U"],
      ["A1", null, null],
    ];
    const stored: StoredPasRequest = {
      bundle: example,
      items: sequences.map((sequence) => ({ sequence, code: null })),
      kind: "claim",
      member_id: "1122334455",
      received_at: new Date().toISOString(),
    };
    const outcome: CaseOutcome = {
      caseId: "case-1",
      kind: "claim",
      intakeStatus: "succeeded",
      items: sequences.map((sequence, i) => {
        const [action, reasonKind] = kinds[i % kinds.length]!;
        return { sequence, action, reason: action === "A1" ? null : "why, in words", reasonKind, decidedAt: action === "A4" ? null : new Date() };
      }),
      humanReviewed: true,
      withdrawnAt: null,
      reviewer: null,
    };
    const bundle = buildPasResponse(stored, outcome, new Date());
    expect(validateAgainstProfile(bundle, PAS_PROFILES.responseBundle)).toEqual([]);
    const cr = bundle.entry![0]!.resource as ClaimResponse;
    cr.item!.forEach((item, i) => {
      const action = item.adjudication![0]!.extension![0]! as Extension;
      const reason = action.extension!.find((e) => e.url === "reasonCode")?.valueCodeableConcept?.coding?.[0];
      const expected = kinds[i % kinds.length]![2];
      if (expected) expect(reason).toMatchObject({ system: X12_886_SYSTEM, code: expected });
      else expect(reason).toBeUndefined();
    });
  }, 60_000);
});
