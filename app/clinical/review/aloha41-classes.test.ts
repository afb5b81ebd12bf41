/**
 * Classes behind the aloha-hi first run, asserted on synthetic texts:
 * 1. identity: one caption over one box ("Last name, first name" over "Sample, Leilani"); a letter's
 *    "Re: <name> (DOB …)"; a banner "<Last>, <First> <DOB> F"; a signature block whose typed name
 *    repeats on the signature line ("Daniel Sample" / "Daniel Sample, M [X]"), or whose surname is two
 *    words; a memo's "From: <Name>, MD"; the NPI printed on the prescriber's own line outranks a
 *    pharmacy letterhead's NPI; a label read from the line below a word in a title loses to an inline one;
 * 2. a combination the request ends before it starts ("Will stop lisinopril", "ACE inhibitor / ARB will
 *    be stopped before the first [X] Y") is no concurrent use;
 * 3. "The member has <condition> with <a positive test …>" is the condition AND its qualifier (the path
 *    knows its indication); "(Appendix A, Table 1)" is no word the record must carry;
 * 4. "mL/min/1.73 m2" is a unit (its 1.73 is no eGFR); a flowsheet header may end with a reference column.
 */
import { describe, expect, it } from "vitest";
import type { Criterion } from "../contracts";
import { docFromPages, emptyFacts } from "../testing";
import { parseCriterion, parseExclusion, keyConcepts } from "../policy/parse-criterion";
import { buildCaseIndex } from "../evidence/case-index";
import { measureValues } from "../evidence/findings";
import { measureByName } from "../vocabulary/measures";
import { extractCaseFacts } from "../extract/extract-case";
import { evalContext, evaluateCriterion } from "./evaluate";

const DAY = "2026-10-15";
const facts = (lines: string[]) => extractCaseFacts(docFromPages([lines.join("\n")]));

describe("identity read from the layouts of the aloha-hi faxes", () => {
  it("reads 'Last name, first name' over one box in the caption's order", () => {
    const f = facts(["1. MEMBER", "Last name, first name Date of birth Member ID (as on card)", "Kanoho, Leilani 03/04/1980 XYZ1234567P", "Address Phone"]);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Leilani", "Kanoho"]);
  });

  it("reads a letter's 'Re: <name> (DOB …)'", () => {
    const f = facts(["November 6, 2026", "Clinical Review Department", "Re: Marian Example (DOB 05/05/1974; Member ID XYZ0000001H)", "Dear Reviewer:"]);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Marian", "Example"]);
  });

  it("reads a banner 'Last, First <DOB> F' under a caption row", () => {
    const f = facts(["INFUSION REFERRAL", "Name DOB Sex Insurance / member ID", "Example, Anela 08/04/1985 F Trust Medical Plan XYZ7914460H"]);
    expect([f.patient.first_name, f.patient.last_name]).toEqual(["Anela", "Example"]);
  });

  it("reads a signature block: a repeated typed name, a two-word surname, a memo's From:", () => {
    const repeated = facts(["Dear Reviewer:", "Please approve.", "Sincerely,", "Daniel Sample", "Daniel Sample, M [X]", "Urology", "NPI 1582037499"]);
    expect(repeated.practitioner.full_name).toBe("Daniel Sample");
    const memo = facts([
      "MEMO - PRIOR AUTHORIZATION",
      "To: Clinical Review",
      "From: Eric Example, MD (Gastroenterology) NPI 1718530243",
      "Patient: Wendell Sample DOB 12/11/1966",
    ]);
    expect(memo.practitioner.full_name).toBe("Eric Example");
  });

  it("takes the NPI on the prescriber's line, not a pharmacy letterhead's, and an inline label over a title word", () => {
    const f = facts([
      "COMMUNITY PHARMACY",
      "2850 Main St | Ph (808) 555-0811 | NCPDP 1203847 | NPI 1920483751",
      "CLAIM REJECTED - PRIOR AUTHORIZATION REQUEST - PRESCRIBER ACTION NEEDED",
      "TO: Amy Example, MD (fax (808) 555-0188) 10/27/2026 11:48",
      "Patient Sample, Noelani DOB 01/19/1988",
      "Prescriber Amy Example, MD NPI 1293847053",
    ]);
    expect(f.practitioner.full_name).toBe("Amy Example");
    expect(f.practitioner.npi).toBe("1293847053");
  });
});

describe("a combination the request ends before it starts", () => {
  const combo = parseExclusion("Concomitant use of an angiotensin-converting enzyme (ACE) inhibitor or an angiotensin II receptor blocker (ARB).", {
    drugNames: ["Examplo"],
  });
  const judge = (notes: string) =>
    evaluateCriterion(
      combo,
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
      "exclusion",
      { conditions: [], icd10: [] },
    );

  it("applies to ongoing use with no stop planned", () => {
    expect(judge("Lisinopril 40 mg daily since 2021, continuing. Requesting Examplo.").outcome).toBe("met");
  });

  it("does not apply when the request plans the stop", () => {
    expect(
      judge("Lisinopril 40 mg daily since 2021, continuing. Requesting Examplo to slow progression. Will stop lisinopril when Examplo starts.").outcome,
    ).not.toBe("met");
    expect(
      judge(["Lisinopril 40 mg daily since 2021.", "4. ACE inhibitor / ARB will be stopped before the first dose [X] Y [ ] N"].join("\n")).outcome,
    ).not.toBe("met");
  });

  it("a stop answered No is no planned stop", () => {
    expect(
      judge(["Lisinopril 40 mg daily since 2021, continuing.", "4. ACE inhibitor / ARB will be stopped before the first dose [ ] Y [X] N"].join("\n")).outcome,
    ).toBe("met");
  });
});

