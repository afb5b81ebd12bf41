/**
 * PolicyModel → DecisionTree, and back from a (possibly hand-edited) tree node to the criterion the
 * engine evaluates.
 *
 * Layout: exclusion questions (Yes → denied, No → next) → "Which covered indication is the
 * request for?" (one edge per indication, labelled with its title; "None of the listed indications"
 * → denied) → per indication, the common criteria then its own, each a question (Yes → next,
 * No → denied) → approved (reason: approval duration). An indication whose policy states
 * continuation (reauthorization) criteria first asks whether the request is a continuation: Yes →
 * the continuation criteria → approved; No → the initial path above. Every question node carries
 * `criterion = { role, branch, source_text, spec }` (contracts.ts NodeCriterion) and its policy
 * passage. Deterministic.
 */
import type { Criterion, DecisionTree, NodeCriterion, PolicyModel, TreeNode } from "../contracts";
import { CriterionSchema, NodeCriterionSchema } from "../contracts";
import { readPolicy, type ReadPolicyMeta } from "./read-policy";
import { parseCriterion, parseExclusion } from "./parse-criterion";
import type { ParsedDocument } from "~/documents/types";

/** The question node that splits an indication into its continuation and initial-therapy paths. */
export const CONTINUATION_QUESTION = "Is this request for continuation of therapy (reauthorization) for a member already receiving the drug?";

/** Node question text of a criterion: its policy wording, with a group's alternatives spelled out. */
export function questionOf(c: Criterion): string {
  if ((c.kind === "any" || c.kind === "all") && c.items.length) {
    const head =
      c.text && !c.items.some((i) => i.text === c.text)
        ? c.text.replace(/\s+$/, "")
        : c.kind === "any"
          ? c.min
            ? `At least ${c.min} of the following`
            : "ONE of the following"
          : "ALL of the following";
    const listed = c.items.map((i) => i.text.replace(/[.;]+$/, "")).filter((t) => !head.includes(t));
    return listed.length ? `${head}${/[:]$/.test(head) ? "" : ":"} ${listed.map((t, i) => `(${String.fromCharCode(97 + i)}) ${t}`).join("; ")}` : head;
  }
  return c.text;
}

/** Lay a PolicyModel out as tree nodes and edges (see the module comment). */
export function compileTree(model: PolicyModel, drugNames: string[]): DecisionTree {
  const nodes: TreeNode[] = [];
  const edges: DecisionTree["edges"] = [];
  let n = 0;
  const add = (node: Omit<TreeNode, "id">): TreeNode => {
    const full = { id: `n${++n}`, ...node };
    nodes.push(full);
    if (full.parent_id) edges.push({ source: full.parent_id, target: full.id, condition: full.condition });
    return full;
  };
  const action = (parent: string, condition: string, act: "approved" | "denied", label: string, reason: string | null) =>
    add({ node_type: "action", question: label, reason, node_action: act, condition, parent_id: parent, criterion: null, passage: null });
  const nodeCriterion = (role: "criterion" | "exclusion", spec: Criterion, branch: string | null, question: string): Record<string, unknown> =>
    ({ role, branch, source_text: question, spec }) as unknown as Record<string, unknown>;

  let parent: string | null = null;
  let cond: string | null = null;
  for (const ex of model.exclusions) {
    const question = `Exclusion: ${questionOf(ex)}`;
    const node = add({
      node_type: "question",
      question,
      reason: "Policy exclusion: when it applies the request is denied.",
      node_action: null,
      condition: cond,
      parent_id: parent,
      criterion: nodeCriterion("exclusion", ex, null, question),
      passage: ex.passage ?? null,
    });
    action(node.id, "Yes", "denied", "Denied — exclusion applies", ex.text);
    parent = node.id;
    cond = "No";
  }
  const pick = add({
    node_type: "question",
    question: "Which covered indication is the request for?",
    reason: `Indications with initial-therapy criteria in this policy: ${model.indications.map((b) => b.title).join("; ")}`,
    node_action: null,
    condition: cond,
    parent_id: parent,
    criterion: {
      role: "indication",
      kind: "indication",
      branches: model.indications.map((b) => ({
        title: b.title,
        understood: b.understood,
        ...(b.inferred ? { inferred: true } : {}),
        ...(b.drug_scoped ? { drug_scoped: true } : {}),
        ...b.match,
      })),
      ...(model.named_conditions ? { named_conditions: model.named_conditions } : {}),
    },
    passage: null,
  });
  action(pick.id, "None of the listed indications", "denied", "Denied — indication not covered by this policy", null);
  const titles = new Map<string, number>();
  for (const b of model.indications) {
    // edge labels must be unique under the indication node
    const k = (titles.get(b.title) ?? 0) + 1;
    titles.set(b.title, k);
    const label = k > 1 ? `${b.title} (${k})` : b.title;
    let p = pick.id;
    let c = label;
    if (b.continuation?.criteria.length) {
      // a request explicitly marked as a continuation is judged by the continuation criteria only
      const ask = add({
        node_type: "question",
        question: CONTINUATION_QUESTION,
        reason: "The policy has separate criteria for continuing therapy; a request is read as a continuation only when it says so.",
        node_action: null,
        condition: c,
        parent_id: p,
        criterion: {
          role: "continuation",
          branch: label,
          source_text: CONTINUATION_QUESTION,
          spec: { kind: "documentation", text: CONTINUATION_QUESTION, concepts: [], absence: false, confidence: "high" },
        },
        passage: b.continuation.passage,
      });
      let cp = ask.id;
      let cc = "Yes";
      for (const crit of b.continuation.criteria) {
        const question = `Continuation: ${questionOf(crit)}`;
        const node = add({
          node_type: "question",
          question,
          reason: null,
          node_action: null,
          condition: cc,
          parent_id: cp,
          criterion: nodeCriterion("criterion", crit, label, question),
          passage: crit.passage ?? null,
        });
        action(node.id, "No", "denied", "Denied — continuation criterion not met", crit.text);
        cp = node.id;
        cc = "Yes";
      }
      const dur = b.continuation.duration;
      action(cp, cc, "approved", `Approved — ${b.title} (continuation of therapy)`, dur ? `Approval duration: ${dur}` : null);
      p = ask.id;
      c = "No";
    }
    for (const crit of [...model.common, ...b.criteria]) {
      const question = questionOf(crit);
      const node = add({
        node_type: "question",
        question,
        reason: null,
        node_action: null,
        condition: c,
        parent_id: p,
        criterion: nodeCriterion("criterion", crit, label, question),
        passage: crit.passage ?? null,
      });
      action(node.id, "No", "denied", "Denied — criterion not met", crit.text);
      p = node.id;
      c = "Yes";
    }
    action(p, c, "approved", `Approved — ${b.title}`, b.duration ? `Approval duration: ${b.duration}` : null);
  }
  return { title: model.title, drug_names: drugNames, nodes, edges, unread: model.unread };
}

