/**
 * Drug-policy classes of stop 50, each asserted on invented wording (no set's own text):
 * 1. a Yes / No question grid headed "# | Question | If YES | If NO" is a step table (the "#" header cell
 *    was not taken for a label column, so the grid ran together and the policy pended every request);
 * 2. its first question choosing the request type ("Is this a request to continue … (renewal)? Go to 6 /
 *    Go to 2") splits the renewal's route from the initial request's: the initial route is read, the
 *    renewal is a continuation passage (any other non-diagnosis branch still leaves the flow to a reviewer);
 * 3. "granulomatosis with polyangiitis (GPA) or microscopic polyangiitis (MPA)" names those two forms, not
 *    every vasculitis: eosinophilic granulomatosis with polyangiitis (M30.1) is neither;
 * 4. a request coded as another form of the required condition's family (M30.1) whose text only mentions
 *    the required form ("like patients with microscopic polyangiitis …") does not meet the diagnosis (it had
 *    approved such a request): a reviewer confirms which form is treated.
 */
import { describe, expect, it } from "vitest";
import { tablePage } from "../extract/test-pages";
import { buildCaseIndex } from "../evidence/case-index";
import { evalContext, evaluateCriterion } from "../review/evaluate";
import { docFromPages, emptyFacts } from "../testing";
import type { Criterion } from "../contracts";
import { conditionsNamedIn } from "../vocabulary/conditions";
import { readPolicy } from "./read-policy";
import { parseCriterion } from "./parse-criterion";

const Q = 74;
const Y = 352;
const N = 464;
const row = (n: string, q: string[], yes: string, no: string): [string, number][][] => [
  [
    [n, 44],
    [q[0], Q],
    [yes, Y],
    [no, N],
  ],
  ...q.slice(1).map((t): [string, number][] => [[t, Q]]),
  [],
];
const grid = (first: string[]) =>
  tablePage([
    [["Examplo (examplomab) - Utilization Management Criteria", 40]],
    [],
    [
      ["#", 44],
      ["Question", Q],
      ["If YES", Y],
      ["If NO", N],
    ],
    [],
    ...row("1", first, "Go to 6", "Go to 2"),
    ...row("2", ["Does the member have a diagnosis of plaque", "psoriasis?"], "Go to 3", "Deny"),
    ...row("3", ["Is the member 18 years of age or older?"], "Go to 4", "Deny"),
    ...row("4", ["Has the member tried and failed methotrexate", "for at least 3 months?"], "Go to 5", "Deny"),
    ...row("5", ["Is Examplo prescribed by or in consultation", "with a dermatologist?"], "Approve 6 months", "Deny"),
    ...row("6", ["RENEWAL: Does the prescriber document improvement", "of the psoriasis on Examplo?"], "Approve 12 months", "Deny"),
    [],
    [["Notes", 40]],
    [["1. Answer the questions in order.", 40]],
  ]);

describe("a '# | Question | If YES | If NO' grid with a renewal question first", () => {
  it("reads the initial request's route as the path; the renewal route is a continuation passage", () => {
    const doc = grid(["Is this a request to continue Examplo for a member", "who has received it for 6 months (renewal)?"]);
    const m = readPolicy(doc, { drug_names: ["Examplo", "examplomab"], title: "examplo", documentName: "policy" });
    expect(m.indications).toHaveLength(1);
    const kinds = m.indications[0].criteria.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["diagnosis", "age", "prescriber"]));
    expect(m.indications[0].criteria.some((c) => /methotrexate/i.test(c.text))).toBe(true);
    expect(m.indications[0].criteria.some((c) => /improvement of the psoriasis/i.test(c.text))).toBe(false);
    expect(m.continuation.some((c) => /request to continue/i.test(c.text))).toBe(true);
  });

  it("leaves a flow whose first branch is neither a diagnosis nor the request type to a reviewer", () => {
    const doc = grid(["Does the member weigh more than 100 kg?"]);
    const m = readPolicy(doc, { drug_names: ["Examplo", "examplomab"], title: "examplo", documentName: "policy" });
    // no path was built from the flow's routes: its approving questions were not read as one path
    expect(m.indications.some((i) => i.criteria.some((c) => c.kind === "prescriber") && i.criteria.some((c) => c.kind === "age"))).toBe(false);
  });
});

describe("GPA and MPA are two forms of vasculitis, EGPA a third", () => {
  it("names the forms the text names", () => {
    expect(conditionsNamedIn("granulomatosis with polyangiitis (GPA) or microscopic polyangiitis (MPA)").map((c) => c.name)).toEqual([
      "granulomatosis with polyangiitis",
      "microscopic polyangiitis",
    ]);
    expect(conditionsNamedIn("eosinophilic granulomatosis with polyangiitis (EGPA)").map((c) => c.name)).toEqual([
      "eosinophilic granulomatosis with polyangiitis",
    ]);
    expect(conditionsNamedIn("systemic vasculitis").map((c) => c.name)).toEqual(["vasculitis"]);
  });

  const DAY = "2026-11-05";
  const crit = parseCriterion("The member has a diagnosis of granulomatosis with polyangiitis (GPA) or microscopic polyangiitis (MPA).", "", {
    drugNames: ["Examplo"],
  }) as Criterion;
  const judge = (code: string, description: string, text: string) =>
    evaluateCriterion(
      crit,
      evalContext({
        idx: buildCaseIndex(docFromPages([text]), DAY),
        facts: emptyFacts({ diagnoses: [{ code, description, primary: true, citations: [] }] }),
        requestDate: DAY,
        requestedNames: ["Examplo"],
      }),
    );

  it("a request coded M30.1 whose letter compares the member with MPA does not meet it", () => {
    expect(crit.kind).toBe("diagnosis");
    const e = judge(
      "M30.1",
      "Polyarteritis with lung involvement [Churg-Strauss]",
      "Diagnosis: eosinophilic granulomatosis with polyangiitis (M30.1). Like patients with microscopic polyangiitis he is MPO-ANCA positive.",
    );
    expect(e.outcome).toBe("insufficient");
    expect(e.reason).toMatch(/another form/);
  });

  it("a request coded M31.7 meets it; one coded M31.30 too", () => {
    expect(judge("M31.7", "Microscopic polyangiitis", "Biopsy-proven microscopic polyangiitis, MPO-ANCA positive.").outcome).toBe("met");
    expect(judge("M31.30", "Wegener's granulomatosis without renal involvement", "GPA with sinus and lung disease.").outcome).toBe("met");
  });
});
