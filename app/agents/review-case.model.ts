/**
 * Clinical review agent, model implementation: CaseFacts + DecisionTree + the case document →
 * ReviewResult (the same contract, and the same tree walk, as the built-in `reviewCase`).
 *
 * The model only answers the tree's question nodes (one of each node's edge labels, or "Unknown")
 * from numbered evidence passages of the case document, quoting the words it relied on. Turning the
 * answers into a verdict is not the model's job: the answers go through the tree walker of
 * app/clinical/review/walk-tree.ts, with the same safety rules the built-in engine follows
 * (docs/clinical/decision-semantics.md):
 * - an answer is definite only when it quotes the case document verbatim (or, for an exclusion or a
 *   "no concurrent use" criterion, when it says the exclusion does not apply);
 * - an answer that leads away from approval is definite only when, in addition, the node's
 *   criterion was read with high confidence; otherwise it stays open (needs more information);
 * - an indication the policy reader did not understand never carries an approval.
 * So a model can find evidence the built-in reader misses, but it cannot deny on a vague policy
 * sentence or on an unquoted claim, and it cannot approve without quoting the fax.
 */
import type { CaseFacts, Citation, DecisionTree, ParsedDocument, ReviewResult, TreeNode } from "~/clinical/contracts";
import { resolveNodeCriterion, type ResolvedNode } from "~/clinical/policy/compile-tree";
import { continuationAnswer, indicationBranches, specConfidence, type BranchInfo } from "~/clinical/review/review-case";
import { buildCaseIndex } from "~/clinical/evidence/case-index";
import { edgeLabels, reviewFromAnswers, type NodeAnswer } from "~/clinical/review/walk-tree";
import { isVerbatim } from "~/clinical/text/lines";
import type { ModelClient } from "./llm.server";
import { dedupeCitations, factCitations, factsForPrompt, formatEvidence, pagesAsPassages, resolveEvidence } from "./cite";
import { ClinicalReviewOutputSchema, type ClinicalReviewOutput } from "./output-schemas";
import { asPromptJson, buildPrompt, type PromptOverride } from "./prompts";
import { ReviewResultSchema } from "~/clinical/contracts";

export { ClinicalReviewOutputSchema };

export interface ReviewWithModelInput {
  facts: CaseFacts;
  /** the parsed case document (fax or ePA text); answers must quote it */
  caseDoc: ParsedDocument;
  /** name of the case document in citations ("fax" | "epa") */
  documentName?: string;
  tree: DecisionTree;
  /**
   * evidence passages of the case document (e.g. retrieved chunks); default: every page of
   * `caseDoc` as one passage (quotes narrow them to spans)
   */
  evidence?: Citation[];
  policyId?: string | null;
  /** date the fax was sent (YYYY-MM-DD); defaults to facts.request_date */
  requestDate?: string | null;
  prompt?: PromptOverride;
}

const UNKNOWN = "Unknown";

/** The numbered passages the review prompt shows (exported for run_prompt). */
export function reviewEvidence(input: Pick<ReviewWithModelInput, "facts" | "caseDoc" | "documentName" | "evidence">): Citation[] {
  // retrieved passages miss what extraction already found: its citations follow them
  if (input.evidence?.length) return dedupeCitations([...input.evidence.map(stripPassage), ...factCitations(input.facts)]);
  return pagesAsPassages(input.caseDoc, { document: input.documentName ?? "fax" });
}

/** The tree as the prompt lists it: every question node with its answer options. */
export function treeForPrompt(tree: DecisionTree): string {
  const questions = tree.nodes.filter((n) => n.node_type === "question");
  return (
    questions
      .map(
        (n) =>
          `- ${n.id}: ${n.question}${n.reason ? ` (${n.reason})` : ""}\n  answer options: ${edgeLabels(tree, n.id)
            .map((o) => `"${o}"`)
            .join(" | ")} | "${UNKNOWN}"`,
      )
      .join("\n") || "(no question nodes)"
  );
}

/**
 * Reviews a case against a decision tree with the model.
 * Output: `ReviewResult` (validated with ReviewResultSchema) with the walk's verdict; criterion
 * citations are verbatim spans of the case document. Errors: `ModelOutputError`, `ModelRequestError`.
 */
export async function reviewCaseWithModel(client: ModelClient, input: ReviewWithModelInput): Promise<ReviewResult> {
  const evidence = reviewEvidence(input);
  const prompt = buildPrompt(
    "clinical_review",
    {
      request_date: input.requestDate ?? input.facts.request_date ?? "unknown",
      tree_title: input.tree.title,
      tree: treeForPrompt(input.tree),
      case_facts: asPromptJson(factsForPrompt(input.facts)),
      evidence: formatEvidence(evidence, 6000),
    },
    input.prompt,
  );
  const { data } = await client.completeJson({ name: prompt.name, schema: ClinicalReviewOutputSchema, system: prompt.system, user: prompt.user });
  return reviewFromModelAnswers(input.tree, data, evidence, { policyId: input.policyId ?? null, caseDoc: input.caseDoc });
}

/** Labels of a node's edges from which an "approved" leaf can be reached. */
function favourableLabels(tree: DecisionTree, nodeId: string): Set<string> {
  const byId = new Map(tree.nodes.map((n) => [n.id, n] as const));
  const memo = new Map<string, boolean>();
  const reaches = (id: string, seen: Set<string>): boolean => {
    if (memo.has(id)) return memo.get(id)!;
    const n = byId.get(id);
    if (!n || seen.has(id)) return false;
    if (n.node_type === "action") return n.node_action === "approved";
    const next = new Set(seen).add(id);
    const r = tree.edges.some((e) => e.source === id && reaches(e.target, next));
    memo.set(id, r);
    return r;
  };
  return new Set(tree.edges.filter((e) => e.source === nodeId && reaches(e.target, new Set([nodeId]))).map((e) => e.condition?.trim() || "Yes"));
}