/**
 * Build the decision tree for one coverage policy document with the built-in reader (no model,
 * no network). `meta.drug_names` are the covered drug's names.
 */
export function generateDecisionTree(doc: ParsedDocument, meta: ReadPolicyMeta): DecisionTree {
  return compileTree(readPolicy(doc, meta), meta.drug_names);
}

export type ResolvedNode =
  | {
      role: "indication";
      branches: { title: string; understood: boolean; inferred?: boolean; drug_scoped?: boolean; conditions: string[]; icd10: string[]; phrases: string[] }[];
      named_conditions?: string[];
    }
  | { role: "criterion" | "exclusion"; spec: Criterion; edited: boolean }
  | { role: "continuation" };

/**
 * The criterion the engine evaluates for a question node. When the stored criterion was read from
 * the node's current question it is used as is; when an author edited the question (or wrote the
 * node by hand) the question is read again with the policy reader, so an edit changes the decision
 * — and a question the reader cannot check becomes `human_review`, never a stale "met".
 * `drugNames`: the covered drug's names. Null for action nodes.
 */
export function resolveNodeCriterion(node: TreeNode, drugNames: string[], opts: { exclusion?: boolean } = {}): ResolvedNode | null {
  if (node.node_type !== "question") return null;
  const parsed = node.criterion ? NodeCriterionSchema.safeParse(node.criterion) : null;
  if (parsed?.success) {
    const nc = parsed.data as NodeCriterion;
    if (nc.role === "indication")
      return {
        role: "indication",
        branches: nc.branches.map((b) => ({ ...b, understood: b.understood ?? true })),
        ...(nc.named_conditions ? { named_conditions: nc.named_conditions } : {}),
      };
    // whether a request is a continuation is read from the request, whatever the question's wording
    if (nc.role === "continuation") return { role: "continuation" };
    const spec = CriterionSchema.safeParse(nc.spec);
    if (spec.success && (nc.source_text == null || nc.source_text.trim() === node.question.trim())) return { role: nc.role, spec: spec.data, edited: false };
    const role = nc.role;
    return { role, spec: reread(node.question, role === "exclusion", drugNames), edited: true };
  }
  // a legacy or hand-made node: its role from its wording
  const exclusion = opts.exclusion ?? /^exclusion\b/i.test(node.question);
  if (/^which (?:covered )?indication/i.test(node.question)) return { role: "indication", branches: [] };
  return { role: exclusion ? "exclusion" : "criterion", spec: reread(node.question, exclusion, drugNames), edited: true };
}

function reread(question: string, exclusion: boolean, drugNames: string[]): Criterion {
  const text = question.replace(/^exclusion:\s*/i, "").trim();
  const ctx = { drugNames };
  const c = exclusion ? parseExclusion(text, ctx) : parseCriterion(text, "", ctx);
  // an edited node must be read with high confidence to decide anything on its own
  if (c.kind === "documentation" || c.kind === "human_review") return { ...c, confidence: c.kind === "human_review" ? "low" : "medium" };
  return c;
}
