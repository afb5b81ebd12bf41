/**
 * A prior-authorization (pre-service) request is no claim (stop 42, found by `npm run eval` on the
 * blind set calusa-mappo: "99183 … 20 sessions from 11/02/2026" on an HBOT pre-service form was denied
 * against the fee schedule's "1 unit per date of service" — a wrongful denial the engine loop did not
 * show): its units are those asked for over the authorization period, so a limit counted over less
 * than 28 days sends the line to a reviewer, never to a denial. A claim's line is judged as before.
 */
import { describe, expect, it } from "vitest";
import { docFromPages, serviceLineResult } from "../testing";
import { applyFeeSchedule, type FeeScheduleRow } from "./fee-schedule";
import { isPreServiceRequest } from "../extract/service-lines";

const perDay: FeeScheduleRow = { code: "99183", description: "HBOT supervision, one per session", units_per_period: { amount: 1, period_days: 1 } };
const doc = docFromPages(["EXAMPLE HEALTH PLAN - PRE-SERVICE REVIEW REQUEST\nService requested: 99183 x 20 sessions starting 11/02/2026"]);

describe("a pre-service request's units", () => {
  it("is read as a pre-service request from its title", () => {
    expect(isPreServiceRequest(doc)).toBe(true);
    expect(isPreServiceRequest(docFromPages(["Clinic note\nHBOT session 12 of 20 today"]))).toBe(false);
  });
  it("never denies a per-date limit on the units asked for", () => {
    const l = serviceLineResult("99183", 20, "2026-11-02", { line_number: 1, decision: "approved" });
    const [r] = applyFeeSchedule([l], [perDay], doc, [], true, true);
    expect(r.decision.final_decision).toBe("needs_more_information");
    expect(r.decision.missing_items?.join(" ")).toMatch(/prior-authorization request/);
    // the same line on a claim is over the limit
    expect(applyFeeSchedule([l], [perDay], doc, [], true, false)[0].decision.final_decision).toBe("denied");
  });
});