/**
 * One model answer as a NodeAnswer under the safety rules of the module comment.
 * `cited`: the answer's citations that are verbatim case-document text.
 */
function nodeAnswer(
  tree: DecisionTree,
  node: TreeNode,
  resolved: ResolvedNode | null,
  branches: BranchInfo[],
  option: string | null,
  reason: string,
  cited: Citation[],
): NodeAnswer {
  const base = { node_id: node.id, reason: reason || "No reason given.", citations: cited, evidence: cited.length ? ("direct" as const) : ("none" as const) };
  const open = (why: string): NodeAnswer => ({
    ...base,
    labels: [],
    definite: false,
    outcome: "insufficient",
    reason: why,
    missing: node.question.replace(/^Exclusion:\s*/i, ""),
  });
  if (option == null) return open(reason ? `Not determined from the request: ${reason}` : "Not determined from the request.");
  const favourable = favourableLabels(tree, node.id).has(option);
  if (resolved?.role === "indication") {
    const allUnderstood = branches.every((b) => b.understood);
    const chosen = branches.find((b) => b.label === option);
    if (favourable) return { ...base, labels: [option], definite: cited.length > 0, outcome: "met", confidence: chosen?.understood === false ? "low" : "high" };
    if (cited.length && allUnderstood && branches.length) return { ...base, labels: [option], definite: true, outcome: "not_met", confidence: "high" };
    return open(`${reason} The diagnosis appears outside the covered indications, but this is not clear enough to decide on; a reviewer should confirm.`);
  }
  const spec = resolved && resolved.role !== "continuation" ? resolved.spec : null;
  const confidence = spec ? specConfidence(spec) : "low";
  if (favourable) {
    const absence = resolved?.role === "exclusion" || spec?.kind === "no_concurrent";
    return {
      ...base,
      labels: [option],
      definite: cited.length > 0 || absence,
      outcome: resolved?.role === "exclusion" ? "not_met" : "met",
      confidence,
      evidence: cited.length ? "direct" : "inferred",
    };
  }
  if (cited.length && confidence === "high")
    return { ...base, labels: [option], definite: true, outcome: resolved?.role === "exclusion" ? "met" : "not_met", confidence };
  return {
    ...open(
      `${reason} This appears ${resolved?.role === "exclusion" ? "to apply" : "not met"}, but ${cited.length ? "the policy sentence was not read with enough confidence" : "the answer quotes no passage of the request"} to decide on it; a reviewer should confirm.`,
    ),
    confidence,
  };
}

/**
 * Builds the ReviewResult from a clinical_review reply (exported for run_prompt and tests).
 * `evidence` must be the numbered list the model saw; `caseDoc` is what quotes are checked against.
 */
export function reviewFromModelAnswers(
  tree: DecisionTree,
  out: ClinicalReviewOutput,
  evidence: Citation[],
  opts: { policyId: string | null; caseDoc: ParsedDocument },
): ReviewResult {
  const byId = new Map(tree.nodes.map((n) => [n.id, n] as const));
  const resolved = new Map(tree.nodes.map((n) => [n.id, resolveNodeCriterion(n, tree.drug_names)] as const));
  const branchesOf = new Map<string, BranchInfo[]>();
  for (const [id, r] of resolved) if (r?.role === "indication") branchesOf.set(id, indicationBranches(tree, id, r.branches));
  const answers = new Map<string, NodeAnswer>();
  for (const a of out.answers) {
    const node = byId.get(a.node_id.trim());
    if (!node || node.node_type !== "question" || answers.has(node.id)) continue;
    const option = matchOption(a.answer, edgeLabels(tree, node.id));
    const cited = resolveEvidence(evidence, a.evidence).filter((c) => c.document !== "policy" && isVerbatim(opts.caseDoc, c));
    answers.set(node.id, nodeAnswer(tree, node, resolved.get(node.id) ?? null, branchesOf.get(node.id) ?? [], option, a.reason, cited));
  }
  for (const n of tree.nodes)
    if (n.node_type === "question" && !answers.has(n.id))
      answers.set(n.id, nodeAnswer(tree, n, resolved.get(n.id) ?? null, branchesOf.get(n.id) ?? [], null, "", []));
  // whether the request is a continuation is read from the request by the built-in reader, never the model
  const continuationIds = new Set<string>();
  for (const [id, r] of resolved) {
    if (r?.role !== "continuation") continue;
    continuationIds.add(id);
    answers.set(id, continuationAnswer(byId.get(id)!, buildCaseIndex(opts.caseDoc, null)));
  }

  const exclusionIds = new Set<string>();
  const notApprovable = new Set<string>();
  let indication: ReviewResult["indication"];
  for (const [id, r] of resolved) {
    if (r?.role === "exclusion") exclusionIds.add(id);
    if (r?.role !== "indication") continue;
    const branches = branchesOf.get(id) ?? [];
    for (const b of branches) if (!b.understood) notApprovable.add(b.label);
    const a = answers.get(id)!;
    indication = {
      status: a.outcome === "met" ? (branches.length === 1 ? "single" : "matched") : a.outcome === "not_met" ? "not_covered" : "unknown",
      branches: branches.map((b) => ({
        title: b.title,
        score: a.labels.includes(b.label) ? 3 : 0,
        citation: a.labels.includes(b.label) ? (a.citations[0] ?? null) : null,
      })),
    };
  }
  return ReviewResultSchema.parse(
    reviewFromAnswers(tree, answers, { policyId: opts.policyId, notApprovable, exclusionIds, continuationIds, indication }),
  ) as ReviewResult;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

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
