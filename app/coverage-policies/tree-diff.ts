/**
 * What changed between two versions of a coverage policy's decision tree, node by node, for the
 * author comparing a regenerated draft (or an older version) with the published tree.
 *
 * Node ids are re-minted on every save, so nodes are matched by their place in the tree, top-down:
 * a node matches a child of its parent's match (roots match roots) with the same answer on the edge
 * and the same question; failing that, the child with the same answer and node type is the same node
 * with its text changed. A node whose parent has no match is removed; whatever is left in the other
 * tree is added.
 */
import type { DecisionTree, TreeNode } from "~/clinical/contracts";

/** A node as the comparison shows it. */
export interface DiffNode {
  id: string;
  question: string;
  node_type: string;
  node_action: string | null;
  condition: string | null;
  /** the questions of its ancestors, root first, to place it for the reader */
  path: string[];
}

export interface ChangedNode {
  before: DiffNode;
  after: DiffNode;
  /** which of question, reason, node_type, node_action, condition, criterion, passage differ */
  fields: string[];
}

export interface TreeDiff {
  added: DiffNode[];
  removed: DiffNode[];
  changed: ChangedNode[];
  unchanged: number;
}

const FIELDS = ["question", "reason", "node_type", "node_action", "condition", "criterion", "passage"] as const;

/** JSON with sorted keys, so two equal criteria written in another key order compare equal. */
function stable(v: unknown): string {
  if (v == null) return "null";
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (typeof v === "object") {
    return `{${Object.keys(v as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

const norm = (s: string | null | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase();

function fieldValue(n: TreeNode, f: (typeof FIELDS)[number]): string {
  if (f === "passage") return norm(n.passage?.text ?? null);
  if (f === "criterion") return stable(n.criterion ?? null);
  return norm((n[f] as string | null | undefined) ?? null);
}

function index(tree: DecisionTree) {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const children = new Map<string | null, TreeNode[]>();
  // edges define the walk; parent_id is the fallback for trees stored without edges
  const parentOf = new Map<string, string>();
  for (const e of tree.edges) if (byId.has(e.source) && byId.has(e.target)) parentOf.set(e.target, e.source);
  for (const n of tree.nodes) if (!parentOf.has(n.id) && n.parent_id && byId.has(n.parent_id)) parentOf.set(n.id, n.parent_id);
  for (const n of tree.nodes) {
    const p = parentOf.get(n.id) ?? null;
    children.set(p, [...(children.get(p) ?? []), n]);
  }
  const path = (id: string): string[] => {
    const out: string[] = [];
    let p = parentOf.get(id);
    for (let guard = 0; p && guard < 1000; guard++) {
      out.unshift(byId.get(p)!.question);
      p = parentOf.get(p);
    }
    return out;
  };
  return { children, path };
}

/**
 * Nodes of `after` added, nodes of `before` removed, and nodes present in both whose content
 * changed. Pure; trees may be of any size (linear in nodes × siblings).
 */
export function diffTrees(before: DecisionTree, after: DecisionTree): TreeDiff {
  const a = index(before);
  const b = index(after);
  const show = (n: TreeNode, ix: ReturnType<typeof index>): DiffNode => ({
    id: n.id,
    question: n.question,
    node_type: n.node_type,
    node_action: n.node_action ?? null,
    condition: n.condition ?? null,
    path: ix.path(n.id),
  });
  const out: TreeDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  const matchedB = new Set<string>();
  const removeSubtree = (n: TreeNode) => {
    out.removed.push(show(n, a));
    for (const c of a.children.get(n.id) ?? []) removeSubtree(c);
  };
  const walk = (parentA: string | null, parentB: string | null) => {
    const kidsA = a.children.get(parentA) ?? [];
    const kidsB = (b.children.get(parentB) ?? []).filter((n) => !matchedB.has(n.id));
    const pairs: [TreeNode, TreeNode | null][] = [];
    const free = new Set(kidsB.map((n) => n.id));
    const take = (pred: (x: TreeNode, y: TreeNode) => boolean, x: TreeNode) => {
      const y = kidsB.find((k) => free.has(k.id) && pred(x, k));
      if (y) free.delete(y.id);
      return y ?? null;
    };
    // same answer and same question first, then the same answer and kind (question text edited)
    const rest: TreeNode[] = [];
    for (const x of kidsA) {
      const y = take((p, q) => norm(p.condition) === norm(q.condition) && norm(p.question) === norm(q.question), x);
      if (y) pairs.push([x, y]);
      else rest.push(x);
    }
    for (const x of rest) pairs.push([x, take((p, q) => norm(p.condition) === norm(q.condition) && p.node_type === q.node_type, x)]);
    for (const [x, y] of pairs) {
      if (!y) {
        removeSubtree(x);
        continue;
      }
      matchedB.add(y.id);
      const fields = FIELDS.filter((f) => fieldValue(x, f) !== fieldValue(y, f));
      if (fields.length) out.changed.push({ before: show(x, a), after: show(y, b), fields });
      else out.unchanged++;
      walk(x.id, y.id);
    }
  };
  walk(null, null);
  for (const n of after.nodes) if (!matchedB.has(n.id)) out.added.push(show(n, b));
  return out;
}

/** "3 added, 1 removed, 2 changed" (or "no changes"). */
export function describeDiff(d: TreeDiff): string {
  const parts = [
    d.added.length && `${d.added.length} added`,
    d.removed.length && `${d.removed.length} removed`,
    d.changed.length && `${d.changed.length} changed`,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "no changes";
}
