import { describe, expect, it } from "vitest";
import { generateDecisionTree } from "./compile-tree";
import { decisionTreeProblems, DecisionTreeSchema, requireValidDecisionTree, validateTreeStructure } from "./tree-structure";
import { adalimumabTree, docFromPages } from "~/agents/test-fixtures";

describe("DecisionTreeSchema", () => {
  it("accepts a well-formed tree", () => {
    expect(DecisionTreeSchema.safeParse(adalimumabTree()).success).toBe(true);
  });

  it("validates the built-in generator's output too", () => {
    const doc = docFromPages([
      [
        "Adalimumab (Humira) Coverage Policy",
        "I. Initial Approval Criteria",
        "A. Rheumatoid Arthritis (must meet all):",
        "1. Diagnosis of rheumatoid arthritis;",
        "2. Prescribed by or in consultation with a rheumatologist;",
        "3. Failure of a >= 3 consecutive month trial of methotrexate;",
        "Approval duration: 6 months",
        "II. Exclusions",
        "1. Active tuberculosis infection.",
      ].join("\n"),
    ]);
    const tree = generateDecisionTree(doc, { drug_names: ["Humira", "adalimumab"], title: "Adalimumab" });
    const r = DecisionTreeSchema.safeParse(tree);
    expect(r.success, r.success ? "" : JSON.stringify(r.error.issues)).toBe(true);
  });

  it("reports structural problems", () => {
    const t = adalimumabTree();
    t.nodes.push({ ...t.nodes[0] }); // duplicate id n1
    t.nodes = t.nodes.filter((n) => n.id !== "n9"); // n7's Yes edge now dangles
    t.edges.push({ source: "n12", target: "n1", condition: null }); // action with a child, and no root
    t.nodes.find((n) => n.id === "n11")!.node_action = null;
    const problems = decisionTreeProblems(t);
    expect(problems).toEqual(
      expect.arrayContaining([
        'duplicate node id "n1"',
        'edge n7→n9 has unknown target "n9"',
        'action node "n12" must be a leaf but has children',
        'action node "n11" needs node_action approved or denied',
        "the tree has no root (every node has a parent)",
        "the edges contain a cycle",
      ]),
    );
    expect(DecisionTreeSchema.safeParse(t).success).toBe(false);
    expect(() => validateTreeStructure(t)).toThrow(/duplicate node id/);
    expect(() => requireValidDecisionTree(t)).toThrow(/Invalid decision tree/);
  });

  it("requires every leaf to be an action", () => {
    const t = adalimumabTree();
    t.nodes = t.nodes.filter((n) => n.id !== "n11" && n.id !== "n12");
    t.edges = t.edges.filter((e) => e.source !== "n10");
    expect(decisionTreeProblems(t)).toEqual(['leaf "n10" is a question; every leaf must be an action node']);
  });
});
