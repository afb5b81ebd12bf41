import { describe, expect, it } from "vitest";
import { tablePage } from "../extract/test-pages";
import { docLines } from "../text/lines";
import { readStepTables } from "../text/step-table";
import { cellOutcome, flowRoutes, flowSteps } from "./decision-flow";
import { readPolicy } from "./read-policy";

/** a synthetic "drug utilization algorithm": label column at 60, question at 90, YES at 330, NO at 450 */
const Q = 90;
const Y = 330;
const N = 450;
const above: [string, number][][] = [[["Answer the steps in order, starting at S1; a pend is never a denial of the request by the plan.", 60]], []];
const row1: [string, number][][] = [
  [
    ["Is the member 18 years of age", Q],
    ["YES -> Go to S2", Y],
    ["NO -> NOT APPROVED", N],
  ],
  [
    ["S1", 60],
    ["or older?", Q],
  ],
  [],
];
const row2: [string, number][][] = [
  [
    ["Does the member have a diagnosis of", Q],
    ["YES -> Go to S3", Y],
    ["NO -> Another", N],
  ],
  [
    ["S2", 60],
    ["moderate to severe plaque psoriasis?", Q],
    ["diagnosis: NOT", N],
  ],
  [["APPROVED. Diagnosis", N]],
  [["not stated: PEND.", N]],
  [],
];
const row3: [string, number][][] = [
  [
    ["Has the member tried and failed", Q],
    ["YES -> APPROVE for", Y],
    ["NO -> PEND. Request", N],
  ],
  [
    ["methotrexate for at least 3 months?", Q],
    ["12 months.", Y],
    ["the chart notes", N],
  ],
  // the label sits low in its row, beside the NO cell's last line
  [
    ["S3", 60],
    ["and labs.", N],
  ],
  [],
];
const below: [string, number][][] = [
  [["Definitions", 60]],
  [["Plaque psoriasis severity is graded by the treating dermatologist at the visit before the request.", 60]],
];

const doc = tablePage([...above, ...row1, ...row2, ...row3, ...below]);

