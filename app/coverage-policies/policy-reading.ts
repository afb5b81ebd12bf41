/**
 * What the policy reader made of a coverage policy, for its author: the passages it could not turn
 * into criteria (stored with the tree) and the tree's questions that need a reviewer — criteria it
 * read without high confidence and questions it cannot check at all. Such criteria never decide a
 * denial (docs/clinical/decision-semantics.md); the author can rewrite them in the tree editor.
 */
import { z } from "zod";
import { UnreadPassageSchema, type TreeNode } from "~/clinical/contracts";
import { resolveNodeCriterion } from "~/clinical/policy/compile-tree";
import { specConfidence } from "~/clinical/review/review-case";

export interface PolicyReading {
  /** passages read as requirements that the reader did not understand */
  unread: { text: string; page: number | null; why: string }[];
  /** question nodes a reviewer checks by hand (never a denial on their own) */
  review_nodes: { id: string; question: string; confidence: "medium" | "low"; why: string }[];
}

const StoredLogic = z.object({ unread: z.array(UnreadPassageSchema).optional() }).passthrough();

/**
 * `structured_logic` of the policy (as stored by saveDecisionTree) and its tree nodes → PolicyReading.
 * `drugNames` are the policy's drugs (for re-reading edited questions). Never throws on odd JSON.
 */
export function policyReading(
  structuredLogic: unknown,
  nodes: { id: string; node_type: string; question: string; criterion: unknown }[],
  drugNames: string[],
): PolicyReading {
  const parsed = StoredLogic.safeParse(structuredLogic ?? {});
  const unread = (parsed.success ? (parsed.data.unread ?? []) : []).map((u) => ({ text: u.text, page: u.passage?.page ?? null, why: u.why }));
  const review_nodes: PolicyReading["review_nodes"] = [];
  for (const n of nodes) {
    if (n.node_type !== "question") continue;
    const node: TreeNode = {
      id: n.id,
      node_type: "question",
      question: n.question,
      reason: null,
      node_action: null,
      condition: null,
      parent_id: null,
      passage: null,
      criterion: n.criterion && typeof n.criterion === "object" ? (n.criterion as Record<string, unknown>) : null,
    };
    const r = resolveNodeCriterion(node, drugNames);
    if (!r || r.role === "indication" || r.role === "continuation") continue;
    const confidence = specConfidence(r.spec);
    if (confidence === "high") continue;
    const why =
      r.spec.kind === "human_review"
        ? `Not a requirement the engine can check${r.edited ? " (edited question)" : ""}: a reviewer decides it.`
        : `Read as ${r.spec.kind.replace(/_/g, " ")} with ${confidence} confidence${r.edited ? " from the edited question" : ""}: it can be met with evidence, but never denies on its own.`;
    review_nodes.push({ id: n.id, question: n.question, confidence, why });
  }
  return { unread, review_nodes };
}
