/**
 * Clinical review agent, model implementation: CaseFacts + DecisionTree + evidence passages →
 * ReviewResult (same contract as the built-in `reviewCase`).
 *
 * The model only answers the tree's question nodes (one of each node's edge conditions, or
 * "Unknown") from the numbered evidence. Everything structural is computed here, deterministically:
 * - traversal: follow the answers from the root until an action or an unanswered node;
 * - paths: every root → "approved" leaf path (one per indication in built-in trees); a criterion on
 *   a path is `met` when its answer is the edge the path takes, `not_met` when it is another
 *   answer, `insufficient` when unknown; a path is not_met if any criterion is, met if all are.
 */
import type { CaseFacts, Citation, CriterionOutcome, CriterionResult, DecisionTree, ReviewResult, TreeNode } from "~/engine/types";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, factsForPrompt, formatEvidence, resolveEvidence } from "./cite";
import { ClinicalReviewOutputSchema, type ClinicalReviewOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";
import { ReviewResultSchema } from "./schemas";

export { ClinicalReviewOutputSchema };

export interface ReviewWithModelInput {
  facts: CaseFacts;
  tree: DecisionTree;
  /** retrieved passages (fax / policy chunks) with page and offsets; fact citations are added after them */
  evidence: Citation[];
  policyId?: string | null;
  /** date the fax was sent (YYYY-MM-DD); defaults to facts.request_date */
  requestDate?: string | null;
  prompt?: PromptOverride;
}

const UNKNOWN = "Unknown";

/**
 * Reviews a case against a decision tree with the model.
 * Output: `ReviewResult` (validated with ReviewResultSchema); criterion citations are spans of the
 * given passages or of the facts' citations. Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function reviewCaseWithModel(client: ModelClient, input: ReviewWithModelInput): Promise<ReviewResult> {
  const evidence = dedupeCitations([...input.evidence.map(stripPassage), ...factCitations(input.facts)]);
  const questions = input.tree.nodes.filter((n) => n.node_type === "question");
  const treeText = questions
    .map((n) => `- ${n.id}: ${n.question}${n.reason ? ` (${n.reason})` : ""}\n  answer options: ${answerOptions(input.tree, n).map((o) => `"${o}"`).join(" | ")} | "${UNKNOWN}"`)
    .join("\n");
  const prompt = buildPrompt(
    "clinical_review",
    {
      request_date: input.requestDate ?? input.facts.request_date ?? "unknown",
      tree_title: input.tree.title,
      tree: treeText || "(no question nodes)",
      case_facts: asPromptJson(factsForPrompt(input.facts)),
      evidence: formatEvidence(evidence),
    },
    input.prompt,
  );
  const { data } = await client.completeJson({ name: prompt.name, schema: ClinicalReviewOutputSchema, system: prompt.system, user: prompt.user });
  return reviewFromAnswers(input.tree, data, evidence, input.policyId ?? null);
}

/**
 * Builds the ReviewResult from a clinical_review reply (exported for run_prompt and tests).
 * `evidence` must be the numbered list the model saw.
 */
export function reviewFromAnswers(tree: DecisionTree, out: ClinicalReviewOutput, evidence: Citation[], policyId: string | null): ReviewResult {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const answers = new Map<string, { option: string | null; reason: string; citations: Citation[] }>();
  for (const a of out.answers) {
    const node = byId.get(a.node_id.trim());
    if (!node || node.node_type !== "question" || answers.has(node.id)) continue;
    answers.set(node.id, {
      option: matchOption(a.answer, answerOptions(tree, node)),
      reason: a.reason,
      citations: resolveEvidence(evidence, a.evidence),
    });
  }
  const answerOf = (n: TreeNode) => answers.get(n.id) ?? { option: null, reason: "Not answered.", citations: [] };
  const outEdges = (id: string) => tree.edges.filter((e) => e.source === id);
  const hasIncoming = new Set(tree.edges.map((e) => e.target));
  const roots = tree.nodes.filter((n) => !hasIncoming.has(n.id));

  // Traversal from the (first) root.
  const traversal: ReviewResult["traversal"] = [];
  const seen = new Set<string>();
  let current: TreeNode | undefined = roots[0];
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    if (current.node_type === "action") {
      traversal.push({ node_question_or_action: current.question, node_answer: current.node_action ?? "", next_node: null });
      break;
    }
    const option: string | null = answerOf(current).option;
    const edge: DecisionTree["edges"][number] | undefined = option == null ? undefined : outEdges(current.id).find((e) => same(edgeLabel(e.condition), option));
    const next: TreeNode | undefined = edge ? byId.get(edge.target) : undefined;
    traversal.push({ node_question_or_action: current.question, node_answer: option ?? UNKNOWN, next_node: next ? next.question : null });
    current = next;
  }

  // Every root → approved-leaf path.
  const paths: ReviewResult["paths"] = [];
  const titles = new Map<string, number>();
  const walk = (node: TreeNode, steps: { node: TreeNode; taken: string }[], visiting: Set<string>) => {
    if (visiting.has(node.id)) return;
    if (node.node_type === "action") {
      if (node.node_action !== "approved") return;
      const criteria: CriterionResult[] = steps.map(({ node: q, taken }) => {
        const a = answerOf(q);
        const outcome: CriterionOutcome = a.option == null ? "insufficient" : same(a.option, taken) ? "met" : "not_met";
        return { node_id: q.id, question: q.question, outcome, reason: a.reason, citations: a.citations };
      });
      const named = steps.map((s) => s.taken).filter((t) => !/^(yes|no)$/i.test(t));
      let title = named.length ? named.join(" / ") : tree.title;
      const count = (titles.get(title) ?? 0) + 1;
      titles.set(title, count);
      if (count > 1) title = `${title} (${count})`;
      const outcome: CriterionOutcome = criteria.some((c) => c.outcome === "not_met")
        ? "not_met"
        : criteria.every((c) => c.outcome === "met")
          ? "met"
          : "insufficient";
      paths.push({ title, outcome, criteria });
      return;
    }
    visiting.add(node.id);
    for (const e of outEdges(node.id)) {
      const child = byId.get(e.target);
      if (child) walk(child, [...steps, { node, taken: edgeLabel(e.condition) }], visiting);
    }
    visiting.delete(node.id);
  };
  for (const r of roots) walk(r, [], new Set());

  return ReviewResultSchema.parse({ policy_id: policyId, paths, traversal }) as ReviewResult;
}

