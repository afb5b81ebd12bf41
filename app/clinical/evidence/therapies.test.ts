/** Ported from app/engine/review/generalisation.test.ts ("trial groups, intolerance and doses"), 7017c33. */
import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { buildCaseIndex } from "./case-index";
import { dailyDoseMg, leadingDuration, therapyEvidence } from "./therapies";
import { classMembers, findDrugMentions } from "../vocabulary/drugs";

describe("dailyDoseMg", () => {
  it("reads documented daily and weekly doses", () => {
    expect(dailyDoseMg("metformin 1,000 mg PO BID")?.perDay).toBe(2000);
    expect(dailyDoseMg("metformin ER 2,000 mg daily")?.perDay).toBe(2000);
    expect(dailyDoseMg("MTX 15 mg weekly")?.perWeek).toBe(15);
  });
});

describe("therapyEvidence", () => {
  it("narrative stop points are read as weeks, not as open-ended months", () => {
    const idx = buildCaseIndex(
      docFromPages([
        "Methotrexate started 02/02/2026; discontinued at week 6 for ALT elevation.\nAmitriptyline 25 mg qhs from 06/2025, tolerated poorly, d/c'd after two weeks.",
      ]),
      "2026-05-01",
    );
    const ev = therapyEvidence(idx, ["methotrexate", "amitriptyline"], [], null);
    expect(ev.get("methotrexate")).toMatchObject({ days: 42, stopped: true, intolerance: true });
    expect(ev.get("amitriptyline")).toMatchObject({ days: 14, intolerance: true });
  });
  it("a drug named only as never tried or planned is not a trial", () => {
    const idx = buildCaseIndex(docFromPages(["Has not tried topiramate.\nPlan: will start propranolol next visit."]), "2026-05-01");
    const ev = therapyEvidence(idx, ["topiramate", "propranolol"], [], null);
    expect(ev.get("topiramate")).toMatchObject({ notTaken: true, explicitlyNotTaken: true });
    expect(ev.get("propranolol")).toMatchObject({ notTaken: true, failure: false });
  });
  // Regression (found by the ported tests, fixed): "Will start propranolol if no improvement." is read as a failed, ongoing propranolol trial (failure: true, outcome inadequate_response, notTaken: false): "no improvement" in a conditional plan counts as an inadequate response, so a criterion "has tried propranolol" (no minimum duration) is met by a drug never taken.
  it("a drug planned 'if no improvement' is not a failed trial", () => {
    const idx = buildCaseIndex(docFromPages(["Will start propranolol if no improvement."]), "2026-05-01");
    expect(therapyEvidence(idx, ["propranolol"], [], null).get("propranolol")).toMatchObject({ notTaken: true, failure: false });
  });
});

describe("leadingDuration", () => {
  it("reads a duration written before the list of therapies it belongs to", () => {
    expect(leadingDuration("failed 16 weeks of ")).toBe(112);
    expect(leadingDuration("she completed 8 weeks of physical therapy and nsaids (")).toBe(56);
    expect(leadingDuration("a 12-week trial of ")).toBe(84);
    expect(leadingDuration("three months of methotrexate, ")).toBe(91);
  });
  it("does not lend a symptom's or another clause's duration to the drug", () => {
    expect(leadingDuration("low back pain for 12 weeks despite ")).toBeNull();
    expect(leadingDuration("6 weeks of physical therapy, then ")).toBeNull();
    expect(leadingDuration("8 weeks of physical therapy was completed before ")).toBeNull();
    expect(leadingDuration("started ")).toBeNull();
  });
});

describe("non-drug therapies", () => {
  it("physical therapy is a class whose trials are read like a drug's, and never a drug mention", () => {
    expect(classMembers("physical therapy")).toContain("physical therapy");
    expect(findDrugMentions("Completed physical therapy.")).toHaveLength(0);
    const idx = buildCaseIndex(
      docFromPages(["Completed 8 weeks of physical therapy and naproxen 500 mg twice daily without improvement.\nPhysical therapy for 2 weeks, discontinued."]),
      "2026-10-01",
    );
    const ev = therapyEvidence(idx, [...classMembers("physical therapy"), "naproxen"], [], null);
    expect(ev.get("physical therapy")).toMatchObject({ days: 56, notTaken: false });
    expect(ev.get("naproxen")).toMatchObject({ days: 56, failure: true });
  });
});

describe("denied adverse effects are no intolerance (issue 24, item 3)", () => {
  // The rationale said methotrexate was "not tolerated" while the fax, and the rationale's own
  // citation, said "Inadequate response (DAS28-CRP 5.1)": "no GI side effects" was read as intolerance.
  const read = (text: string) => therapyEvidence(buildCaseIndex(docFromPages([text]), "2026-05-01"), ["methotrexate"], [], null).get("methotrexate")!;
  it.each([
    "Methotrexate 20 mg weekly from 01/2025 to 09/2025, no GI side effects, inadequate response (DAS28-CRP 5.1).",
    "Methotrexate 20 mg weekly 01/2025-09/2025, tolerated without nausea or vomiting, inadequate response.",
    "Methotrexate 20 mg weekly 01/2025-09/2025 (denies rash, diarrhea), failed.",
  ])("%s", (text) => {
    expect(read(text)).toMatchObject({ intolerance: false, failure: true, outcome: "inadequate_response" });
  });
  it("an adverse effect the fax states is still intolerance, beside a denied one", () => {
    expect(read("Methotrexate 15 mg weekly 01/2025-03/2025, no rash but stopped due to nausea.")).toMatchObject({ intolerance: true });
    expect(read("Methotrexate 15 mg weekly 01/2025-03/2025: GI side effects, switched.")).toMatchObject({ intolerance: true });
  });
});
