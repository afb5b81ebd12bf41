import { describe, expect, it } from "vitest";
import type { CaseFacts, CriterionOf, DecisionTree } from "../contracts";
import { emptyFacts } from "../testing";
import { codeFrequencyOf, codeFrequencyRules } from "../policy/code-frequency";
import { judgeCodeFrequency, lineSide } from "./code-frequency-count";
import { withoutIdleIndication } from "../pipeline/run-pipeline";

const rule = (over: Partial<CriterionOf<"code_frequency">> = {}): CriterionOf<"code_frequency"> => ({
  kind: "code_frequency",
  text: "Tympanometry (92567) is covered once per ear in a 6-month period.",
  passage: null,
  confidence: "high",
  codes: ["92567", "92550"],
  max: 1,
  window_days: 180,
  per_side: true,
  ...over,
});

type Line = NonNullable<CaseFacts["service_line"]>;
const facts = (line: Partial<Line>): CaseFacts =>
  emptyFacts({
    service_line: { code: "92567", date_of_service: "2027-03-10", modifiers: ["LT"], claim_lines: [], prior_lines: [], ...line },
  });

describe("code frequency rules read from a billing note", () => {
  it("reads the codes, the count, the side and the window", () => {
    expect(codeFrequencyOf("Audiometry (92557 or 92550 tympanometry) is covered once per ear in a 6-month period.")).toEqual({
      codes: ["92557", "92550"],
      max: 1,
      window_days: 180,
      per_side: true,
    });
    expect(codeFrequencyOf("Code 97750 is payable twice per 12 months.")).toEqual({ codes: ["97750"], max: 2, window_days: 365, per_side: false });
  });
  it("reads nothing without a code before the verb, a count, a window, or with an exception", () => {
    expect(codeFrequencyOf("The test is covered once per ear in a 6-month period.")).toBeNull();
    expect(codeFrequencyOf("97750 is covered when ordered by a physician.")).toBeNull();
    expect(codeFrequencyOf("97750 is payable twice.")).toBeNull();
    expect(codeFrequencyOf("97750 is payable once per year unless the member had surgery.")).toBeNull();
    // a rule on the services of one purpose: the line's code cannot tell which are counted
    expect(codeFrequencyOf("A pre-treatment ultrasound (76536) is covered once per 12 months.")).toBeNull();
    expect(codeFrequencyOf("Ultrasound (76536) is covered once per 12 months to document the nodule size.")).toBeNull();
  });
  it("turns a numbered note into one criterion scoped to its codes", () => {
    const lines = ["Coding notes", "2. Tympanometry (92567) is covered once per ear in a", "6-month period. Other text follows here."].map((text) => ({
      text,
    }));
    const out = codeFrequencyRules(lines, () => null);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: "code_frequency", codes: ["92567"], max: 1, window_days: 180, per_side: true });
  });
});

describe("code frequency counted on a service line", () => {
  it("is met for the first service of the side, the other side's line on the claim not counted", () => {
    const f = facts({
      claim_lines: [
        { code: "92567", date_of_service: "2027-03-10", modifiers: ["RT"] },
        { code: "92567", date_of_service: "2027-03-10", modifiers: ["LT"] },
      ],
    });
    expect(judgeCodeFrequency(rule(), f, []).outcome).toBe("met");
  });
  it("fails when the claims history holds the same side within the window", () => {
    const f = facts({ prior_lines: [{ code: "92550", date_of_service: "2027-01-05", modifiers: ["LT"], units: 1, source: "earlier claim" }] });
    const r = judgeCodeFrequency(rule(), f, []);
    expect(r.outcome).toBe("not_met");
    expect(r.reason).toContain("2027-01-05");
  });
  it("is met when the earlier same-side service is older than the window", () => {
    const f = facts({ prior_lines: [{ code: "92567", date_of_service: "2026-08-01", modifiers: ["LT"], units: 1, source: "earlier claim" }] });
    expect(judgeCodeFrequency(rule(), f, []).outcome).toBe("met");
  });
  it("needs information without the claims history, without the line's side, or with an earlier line whose side is unknown", () => {
    expect(judgeCodeFrequency(rule(), facts({ prior_lines: undefined }), []).outcome).toBe("insufficient");
    expect(judgeCodeFrequency(rule(), facts({ modifiers: [] }), []).outcome).toBe("insufficient");
    const f = facts({ prior_lines: [{ code: "92567", date_of_service: "2027-02-01", modifiers: [], units: 1, source: "earlier claim" }] });
    expect(judgeCodeFrequency(rule(), f, []).outcome).toBe("insufficient");
  });
  it("counts a bilateral line for both sides", () => {
    expect(lineSide(["50"])).toBe("50");
    const f = facts({ prior_lines: [{ code: "92567", date_of_service: "2027-02-01", modifiers: ["50"], units: 1, source: "earlier claim" }] });
    expect(judgeCodeFrequency(rule(), f, []).outcome).toBe("not_met");
  });
});

describe("an indication question that no longer chooses anything", () => {
  const q = (id: string, parent: string | null, condition: string | null, question: string) =>
    ({ id, parent_id: parent, condition, node_type: "question", question, criterion: null }) as unknown as DecisionTree["nodes"][number];
  const a = (id: string, parent: string, condition: string, action: "approved" | "denied") =>
    ({
      id,
      parent_id: parent,
      condition,
      node_type: "action",
      node_action: action,
      question: action,
      criterion: null,
    }) as unknown as DecisionTree["nodes"][number];
  const tree = (second: string, conditions: string[] = []): DecisionTree =>
    ({
      nodes: [
        {
          ...q("i", null, null, "Which covered indication is the request for?"),
          criterion: {
            role: "indication",
            kind: "indication",
            branches: [
              { title: "A", conditions },
              { title: "B", conditions: [] },
            ],
          },
        },
        a("none", "i", "None of the listed indications", "denied"),
        q("c1", "i", "A", "Frequency rule"),
        a("c1n", "c1", "No", "denied"),
        a("c1y", "c1", "Yes", "approved"),
        q("c2", "i", "B", second),
        a("c2n", "c2", "No", "denied"),
        a("c2y", "c2", "Yes", "approved"),
      ],
      edges: [],
    }) as unknown as DecisionTree;
  it("is spliced out when every branch asks the same questions", () => {
    const out = withoutIdleIndication(tree("Frequency rule"));
    expect(out.nodes.map((n) => n.id)).toEqual(["c1", "c1n", "c1y"]);
    expect(out.nodes[0].parent_id).toBeNull();
  });
  it("stays when the branches ask different questions or a branch has a diagnosis gate", () => {
    expect(withoutIdleIndication(tree("Another rule")).nodes).toHaveLength(8);
    expect(withoutIdleIndication(tree("Frequency rule", ["cataract"])).nodes).toHaveLength(8);
  });
});