/** The answers a question node accepts: its outgoing edge conditions (an unlabelled edge reads "Yes"). */
export function answerOptions(tree: DecisionTree, node: TreeNode): string[] {
  const labels = tree.edges.filter((e) => e.source === node.id).map((e) => edgeLabel(e.condition));
  return [...new Set(labels)];
}

function edgeLabel(condition: string | null): string {
  return condition?.trim() || "Yes";
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
const same = (a: string, b: string) => norm(a) === norm(b);

/** The option a free-text answer means, or null for unknown / unmatched answers. */
export function matchOption(answer: string, options: string[]): string | null {
  const a = norm(answer);
  if (!a || /^(unknown|insufficient|unclear|cannot be determined|not documented|n a)$/.test(a)) return null;
  const exact = options.find((o) => norm(o) === a);
  if (exact) return exact;
  const yes = options.find((o) => norm(o) === "yes");
  const no = options.find((o) => norm(o) === "no");
  if (yes && /^(yes|true|met|y)\b/.test(a)) return yes;
  if (no && /^(no|false|not met|n)\b/.test(a)) return no;
  const partial = options.filter((o) => norm(o).length > 2 && (a.includes(norm(o)) || norm(o).includes(a)));
  return partial.length === 1 ? partial[0] : null;
}

/** A retrieval Passage carries extra keys (chunk_id, score); citations keep only Citation fields. */
function stripPassage(p: Citation): Citation {
  return {
    document: p.document,
    ...(p.document_id ? { document_id: p.document_id } : {}),
    page: p.page,
    start: p.start,
    end: p.end,
    text: p.text,
  };
}
