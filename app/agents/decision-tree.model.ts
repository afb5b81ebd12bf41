/**
 * Decision-tree generation agent, model implementation: coverage policy ParsedDocument →
 * DecisionTree (same contract as the built-in `generateDecisionTree` in app/engine/policy).
 *
 * The reply must be structurally valid (unique ids, edges and parents that reference nodes, every
 * leaf an approved/denied action): structural problems go back to the model in the repair turn.
 * Node `source` quotes become `passage` citations into the policy. Model-made nodes carry
 * `criterion: null`: the built-in reviewer's machine-readable criteria come only from the engine.
 */
import type { DecisionTree, ParsedDocument, TreeNode } from "~/clinical/contracts";
import type { ModelClient } from "./llm.server";
import { documentForPrompt, quoteToCitation } from "./cite";
import { DecisionTreeOutputSchema, type DecisionTreeOutput } from "./output-schemas";
import { buildPrompt, type PromptOverride } from "./prompts";
import { decisionTreeProblems, DecisionTreeSchema } from "~/clinical/policy/tree-structure";

export { DecisionTreeOutputSchema, DecisionTreeSchema };

export interface DecisionTreeMeta {
  /** the covered drug's names (kept on the tree; the model's list is used only when this is empty) */
  drug_names: string[];
  title?: string;
  /** name used in passage citations (default "policy") */
  documentName?: string;
  documentId?: string;
  prompt?: PromptOverride;
}

/**
 * Generates the decision tree of one coverage policy with the model.
 * Output: a `DecisionTree` that passes `DecisionTreeSchema` (including its structural checks).
 * Errors: `ModelOutputError` when the tree is still invalid after one repair turn; `ModelRequestError`.
 */
export async function generateDecisionTreeWithModel(client: ModelClient, doc: ParsedDocument, meta: DecisionTreeMeta): Promise<DecisionTree> {
  const prompt = buildPrompt(
    "decision_tree",
    { title: meta.title ?? "(untitled policy)", drug_names: meta.drug_names.join(", ") || "(not given)", document: documentForPrompt(doc) },
    meta.prompt,
  );
  const { data } = await client.completeJson({
    name: prompt.name,
    schema: DecisionTreeOutputSchema,
    system: prompt.system,
    user: prompt.user,
    check: (out) => decisionTreeProblems(normaliseStructure(out)),
  });
  return decisionTreeFromModelOutput(data, doc, meta);
}

/** Maps a validated decision_tree reply onto a DecisionTree; throws if it is structurally invalid. */
export function decisionTreeFromModelOutput(out: DecisionTreeOutput, doc: ParsedDocument, meta: DecisionTreeMeta): DecisionTree {
  const shaped = normaliseStructure(out);
  const source = { document: meta.documentName ?? "policy", ...(meta.documentId ? { document_id: meta.documentId } : {}) };
  const nodes: TreeNode[] = shaped.nodes.map((n) => ({
    id: n.id,
    node_type: n.node_type,
    question: n.question,
    reason: n.reason,
    node_action: n.node_type === "action" ? n.node_action : null,
    condition: n.condition,
    parent_id: n.parent_id,
    criterion: null,
    passage: n.source && n.source.quote.trim() ? quoteToCitation(doc, source, n.source.quote, n.source.page) : null,
  }));
  const tree: DecisionTree = {
    title: meta.title?.trim() || out.title.trim() || "Coverage policy",
    drug_names: meta.drug_names.length ? meta.drug_names : out.drug_names,
    nodes,
    edges: shaped.edges,
  };
  return DecisionTreeSchema.parse(tree) as DecisionTree;
}

/**
 * Small, unambiguous repairs before the structural check: trims ids, fills a missing edge from a
 * node's parent_id (and a missing parent_id from its single incoming edge), and copies the edge
 * condition onto the child. Anything else stays for the model to fix.
 */
function normaliseStructure(out: DecisionTreeOutput): DecisionTreeOutput {
  const nodes = out.nodes.map((n) => ({ ...n, id: n.id.trim(), parent_id: n.parent_id?.trim() || null }));
  const edges = out.edges.map((e) => ({ ...e, source: e.source.trim(), target: e.target.trim() }));
  for (const n of nodes) {
    const incoming = edges.filter((e) => e.target === n.id);
    if (n.parent_id && !incoming.some((e) => e.source === n.parent_id)) {
      edges.push({ source: n.parent_id, target: n.id, condition: n.condition });
    } else if (!n.parent_id && incoming.length === 1) {
      n.parent_id = incoming[0].source;
    }
    const into = edges.find((e) => e.target === n.id && e.source === n.parent_id);
    if (into && n.condition == null) n.condition = into.condition;
    if (into && into.condition == null) into.condition = n.condition;
  }
  return { ...out, nodes, edges };
}
