/**
 * PolicyModel → DecisionTree, and a node back to the criterion the engine evaluates.
 * Ported from app/engine/policy/generate-tree.test.ts ("generateDecisionTree") and
 * new-styles.test.ts ("every new layout compiles"), 7017c33.
 */
import { describe, expect, it } from "vitest";
import type { DecisionTree, TreeNode } from "../contracts";
import { docFromPages } from "../testing";
import { generateDecisionTree, resolveNodeCriterion } from "./compile-tree";
import { decisionTreeProblems } from "./tree-structure";
import * as F from "./new-styles.fixtures";
import * as P from "./policy.fixtures";

const role = (n: TreeNode) => (n.criterion as { role?: string } | null)?.role;
const children = (t: DecisionTree, id: string) => t.nodes.filter((n) => n.parent_id === id);

describe("generateDecisionTree", () => {
  const t = generateDecisionTree(docFromPages([P.CLINICAL_EXAMPLUMAB]), { drug_names: ["Examplumab"] });

  it("lays out indication → criteria chain → approved, with denied leaves and passages", () => {
    const pick = t.nodes.find((n) => role(n) === "indication")!;
    expect(t.edges.filter((e) => e.source === pick.id).map((e) => e.condition)).toEqual([
      "None of the listed indications",
      "Asthma",
      "Chronic Spontaneous Urticaria",
    ]);
    expect(children(t, pick.id).find((n) => n.condition === "None of the listed indications")?.node_action).toBe("denied");
    const approved = t.nodes.filter((n) => n.node_action === "approved" && !n.question.endsWith("(continuation of therapy)"));
    expect(approved.map((n) => n.reason)).toEqual(["Approval duration: 6 months", "Approval duration: 3 months"]);
    const q = t.nodes.filter((n) => n.node_type === "question" && n !== pick && role(n) === "criterion" && !n.question.startsWith("Continuation:"));
    expect(q).toHaveLength(5);
    for (const n of q) {
      expect(role(n)).toBe("criterion");
      expect(n.passage?.document).toBe("policy");
      expect(children(t, n.id).some((d) => d.node_action === "denied" && d.condition === "No")).toBe(true);
    }
    // every edge mirrors a node's parent link, and the tree is well formed
    for (const n of t.nodes) if (n.parent_id) expect(t.edges).toContainEqual({ source: n.parent_id, target: n.id, condition: n.condition });
    expect(decisionTreeProblems(t)).toEqual([]);
  });

  it("splits an indication with continuation criteria: continuation request → its continuation criteria, otherwise the initial path", () => {
    const pick = t.nodes.find((n) => role(n) === "indication")!;
    const asks = children(t, pick.id).filter((n) => role(n) === "continuation");
    // "II. Continued Therapy — A. All Indications in Section I": every indication gets it
    expect(asks).toHaveLength(2);
    for (const ask of asks) {
      const [yes, no] = ["Yes", "No"].map((l) => children(t, ask.id).find((n) => n.condition === l)!);
      expect(yes.question).toBe("Continuation: Member is responding positively to therapy");
      expect((yes.criterion as { spec?: { kind?: string } }).spec?.kind).toBe("response");
      expect(children(t, yes.id).find((n) => n.condition === "Yes")?.question).toMatch(/^Approved — .* \(continuation of therapy\)$/);
      expect(role(no)).toBe("criterion");
      expect(no.question.startsWith("Continuation:")).toBe(false);
    }
    expect(decisionTreeProblems(t)).toEqual([]);
  });

  it("puts exclusions first (Yes → denied) and common criteria on every indication's path", () => {
    const p = generateDecisionTree(docFromPages([P.PARTD_EXAMPLO]), { drug_names: ["Examplo"] });
    const exclusions = p.nodes.filter((n) => role(n) === "exclusion");
    expect(exclusions.map((n) => n.question)).toEqual([
      "Exclusion: Use for weight loss or chronic weight management in a patient without type 2 diabetes mellitus.",
      "Exclusion: Type 1 diabetes mellitus.",
      "Exclusion: Concurrent use with another GLP-1 receptor agonist.",
    ]);
    for (const x of exclusions) expect(children(p, x.id).find((c) => c.condition === "Yes")?.node_action).toBe("denied");
    expect(p.nodes.find((n) => role(n) === "indication")?.parent_id).toBe(exclusions[2].id);
    const trailing = generateDecisionTree(docFromPages([P.PARTD_TRAILING]), { drug_names: ["Glucosave"] });
    const pick = trailing.nodes.find((n) => role(n) === "indication")!;
    // the common age restriction is the first question of the path
    expect(children(trailing, pick.id).find((n) => n.condition === "type 2 diabetes mellitus")?.criterion).toMatchObject({
      role: "criterion",
      spec: { kind: "age", min_years: 18 },
    });
  });

  it("every layout compiles to a valid tree with an approve leaf per indication", () => {
    for (const [name, text] of Object.entries({ ...F, ...P })) {
      const tree = generateDecisionTree(docFromPages([text]), { drug_names: ["x"] });
      expect(decisionTreeProblems(tree), name).toEqual([]);
      expect(tree.nodes.filter((n) => n.node_action === "approved").length, name).toBeGreaterThan(0);
      expect(tree.nodes.filter((n) => role(n) === "criterion").length, name).toBeGreaterThan(0);
    }
  });
});

describe("resolveNodeCriterion", () => {
  const t = generateDecisionTree(docFromPages([P.CLINICAL_EXAMPLUMAB]), { drug_names: ["Examplumab"] });
  const age = t.nodes.find((n) => /^Age/.test(n.question))!;

  it("uses the stored criterion of an unedited node", () => {
    expect(resolveNodeCriterion(age, t.drug_names)).toMatchObject({ role: "criterion", edited: false, spec: { kind: "age", min_years: 12 } });
  });
  it("re-reads an edited question, so the edit changes what is checked", () => {
    expect(resolveNodeCriterion({ ...age, question: "Age ≥ 18 years" }, t.drug_names)).toMatchObject({
      role: "criterion",
      edited: true,
      spec: { kind: "age", min_years: 18 },
    });
  });
  it("an edited question the reader cannot check is never a high-confidence criterion", () => {
    const r = resolveNodeCriterion({ ...age, question: "Reviewer judgement about overall frailty" }, t.drug_names);
    expect(r?.role).toBe("criterion");
    expect(r && r.role !== "indication" && r.role !== "continuation" && r.spec.confidence).not.toBe("high");
  });
  it("action nodes have no criterion", () => {
    expect(
      resolveNodeCriterion(
        t.nodes.find((n) => n.node_type === "action")!,
        t.drug_names,
      ),
    ).toBeNull();
  });
});
