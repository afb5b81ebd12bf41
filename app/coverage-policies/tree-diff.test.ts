import { describe, expect, it } from "vitest";
import type { DecisionTree, TreeNode } from "~/clinical/contracts";
import { describeDiff, diffTrees } from "./tree-diff";

const node = (id: string, question: string, parent: string | null, condition: string | null, extra: Partial<TreeNode> = {}): TreeNode => ({
  id,
  node_type: "question",
  question,
  reason: null,
  node_action: null,
  condition,
  parent_id: parent,
  criterion: null,
  passage: null,
  ...extra,
});
const approve = (id: string, parent: string) => node(id, "Approve", parent, "Yes", { node_type: "action", node_action: "approved" });
const tree = (nodes: TreeNode[]): DecisionTree => ({
  title: "t",
  drug_names: ["x"],
  nodes,
  edges: nodes.filter((n) => n.parent_id).map((n) => ({ source: n.parent_id!, target: n.id, condition: n.condition })),
});

const base = tree([
  node("a", "Indication?", null, null),
  node("b", "Age ≥ 18 years", "a", "Rheumatoid arthritis", { criterion: { role: "criterion", spec: { kind: "age", min: 18 } } }),
  approve("c", "b"),
  node("d", "Prescribed by a dermatologist", "a", "Plaque psoriasis"),
  approve("e", "d"),
]);

describe("diffTrees", () => {
  it("matches nodes by place, not id: re-minted ids with the same content are unchanged", () => {
    const same = tree(
      base.nodes.map((n) => ({
        ...n,
        id: `x${n.id}`,
        parent_id: n.parent_id ? `x${n.parent_id}` : null,
        criterion: n.criterion ? { spec: { min: 18, kind: "age" }, role: "criterion" } : null,
      })),
    );
    const d = diffTrees(base, same);
    expect(d).toMatchObject({ added: [], removed: [], changed: [], unchanged: 5 });
    expect(describeDiff(d)).toBe("no changes");
  });

  it("an edited question under the same answer is one changed node; a removed branch is removed with its subtree; a new branch is added", () => {
    const next = tree([
      node("a", "Indication?", null, null),
      node("b2", "Age ≥ 65 years", "a", "Rheumatoid arthritis", { criterion: { role: "criterion", spec: { kind: "age", min: 65 } } }),
      approve("c2", "b2"),
      node("f", "Prescribed by a gastroenterologist", "a", "Crohn's disease"),
      approve("g", "f"),
    ]);
    const d = diffTrees(base, next);
    expect(d.changed).toHaveLength(1);
    expect(d.changed[0]).toMatchObject({ before: { question: "Age ≥ 18 years" }, after: { question: "Age ≥ 65 years", path: ["Indication?"] } });
    expect(d.changed[0].fields).toEqual(["question", "criterion"]);
    expect(d.removed.map((n) => n.question)).toEqual(["Prescribed by a dermatologist", "Approve"]);
    expect(d.added.map((n) => n.question)).toEqual(["Prescribed by a gastroenterologist", "Approve"]);
    expect(d.unchanged).toBe(2);
    expect(describeDiff(d)).toBe("2 added, 2 removed, 1 changed");
  });
});
