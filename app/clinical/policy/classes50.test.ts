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
 *    approved such a request): a reviewer confirms which form is treated;
 * 5. "liver tests dated within 30 days …, with ALT and AST no more than 3 times the upper limit of normal
 *    and total bilirubin no more than 2 times …" compares each value with its ceiling on the laboratory's
 *    printed range (a recent ALT of 10 x ULN had met it: a wrongful-approval class); a bound the reader
 *    cannot tie to its measures leaves the requirement to a reviewer;
 * 6. a drug "on a reduced-dose taper" or "tapering" is current therapy ("tapered off" is not);
 * 7. a results table with one column per date and the reference range last ("Test | 11/10 | 11/17 | 11/28 |
 *    Reference" over "ALT (U/L)  18  24  61  7-41") gives each result the row's range;
 * 8. a CMS Part D criteria grid ("PA Criteria | Criteria Details"): a label opening a row wins over a label
 *    ending one ("PA Indication Indicator All FDA-approved Indications" had started the table's sections
 *    one row off, so every cell was read as the next label's), labels match in any case ("Off-label Uses");
 *    Other Criteria that run indications together in capitals read each as its path, its label wrapped over
 *    two lines ("… auto-HSCT. MYELODYSPLASTIC" / "SYNDROMES: approve if …"), an indication named only
 *    there a path of its own, "approve if" taken off the requirement, "X and the requested drug will be
 *    used with Y" two requirements, the Part B versus Part D note none, and a prose parenthesis ("… the
 *    prescribing information (MDS: 10 mg if …") no scope.
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
import { referenceRangeOn } from "../evidence/reference-range";
import { MEASURES } from "../vocabulary/measures";

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

describe("recent values with ceilings in multiples of the upper limit of normal", () => {
  const DAY = "2026-12-01";
  const q =
    "liver tests (ALT, AST, alkaline phosphatase and total bilirubin) dated within 30 days before the request been provided, with ALT and AST no more than 3 times the upper limit of normal and total bilirubin no more than 2 times the upper limit of normal";
  const judge = (text: string, requirement = q) =>
    evaluateCriterion(
      parseCriterion(requirement, "", { drugNames: ["Examplo"] }),
      evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
    );
  const labs = (alt: number, bili = 0.7) =>
    `Labs 11/28/2026: ALT ${alt} U/L (ref 7-40), AST 38 U/L (ref 10-40), alkaline phosphatase 90 U/L (ref 40-130), total bilirubin ${bili} mg/dL (ref 0.2-1.2).`;
  it("is met by recent values within their ceilings, each shown with it", () => {
    const e = judge(labs(61));
    expect(e.outcome).toBe("met");
    expect(e.reason).toContain("ALT 61 on 2026-11-28 (at most 3 x ULN 40 = 120)");
    expect(e.reason).toContain("bilirubin 0.7 on 2026-11-28 (at most 2 x ULN 1.2 = 2.4)");
  });
  it("is never met by a recent value above its ceiling", () => {
    expect(judge(labs(400)).outcome).toBe("insufficient");
    expect(judge(labs(61, 3.1)).outcome).toBe("insufficient");
  });
  it("leaves a bound it cannot tie to a measure to a reviewer", () => {
    const e = judge(labs(61), "Liver function values (ALT, AST) collected within 30 days before the request, each below the laboratory's critical value");
    expect(e.outcome).toBe("insufficient");
  });
});

describe("a tapering drug is current therapy", () => {
  const DAY = "2026-12-01";
  const judge = (text: string) =>
    evaluateCriterion(
      parseCriterion("Examplo will be used together with glucocorticoids", "", { drugNames: ["Examplo"] }),
      evalContext({ idx: buildCaseIndex(docFromPages([text]), DAY), facts: emptyFacts(), requestDate: DAY, requestedNames: ["Examplo"] }),
    ).outcome;
  it("on a taper, tapering: current; tapered off: not", () => {
    expect(judge("Methylprednisolone 500 mg IV for 3 days, then prednisone 60 mg daily on a reduced-dose taper.")).toBe("met");
    expect(judge("He is tapering prednisone, now 20 mg daily.")).toBe("met");
    expect(judge("Prednisone was tapered off in 08/2026.")).not.toBe("met");
  });
});

describe("a results table with one column per date and the range last", () => {
  const alt = MEASURES.find((m) => m.name === "ALT")!;
  const read = (text: string, value: number, at: number) => {
    const idx = buildCaseIndex(docFromPages([text]), "2026-12-01");
    return referenceRangeOn(idx, idx.lines[at], alt, value);
  };
  const table = "Test  11/10/2026  11/17/2026  11/28/2026  Reference\nALT (U/L)  18  24  61  7-41";
  it("gives any of the row's results the row's range under a header naming the range column", () => {
    expect(read(table, 61, 1)).toEqual({ low: 7, high: 41 });
    expect(read(table, 24, 1)).toEqual({ low: 7, high: 41 });
  });
  it("reads no range for a value not in the row, nor without the header", () => {
    expect(read(table, 55, 1)).toBeNull();
    expect(read("Test  11/10/2026  11/17/2026  11/28/2026\nALT (U/L)  18  24  61  7-41", 61, 1)).toBeNull();
  });
});

describe("a CMS Part D criteria grid with indications run together in Other Criteria", () => {
  const grid = tablePage(
    [
      ["PA Criteria", "Criteria Details"],
      ["PA Group Name", "EXAMPLOMIDE"],
      ["PA Indication Indicator", "All FDA-approved Indications"],
      ["Off-label Uses", "N/A"],
      ["Exclusion Criteria", "Chronic lymphocytic leukemia (CLL) outside of a controlled clinical trial."],
      ["Required Medical Information", "Diagnosis. Multiple myeloma (MM): whether the drug will be used with dexamethasone."],
      ["", "Mantle cell lymphoma (MCL): each prior therapy by regimen name with dates."],
      ["Age Restrictions", "18 years of age or older"],
      ["Prescriber Restrictions", "Prescribed by or in consultation with a hematologist or an oncologist"],
      ["Coverage Duration", "12 months"],
      ["Other Criteria", "MULTIPLE MYELOMA: approve if the requested drug will be used in combination with"],
      ["", "dexamethasone. MANTLE CELL"],
      ["", "LYMPHOMA: approve if the disease has relapsed after two prior therapies. FOLLICULAR"],
      ["", "LYMPHOMA: approve if the lymphoma was previously treated and the requested drug will be used in"],
      ["", "combination with rituximab. ALL INDICATIONS: the starting dose must be consistent with the renal"],
      ["", "dose adjustment in the prescribing information (MM: 25 mg once daily if creatinine clearance is 60"],
      ["", "mL/min or more, 10 mg once daily if 30 to 59 mL/min). PART B VERSUS PART D: Examplomide is an oral"],
      ["", "anticancer drug covered under Part D when criteria are met."],
    ].map(([a, b]): [string, number][] =>
      a
        ? [
            [a, 50],
            [b, 183],
          ]
        : [[b, 183]],
    ),
  );
  const m = readPolicy(grid, { drug_names: ["Examplomide", "examplomide"], title: "examplomide", documentName: "policy" });
  const path = (re: RegExp) => m.indications.find((i) => re.test(i.title));
  it("reads each indication's path, with the restrictions of every path", () => {
    expect(m.indications.map((i) => i.title)).toEqual(expect.arrayContaining(["Multiple myeloma (MM)", "Mantle cell lymphoma (MCL)", "FOLLICULAR LYMPHOMA"]));
    for (const re of [/myeloma/i, /mantle/i, /follicular/i]) {
      const kinds = path(re)!.criteria.map((c) => c.kind);
      expect(kinds).toEqual(expect.arrayContaining(["age", "prescriber"]));
    }
    expect(path(/mantle/i)!.criteria.some((c) => /relapsed after two prior therapies/.test(c.text) && !/^approve/i.test(c.text))).toBe(true);
    expect(path(/myeloma/i)!.criteria.some((c) => /MANTLE|relapsed/.test(c.text))).toBe(false);
  });
  it("reads 'previously treated and the requested drug will be used with rituximab' as two requirements", () => {
    const f = path(/follicular/i)!.criteria;
    expect(f.some((c) => c.kind === "prior_therapy")).toBe(true);
    expect(f.some((c) => c.kind === "current_therapy" && c.drugs.includes("rituximab"))).toBe(true);
  });
  it("reads the exclusions from their own row, and neither the Part B note nor the renal dose table as requirements", () => {
    expect(m.exclusions.map((c) => c.text)).toEqual(["Chronic lymphocytic leukemia (CLL) outside of a controlled clinical trial."]);
    const all = m.indications.flatMap((i) => i.criteria).concat(m.common);
    expect(all.some((c) => /Part D/i.test(c.text))).toBe(false);
    expect(all.some((c) => c.kind === "lab")).toBe(false);
    expect(all.some((c) => c.text === "Diagnosis")).toBe(false);
  });
});
