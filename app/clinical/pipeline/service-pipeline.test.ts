import { describe, expect, it } from "vitest";
import { docFromPages } from "../testing";
import { generateDecisionTree } from "../policy/compile-tree";
import { builtinAgents } from "./builtin-agents";
import { combineLineDecisions, runServicePipeline, selectServicePolicy, unitsPerDateOfServiceLimit } from "./run-pipeline";

const policy = docFromPages([
  "Outpatient Physical Therapy\nOutpatient physical therapy (CPT 97110) is medically necessary when ALL of the following are met:\n1. A documented functional deficit; AND\n2. A plan of care signed by the treating physician.\nFrequency limit: no more than 4 units per date of service.",
]);
const tree = generateDecisionTree(policy, { drug_names: ["97110"], title: "physical-therapy", documentName: "policy" });
const roster = [
  {
    member_id: "CHP2240187",
    first_name: "Martin",
    last_name: "Okafor",
    birth_date: "1968-04-22",
    gender: null,
    plan_identification: null,
    coverage_start: "2026-01-01",
    coverage_end: null,
  },
];
const fax = (units: number, notes: string) =>
  docFromPages([
    `MEDICAL PRIOR AUTHORIZATION REQUEST\nDate of request: 10/17/2026\nMember name: Martin Okafor   Date of birth: 04/22/1968\nMember ID: CHP2240187\nDiagnoses (ICD-10-CM): M25.561 Pain in right knee\nCPT/HCPCS 97110-GP Therapeutic exercise each 15 minutes  Units: ${units}  Date of service: 10/20/2026  POS 11\n${notes}`,
  ]);
const run = (doc: ReturnType<typeof docFromPages>) =>
  runServicePipeline({ caseDoc: doc, roster, policies: [{ id: "pt", codes: ["97110"] }], loadTree: async () => tree }, builtinAgents);

describe("runServicePipeline", () => {
  it("reads the policy's units limit", () => {
    expect(unitsPerDateOfServiceLimit(tree)?.max).toBe(4);
  });

  it("approves a line whose every criterion is documented and within the units limit", async () => {
    const r = await run(fax(3, "Functional deficit: unable to climb stairs.\nPlan of care signed by the treating physician on 10/15/2026."));
    expect(r.lines.map((l) => l.decision.final_decision)).toEqual(["approved"]);
  });

  it("denies a line over the units limit, quoting the fax line", async () => {
    const r = await run(fax(6, "Functional deficit: unable to climb stairs.\nPlan of care signed by the treating physician on 10/15/2026."));
    const d = r.lines[0].decision;
    expect(d.final_decision).toBe("denied");
    expect(d.citations.some((c) => c.document === "fax" && c.text.includes("Units: 6"))).toBe(true);
  });

  it("asks for what is missing instead of denying on absence", async () => {
    const r = await run(fax(2, "Functional deficit: unable to climb stairs."));
    expect(r.lines[0].decision.final_decision).toBe("needs_more_information");
  });

  it("needs more information for a code no policy governs, and combines lines as FORMAT.md says", async () => {
    expect(selectServicePolicy("97140", [{ id: "pt", codes: ["97110"] }])).toBeNull();
    const d = (final_decision: "approved" | "denied" | "needs_more_information") =>
      ({
        line: { code: "97110", line_number: 1 },
        decision: { final_decision, confidence_score: 0.9, ai_summary: "", rationale: "", citations: [], decision_tree_traversal: [] },
      }) as never;
    expect(combineLineDecisions([d("approved"), d("denied")]).final_decision).toBe("denied");
    expect(combineLineDecisions([d("approved"), d("needs_more_information")]).final_decision).toBe("needs_more_information");
    expect(combineLineDecisions([]).final_decision).toBe("needs_more_information");
  });
});
