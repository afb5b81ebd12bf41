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
import { adverseConfidence } from "~/clinical/policy/parse-coverage";

export interface PolicyReading {
  /** passages read as requirements that the reader did not understand */
  unread: { text: string; page: number | null; why: string }[];
  /** question nodes a reviewer checks by hand (never a denial on their own) */
  review_nodes: { id: string; question: string; confidence: "medium" | "low"; why: string }[];
  /**
   * The tree's "Deny" leaves the engine never reaches on this policy's wording alone: each under a
   * review node above, so a request that ends there pends for a reviewer instead of being denied.
   * The tree view shows them as "Reviewer decides" (a "Denied" leaf under a question the panel says
   * never denies on its own was a contradiction a reviewer saw, issue 24).
   */
  review_leaves: { id: string; parent_id: string; why: string }[];
}

/** A tree node as policyReading reads it (question nodes and the action leaves under them). */
export interface ReadingNode {
  id: string;
  node_type: string;
  question: string;
  criterion: unknown;
  node_action?: string | null;
  parent_id?: string | null;
}

const StoredLogic = z.object({ unread: z.array(UnreadPassageSchema).optional() }).passthrough();

/**
 * `structured_logic` of the policy (as stored by saveDecisionTree) and its tree nodes → PolicyReading.
 * `drugNames` are the policy's drugs (for re-reading edited questions). The review nodes and review
 * leaves come from the same reading of each question, so the side panel and the tree agree.
 * Never throws on odd JSON.
 */
export function policyReading(structuredLogic: unknown, nodes: ReadingNode[], drugNames: string[]): PolicyReading {
  const parsed = StoredLogic.safeParse(structuredLogic ?? {});
  const unread = (parsed.success ? (parsed.data.unread ?? []) : []).map((u) => ({ text: u.text, page: u.passage?.page ?? null, why: u.why }));
  const review_nodes: PolicyReading["review_nodes"] = [];
  /** question nodes under which a "Deny" leaf is never reached by the engine, with why */
  const neverDenies = new Map<string, string>();
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
    if (!r || r.role === "continuation") continue;
    if (r.role === "indication") {
      // review-case.ts: a diagnosis outside the indications is "not covered" only when every
      // indication was read from the policy's own indication wording
      const unsure = r.branches.filter((b) => !b.understood || b.inferred);
      if (r.branches.length && !unsure.length) continue;
      const titles = unsure.map((b) => b.title).join("; ");
      const why = r.branches.length
        ? `The covered indications were not all read from the policy's indication wording (${titles}): a reviewer matches the request's diagnosis to them; a diagnosis outside them is never denied on its own.`
        : "The tree lists no covered indication the engine can match: a reviewer matches the request's diagnosis.";
      review_nodes.push({ id: n.id, question: n.question, confidence: "low", why });
      neverDenies.set(n.id, "A reviewer matches the diagnosis to the covered indications; the engine does not deny here on its own.");
      continue;
    }
    const confidence = specConfidence(r.spec);
    if (confidence === "high") continue;
    // review-case.ts failConfidence: an "all" group fails on one clearly failed part read with high
    // confidence, so such a group can still deny through that part
    const parts = r.role === "criterion" && r.spec.kind === "all" ? r.spec.items : [];
    const sureParts = parts.filter((i) => adverseConfidence(i) === "high");
    const kind = r.spec.kind === "all" ? "a group (all required)" : r.spec.kind === "any" ? "a group of alternatives" : r.spec.kind.replace(/_/g, " ");
    const why =
      r.spec.kind === "human_review"
        ? `Not a requirement the engine can check${r.edited ? " (edited question)" : ""}: a reviewer decides it.`
        : sureParts.length
          ? `Read as ${kind} with ${confidence} confidence${r.edited ? " from the edited question" : ""}: it denies only when one of its clearly read parts (${sureParts.length} of ${parts.length}) is clearly not met; otherwise a reviewer decides.`
          : `Read as ${kind} with ${confidence} confidence${r.edited ? " from the edited question" : ""}: it can be met with evidence, but never denies on its own.`;
    review_nodes.push({ id: n.id, question: n.question, confidence, why });
    if (!sureParts.length)
      neverDenies.set(
        n.id,
        r.role === "exclusion"
          ? "A reviewer confirms whether this exclusion applies; the engine does not deny here on its own."
          : "When the fax does not clearly show this, a reviewer decides; the engine does not deny here on its own.",
      );
  }
  const review_leaves: PolicyReading["review_leaves"] = [];
  for (const n of nodes) {
    if (n.node_type !== "action" || n.node_action !== "denied" || !n.parent_id) continue;
    const why = neverDenies.get(n.parent_id);
    if (why) review_leaves.push({ id: n.id, parent_id: n.parent_id, why });
  }
  return { unread, review_nodes, review_leaves };
}

/**
 * The tree's nodes with `review` set on each review leaf (PolicyReading.review_leaves: why a
 * reviewer decides there) and null on every other node, for the tree view and the node list.
 */
export function markReviewLeaves<N extends { id: string }>(nodes: N[], reading: PolicyReading): (N & { review: string | null })[] {
  const why = new Map(reading.review_leaves.map((l) => [l.id, l.why]));
  return nodes.map((n) => ({ ...n, review: why.get(n.id) ?? null }));
}