describe("a condition with its qualifier", () => {
  const leaves = (c: Criterion): Criterion[] => (c.kind === "all" || c.kind === "any" ? c.items.flatMap(leaves) : [c]);

  it("'The member has X with a positive … test' is the diagnosis AND the test", () => {
    const c = parseCriterion(
      "The member has generalized myasthenia gravis with a positive serologic test for anti-AChR antibodies (Appendix A, Table 1).",
      "",
      {
        drugNames: ["Examplo"],
      },
    );
    const kinds = leaves(c).map((x) => x.kind);
    expect(kinds).toContain("diagnosis");
    expect(kinds.length).toBeGreaterThan(1);
  });

  it("'… as documented by the prescriber' says who writes it: the diagnosis alone", () => {
    const c = parseCriterion("Individual has active psoriatic arthritis as documented by the prescriber", "", { drugNames: ["Examplo"] });
    expect(leaves(c).map((x) => x.kind)).toEqual(["diagnosis"]);
  });

  it("'Is prescribed <drug> for the treatment of <condition>' is a diagnosis requirement", () => {
    const c = parseCriterion("Is prescribed Examplo for the treatment of seizures associated with Dravet syndrome or Lennox-Gastaut syndrome", "", {
      drugNames: ["Examplo"],
    });
    expect(c.kind).toBe("diagnosis");
    expect(c.kind === "diagnosis" && c.conditions).toEqual(["dravet syndrome", "lennox-gastaut syndrome"]);
    // a use without a condition the vocabulary knows stays documentation
    expect(parseCriterion("Is prescribed Examplo for the treatment of a rare frobnication disorder", "", { drugNames: ["Examplo"] }).kind).not.toBe(
      "diagnosis",
    );
  });

  it("a reference to the policy's appendix or table is no concept", () => {
    const cs = keyConcepts("The disease is MGFA clinical class II, III or IV (Appendix A, Table 2).");
    expect(cs.flat()).not.toContain("appendix");
    expect(cs.flat()).not.toContain("table");
  });
});

describe("a rate normalised to body surface", () => {
  const egfr = (lines: string[]) =>
    measureValues(buildCaseIndex(docFromPages([lines.join("\n")]), "2026-12-01"), measureByName("eGFR")!).map((v) => [v.value, v.date]);

  it("never reads '1.73' of 'mL/min/1.73 m2' as the value", () => {
    expect(egfr(["Labs 11/18/2026: eGFR (mL/min/1.73 m2): 61"])).toEqual([[61, "2026-11-18"]]);
  });

  it("reads a flowsheet whose header ends with a reference column, each value with its column's date", () => {
    expect(egfr(["RESULTS", "Test 05/19/2026 08/20/2026 11/18/2026 Reference", "eGFR (mL/min/1.73m2) 61 60 59 >= 60"])).toEqual([
      [61, "2026-05-19"],
      [60, "2026-08-20"],
      [59, "2026-11-18"],
    ]);
  });
});

describe("a REMS enrollment attestation", () => {
  const rems = parseCriterion("The prescriber attests that the member is enrolled in the EXAMPLO REMS (liver test monitoring).", "", {
    drugNames: ["Examplo"],
  });
  const judge = (notes: string) =>
    evaluateCriterion(
      rems,
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
      "criterion",
      { conditions: [], icd10: [] },
    ).outcome;

  it("is met by a stated enrollment or a REMS question answered yes", () => {
    expect(judge("Now NYHA II. REMS enrollment active (patient ID EX-P-2203916). No interacting medications.")).toBe("met");
    expect(judge("7. Member enrolled in the EXAMPLO REMS? [X] Y [ ] N")).toBe("met");
  });

  it("is not met by a pending, negative or unrelated REMS mention", () => {
    expect(judge("REMS enrollment pending; forms sent 10/02.")).not.toBe("met");
    expect(judge("7. Member enrolled in the EXAMPLO REMS? [ ] Y [X] N")).not.toBe("met");
    expect(judge("Monthly liver tests per REMS.")).not.toBe("met");
  });
});

describe("an MAO inhibitor named as a class", () => {
  const c = parseCriterion("Is not taking, and has not taken within the past 14 days, a monoamine oxidase inhibitor.", "", { drugNames: ["Examplo"] });
  const judge = (notes: string) =>
    evaluateCriterion(
      c,
      evalContext({ idx: buildCaseIndex(docFromPages([notes]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
      "criterion",
      { conditions: [], icd10: [] },
    ).outcome;

  it("is read as the class, met by 'has never taken a monoamine oxidase inhibitor'", () => {
    expect(JSON.stringify(c)).toContain("MAO inhibitor");
    expect(judge("He has never taken a monoamine oxidase inhibitor or any other serotonergic drug.")).toBe("met");
    expect(judge("Seizures monthly; on valproate.")).not.toBe("met");
  });
});
