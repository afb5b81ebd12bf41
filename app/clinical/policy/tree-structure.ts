/**
 * Structure of a coverage-policy decision tree (CoveragePolicyNode/Edge): the rules every tree obeys
 * whoever made it (the policy reader, a model, a policy author in the editor) before it is stored.
 */
import { z } from "zod";
import { TreeEdgeSchema, TreeNodeSchema, UnreadPassageSchema, type DecisionTree, type TreeNode } from "../contracts";

/**
 * A coverage-policy decision tree (CoveragePolicyNode/Edge). Beyond field types it enforces
 * structure (see `decisionTreeProblems`): unique ids, edges and parents that reference nodes,
 * one or more roots, no cycles, every leaf an action node with approved/denied.
 */
export const DecisionTreeSchema = z
  .object({
    title: z.string().min(1),
    drug_names: z.array(z.string()),
    nodes: z.array(TreeNodeSchema).min(1),
    edges: z.array(TreeEdgeSchema),
    unread: z.array(UnreadPassageSchema).optional(),
  })
  .superRefine((tree, ctx) => {
    for (const message of decisionTreeProblems(tree)) ctx.addIssue({ code: "custom", message });
  });

/**
 * Structural problems of a decision tree, as sentences (empty when valid):
 * duplicate ids; edges or parent_id naming unknown nodes; a parent_id without the matching edge;
 * no root; a cycle; a leaf that is not an action node; an action node without node_action or with
 * children; a question node carrying node_action.
 */
export function decisionTreeProblems(tree: {
  nodes: Pick<TreeNode, "id" | "node_type" | "node_action" | "parent_id">[];
  edges: Pick<DecisionTree["edges"][number], "source" | "target">[];
}): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const n of tree.nodes) {
    if (ids.has(n.id)) problems.push(`duplicate node id "${n.id}"`);
    ids.add(n.id);
  }
  const children = new Map<string, string[]>();
  const incoming = new Map<string, number>();
  for (const e of tree.edges) {
    if (!ids.has(e.source)) problems.push(`edge ${e.source}→${e.target} has unknown source "${e.source}"`);
    if (!ids.has(e.target)) problems.push(`edge ${e.source}→${e.target} has unknown target "${e.target}"`);
    if (e.source === e.target) problems.push(`edge ${e.source}→${e.target} points to itself`);
    children.set(e.source, [...(children.get(e.source) ?? []), e.target]);
    incoming.set(e.target, (incoming.get(e.target) ?? 0) + 1);
  }
  for (const n of tree.nodes) {
    if (n.parent_id !== null) {
      if (!ids.has(n.parent_id)) problems.push(`node "${n.id}" has unknown parent_id "${n.parent_id}"`);
      else if (!tree.edges.some((e) => e.source === n.parent_id && e.target === n.id)) {
        problems.push(`node "${n.id}" has parent_id "${n.parent_id}" but no edge ${n.parent_id}→${n.id}`);
      }
    }
    const kids = children.get(n.id) ?? [];
    if (n.node_type === "action") {
      if (!n.node_action) problems.push(`action node "${n.id}" needs node_action approved or denied`);
      if (kids.length) problems.push(`action node "${n.id}" must be a leaf but has children`);
    } else {
      if (n.node_action) problems.push(`question node "${n.id}" must not have node_action`);
      if (!kids.length) problems.push(`leaf "${n.id}" is a question; every leaf must be an action node`);
    }
  }
  const roots = tree.nodes.filter((n) => !incoming.get(n.id));
  if (tree.nodes.length && !roots.length) problems.push("the tree has no root (every node has a parent)");
  // cycle check: DFS with colours
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 1) return true;
    if (state.get(id) === 2) return false;
    state.set(id, 1);
    for (const k of children.get(id) ?? []) if (visit(k)) return true;
    state.set(id, 2);
    return false;
  };
  for (const id of ids) {
    if (visit(id)) {
      problems.push("the edges contain a cycle");
      break;
    }
  }
  return problems;
}

/** Throws an Error listing the problems when `tree` is not a valid DecisionTree; returns it parsed. */
export function requireValidDecisionTree(tree: unknown): DecisionTree {
  const r = DecisionTreeSchema.safeParse(tree);
  if (!r.success) {
    throw new Error(`Invalid decision tree: ${r.error.issues.map((i) => `${i.path.join(".") || "(tree)"}: ${i.message}`).join("; ")}`);
  }
  return r.data as DecisionTree;
}

/**
 * Throws an Error listing every structural problem (see `decisionTreeProblems`) of `tree`; used after
 * either generator, before a tree is stored.
 */
export function validateTreeStructure(tree: Pick<DecisionTree, "nodes" | "edges">): void {
  const problems = decisionTreeProblems(tree);
  if (problems.length) throw new Error(`Invalid decision tree structure: ${problems.join("; ")}`);
}