describe("step algorithm tables read from word geometry (step-table.ts)", () => {
  it("re-reads each wrapped row as a question line, a YES line and a NO line, verbatim", () => {
    const out = readStepTables(doc, docLines(doc));
    expect(out.filter((l) => l.flow).map((l) => l.text)).toEqual([
      "S1 Is the member 18 years of age or older?",
      "YES -> Go to S2",
      "NO -> NOT APPROVED",
      "S2 Does the member have a diagnosis of moderate to severe plaque psoriasis?",
      "YES -> Go to S3",
      "NO -> Another diagnosis: NOT APPROVED. Diagnosis not stated: PEND.",
      "S3 Has the member tried and failed methotrexate for at least 3 months?",
      "YES -> APPROVE for 12 months.",
      "NO -> PEND. Request the chart notes and labs.",
    ]);
    // every character but the joining spaces maps onto the same character of the page text
    const page = doc.pages[0].text;
    for (const l of out.filter((x) => x.flow)) for (let k = 0; k < l.text.length; k++) if (l.text[k] !== " ") expect(page[l.map[k]]).toBe(l.text[k]);
    // the text around the table is untouched
    expect(out.map((l) => l.text)).toContain("Definitions");
    expect(out[0].text).toMatch(/^Answer the steps/);
  });

  it("reads the rows as a decision flow: requirements on the approving route, a pend never a denial", () => {
    // without the table reader the interleaved page text holds no flow
    expect(flowSteps(docLines(doc))).toBeNull();
    const steps = flowSteps(readStepTables(doc, docLines(doc)))!;
    expect(steps.map((s) => [s.n, s.yes, s.no])).toEqual([
      [1, { to: "step", step: 2 }, { to: "deny" }],
      [2, { to: "step", step: 3 }, { to: "deny" }],
      [3, { to: "approve", duration: "12 months" }, { to: "pend" }],
    ]);
    expect(steps[1].question).toBe("Does the member have a diagnosis of moderate to severe plaque psoriasis?");
    const routes = flowRoutes(steps)!;
    expect(routes.map((r) => r.required.map((s) => s.n))).toEqual([[1, 2, 3]]);
  });

  it("reads the policy's criteria from the table instead of finding no criteria section", () => {
    const model = readPolicy(doc, { drug_names: ["Examplumab"] });
    const kinds = model.indications.flatMap((i) => i.criteria.map((c) => c.kind));
    expect(kinds).toContain("age");
    expect(kinds).toContain("diagnosis");
    expect(model.unread.some((u) => /No criteria section/.test(u.text))).toBe(false);
  });

  it("leaves a table whose routing it does not understand to the reviewer", () => {
    const odd = tablePage([
      ...above,
      ...row1,
      [
        ["Does the member have a diagnosis of", Q],
        ["YES -> Go to S3", Y],
        ["NO -> Discuss with", N],
      ],
      [
        ["S2", 60],
        ["moderate to severe plaque psoriasis?", Q],
        ["the medical director", N],
      ],
      [],
      ...row3,
      ...below,
    ]);
    const lines = readStepTables(odd, docLines(odd));
    expect(lines.some((l) => l.flow)).toBe(true);
    expect(flowSteps(lines)).toBeNull();
  });

  it("leaves rows run together without a gap (two labels in one row) as they were", () => {
    const tight = tablePage([...above, ...row1.slice(0, 2), ...row2.slice(0, 4), ...row3, ...below]);
    const lines = docLines(tight);
    expect(readStepTables(tight, lines)).toBe(lines);
  });

  it("reads a table with a Step | Question | Yes | No header whose cells hold only the outcomes", () => {
    const headed = tablePage([
      ...above,
      [
        ["Step", 60],
        ["Question", Q],
        ["Yes", Y],
        ["No", N],
      ],
      [],
      [
        ["1", 60],
        ["Is the member 18 or older?", Q],
        ["Go to Step 2", Y],
        ["Deny", N],
      ],
      [],
      [
        ["Does the member have plaque", Q],
        ["Go to Step 3", Y],
        ["Deny", N],
      ],
      [
        ["2", 60],
        ["psoriasis?", Q],
      ],
      [],
      [
        ["3", 60],
        ["Has the member tried methotrexate?", Q],
        ["Approve for 6", Y],
        ["Pend for review", N],
      ],
      [["months", Y]],
      [],
      ...below,
    ]);
    const steps = flowSteps(readStepTables(headed, docLines(headed)))!;
    expect(steps.map((s) => [s.n, s.question, s.yes.to, s.no.to])).toEqual([
      [1, "Is the member 18 or older?", "step", "deny"],
      [2, "Does the member have plaque psoriasis?", "step", "deny"],
      [3, "Has the member tried methotrexate?", "approve", "pend"],
    ]);
  });
});

describe("routing cells of a step table (cellOutcome)", () => {
  it("reads a condition before its outcome, and a note after it", () => {
    expect(cellOutcome("NO -> Request is for subcutaneous prevention: go to S7.", "no", "S")).toEqual({
      to: "step",
      step: 7,
      when: "Request is for subcutaneous prevention",
    });
    expect(cellOutcome("YES -> APPROVE IV: 900 mg once, plus a further dose within 8 days. Valid 30 days.", "yes", "S")).toEqual({
      to: "approve",
      duration: "30 days",
    });
    expect(cellOutcome("NO -> Active infection: NOT APPROVED. No result, or result pending: PEND.", "no", "S")).toEqual({ to: "deny" });
  });

  it("never reads a pend on a stated answer as a denial, and refuses mixed routings", () => {
    expect(cellOutcome("NO -> Younger than 12: NOT APPROVED. Age 12 to 17: PEND for medical director review.", "no")).toEqual({ to: "pend" });
    expect(cellOutcome("NO -> Pend for information", "no")).toEqual({ to: "pend" });
    expect(cellOutcome("NO -> Go to S4. Otherwise: NOT APPROVED.", "no", "S")).toBeNull();
    expect(cellOutcome("NO -> Discuss with the medical director", "no")).toBeNull();
    // the cell must be the column's own answer
    expect(cellOutcome("NO -> Go to S2", "yes", "S")).toBeNull();
  });
});
