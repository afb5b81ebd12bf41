/**
 * First run of triservice-fed (issue 21): a scanned form's caption row ("Patient name | DoD Benefits
 * Number") was read as the patient's name and a lab report's own patient ID as the member ID, and the
 * request was denied "not on the roster" at 0.93 although the roster holds the member with that date
 * of birth. "Not covered" needs an identity read cleanly: a name that is not a caption, an ID shaped
 * like the plan's, and no roster member with the same date of birth that the request may be about.
 * Written with other names, IDs and captions than the set's.
 */
import { describe, expect, it } from "vitest";
import type { CaseFacts, RosterMember } from "../contracts";
import { emptyFacts } from "../testing";
import { checkEligibility } from "./check-eligibility";

const member = (member_id: string, first_name: string, last_name: string, birth_date: string): RosterMember => ({
  member_id,
  first_name,
  last_name,
  birth_date,
  gender: null,
  plan_identification: "P",
  coverage_start: "2026-01-01",
  coverage_end: null,
});
const roster = [member("90417763302", "Rowan", "Castellano", "1988-04-17"), member("90422850117", "Imani", "Okafor", "1975-10-02")];

function facts(p: Partial<CaseFacts["patient"]>): CaseFacts {
  const e = emptyFacts();
  return { ...e, request_date: "2026-11-02", request_date_source: "fax_header", patient: { ...e.patient, ...p } };
}

describe("'not on the roster' only for an identity read cleanly", () => {
  it("a caption row read as the name is not a clean reading (identity to confirm, not a denial)", () => {
    const r = checkEligibility(facts({ first_name: "Member", last_name: "Number", birth_date: "1990-01-01", member_id: "90455512345" }), roster, []);
    expect(r.eligible).toBeNull();
    expect(r.certainty).toBe("uncertain");
  });

  it("an ID not shaped like the plan's IDs (a lab's or a chart's own number) is not a clean reading", () => {
    const r = checkEligibility(facts({ first_name: "Dana", last_name: "Whitlock", birth_date: "1990-01-01", member_id: "LAB-7741203" }), roster, []);
    expect(r.eligible).toBeNull();
  });

  it("a roster member with the same date of birth and a shared run of ID digits is a lookalike, not 'not covered'", () => {
    const r = checkEligibility(facts({ first_name: "Rowen", last_name: "Castelano-Ruiz", birth_date: "1988-04-17", member_id: "90417763399" }), roster, []);
    expect(r.eligible).toBeNull();
    expect(r.certainty).toBe("uncertain");
  });

  it("still denies a cleanly read identity that no roster member resembles", () => {
    const r = checkEligibility(facts({ first_name: "Dana", last_name: "Whitlock", birth_date: "1990-01-01", member_id: "90455512345" }), roster, []);
    expect(r.eligible).toBe(false);
    expect(r.certainty).toBe("clear");
    expect(r.reason).toMatch(/not on the plan roster/);
  });
});
