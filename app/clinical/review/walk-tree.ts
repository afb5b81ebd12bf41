/**
 * Walking a decision tree with answers: the one place where a tree's edges turn node answers into a
 * verdict, used by the built-in engine and the model path alike (so an edited tree means the same
 * thing to both).
 *
 * Each question node gets an answer: the edge label(s) to follow and whether the answer is
 * definite. An unknown answer follows every edge. The verdict over all leaves reachable this way:
 * - approved when some root→"approved" path is reached through definite answers only (and does not
 *   run through an indication the policy reader did not understand);
 * - denied when every reachable leaf is "denied" (a clear failure wins over missing information) and no
 *   route to it runs through an indication branch the reader did not understand or an indication
 *   question left undecided;
 * - otherwise open: the unknown answers on the routes to an approval are what must be asked for.
 */
import type { Citation, CriterionOutcome, CriterionResult, DecisionTree, ParseConfidence, ReviewResult, TreeNode } from "../contracts";

export interface NodeAnswer {
  node_id: string;
  /** edge labels to follow; empty means unknown (every edge) */
  labels: string[];
  /** whether the answer rules the other edges out */
  definite: boolean;
  /** the criterion's outcome as shown to a reviewer */
  outcome: CriterionOutcome;
  reason: string;
  citations: Citation[];
  evidence?: "direct" | "inferred" | "none";
  confidence?: ParseConfidence;
  missing?: string | null;
  /** what a definite failure rests on (decide/confidence.ts) */
  basis?: "measured" | "stated" | "read";
}

export interface WalkVerdict {
  approved: boolean;
  denied: boolean;
  /** node ids whose unknown answers keep an approval open */
  open_nodes: string[];
  /** the approved leaf reached through definite answers, when there is one */
  approved_leaf: string | null;
}

const norm = (s: string | null) =>
  (s ?? "Yes")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The answers a question node accepts: its outgoing edge labels (an unlabelled edge reads "Yes"). */
export function edgeLabels(tree: Pick<DecisionTree, "edges">, nodeId: string): string[] {
  return [...new Set(tree.edges.filter((e) => e.source === nodeId).map((e) => e.condition?.trim() || "Yes"))];
}

interface Route {
  steps: { node: TreeNode; label: string }[];
  leaf: TreeNode;
  decided: boolean;
  approvable: boolean;
}

/**
 * Every root→leaf route consistent with the answers. `notApprovable` lists edge labels under the
 * indication node whose branch the policy reader did not understand: an approval through them stays
 * open. Cycles and dangling edges are skipped (a tree validated by decisionTreeProblems has none).
 */
export function routes(tree: DecisionTree, answers: Map<string, NodeAnswer>, notApprovable: Set<string> = new Set()): Route[] {
  const byId = new Map(tree.nodes.map((n) => [n.id, n] as const));
  const incoming = new Set(tree.edges.map((e) => e.target));
  const roots = tree.nodes.filter((n) => !incoming.has(n.id));
  const out: Route[] = [];
  const visit = (node: TreeNode, steps: Route["steps"], decided: boolean, approvable: boolean, seen: Set<string>) => {
    if (seen.has(node.id) || out.length > 5000) return;
    if (node.node_type === "action") {
      out.push({ steps, leaf: node, decided, approvable });
      return;
    }
    const a = answers.get(node.id);
    const edges = tree.edges.filter((e) => e.source === node.id);
    const chosen = a && a.labels.length ? edges.filter((e) => a.labels.some((l) => norm(l) === norm(e.condition))) : edges;
    const next = new Set(seen).add(node.id);
    for (const e of chosen.length ? chosen : edges) {
      const child = byId.get(e.target);
      if (!child) continue;
      const label = e.condition?.trim() || "Yes";
      const definite = !!a && a.definite && a.labels.length > 0 && chosen.length > 0;
      visit(child, [...steps, { node, label }], decided && definite, approvable && !notApprovable.has(label), next);
    }
  };
  for (const r of roots) visit(r, [], true, true, new Set());
  return out;
}

/** Whether a node is a tree's "which covered indication?" question. */
function isIndicationNode(node: TreeNode): boolean {
  return (node.criterion as { role?: string } | null)?.role === "indication" || /^which (?:covered )?indication/i.test(node.question);
}

/** The verdict of a set of routes (see the module comment). */
export function verdictOf(rs: Route[], answers: Map<string, NodeAnswer>): WalkVerdict {
  let approvedRoute = rs.find((r) => r.leaf.node_action === "approved" && r.decided && r.approvable);
  // a route through an indication branch the reader did not understand grounds no denial either:
  // its criteria may be a misread (a dosing fragment, another section's thresholds)
  // nor does a route whose indication was not decided: the criteria of an indication the request
  // may not be for are no ground to deny it (the indication is what to ask for)
  const indicationDecided = (r: Route) => r.steps.every((s) => !isIndicationNode(s.node) || (answers.get(s.node.id)?.definite ?? false));
  // a quantity or dose ceiling means the same whatever the indication (a quantity-limit program names none)
  type Spec = { kind?: string; items?: Spec[] };
  const isCeiling = (c: Spec | undefined): boolean =>
    !!c && (c.kind === "quantity_limit" || c.kind === "dose_limit" || ((c.kind === "any" || c.kind === "all") && (c.items ?? []).some(isCeiling)));
  const ceiling = (r: Route) => isCeiling((r.steps.at(-1)?.node.criterion as { spec?: Spec } | null)?.spec);
  // the undecided "none of the listed indications" route denies only beside ceilings that fail on every listed one
  const noneRoute = (r: Route) => !!r.steps.length && isIndicationNode(r.steps.at(-1)!.node) && /^none of/i.test(r.steps.at(-1)!.label);
  const others = rs.filter((r) => !noneRoute(r));
  const denied =
    rs.length > 0 &&
    rs.every((r) => r.leaf.node_action === "denied") &&
    (rs.every((r) => r.approvable && indicationDecided(r)) ||
      (others.length > 0 && others.every((r) => ceiling(r) || (r.approvable && indicationDecided(r))) && others.some(ceiling)));
  const open = new Set<string>();
  // an answer that names several branches (a request that fits two indications) approves only when
  // none of those branches clearly fails: which indication the request is for must be confirmed
  if (approvedRoute) {
    for (const a of answers.values()) {
      if (!a.definite || a.labels.length < 2) continue;
      const through = rs.filter((r) => r.steps.some((s) => s.node.id === a.node_id));
      // branches of one title ("ADHD", "ADHD (2)", "ADHD (3)": a decision flow's routes, a path per age
      // group) are alternatives for the same indication: the indication is in doubt only when every
      // branch of a title the request fits clearly fails
      const base = (l: string) => norm(l.replace(/\s*\(\d{1,2}\)$/, ""));
      const fails = (l: string) => {
        const mine = through.filter((r) => r.steps.some((s) => s.node.id === a.node_id && norm(s.label) === norm(l)));
        return mine.length > 0 && mine.every((r) => r.leaf.node_action === "denied");
      };
      const failing = a.labels.some((l) => fails(l) && a.labels.filter((o) => base(o) === base(l)).every(fails));
      if (failing) {
        approvedRoute = undefined;
        open.add(a.node_id);
      }
    }
  }
  if (!approvedRoute && !denied) {
    for (const r of rs) {
      if (r.leaf.node_action !== "approved") continue;
      for (const s of r.steps) {
        const a = answers.get(s.node.id);
        if (!a || !a.definite || !a.labels.length) open.add(s.node.id);
      }
    }
  }
  return { approved: !!approvedRoute, denied: !approvedRoute && denied, open_nodes: [...open], approved_leaf: approvedRoute?.leaf.id ?? null };
}

/**
 * ReviewResult of a walk: one path per route to an approved leaf (per indication in generated
 * trees) with every criterion's answer, the exclusion checks, the traversal of the most favourable
 * route, and the verdict.
 */
export function reviewFromAnswers(
  tree: DecisionTree,
  answers: Map<string, NodeAnswer>,
  opts: {
    policyId: string | null;
    notApprovable?: Set<string>;
    exclusionIds?: Set<string>;
    /** the "is this a continuation request?" nodes: a split between paths, not a criterion of either */
    continuationIds?: Set<string>;
    indication?: ReviewResult["indication"];
  },
): ReviewResult {
  const rs = routes(tree, answers, opts.notApprovable);
  const verdict = verdictOf(rs, answers);
  const continuationIds = opts.continuationIds ?? new Set<string>();
  const exclusionIds = new Set([...(opts.exclusionIds ?? []), ...continuationIds]);
  const nameOf = (steps: Route["steps"]) =>
    steps.flatMap((s) =>
      continuationIds.has(s.node.id) ? (/^yes$/i.test(s.label) ? ["Continuation of therapy"] : []) : /^(?:yes|no)$/i.test(s.label) ? [] : [s.label],
    );
  const result = (n: TreeNode): CriterionResult => {
    const a = answers.get(n.id);
    return {
      node_id: n.id,
      question: n.question,
      outcome: a?.outcome ?? "insufficient",
      reason: a?.reason ?? "Not answered.",
      citations: a?.citations ?? [],
      ...(a?.evidence ? { evidence: a.evidence } : {}),
      ...(a?.confidence ? { confidence: a.confidence } : {}),
      ...(a?.missing ? { missing: a.missing } : {}),
      ...(a?.basis ? { basis: a.basis } : {}),
    };
  };
  // paths: every route that ends in an approval, criteria = its non-exclusion, non-indication nodes
  const paths: ReviewResult["paths"] = [];
  const titles = new Map<string, number>();
  for (const r of rs) {
    if (r.leaf.node_action !== "approved") continue;
    const crit = r.steps.filter((s) => !exclusionIds.has(s.node.id) && edgeLabels(tree, s.node.id).some((l) => /^(?:yes|no)$/i.test(l)));
    const named = nameOf(r.steps);
    const title = named.join(" / ") || tree.title;
    const k = (titles.get(title) ?? 0) + 1;
    titles.set(title, k);
    if (k > 1) continue;
    const criteria = crit.map((s) => result(s.node));
    const outcome: CriterionOutcome = criteria.some((c) => c.outcome === "not_met")
      ? "not_met"
      : criteria.every((c) => c.outcome === "met") && r.approvable
        ? "met"
        : "insufficient";
    paths.push({ title, outcome, criteria });
  }
  // a denied route through a definite "No" on every path: show the paths that were considered
  if (!paths.length) {
    for (const r of routes(tree, new Map(), opts.notApprovable)) {
      if (r.leaf.node_action !== "approved") continue;
      // the path the request is not on (a continuation request's initial path, or the reverse) is not a path considered
      if (
        r.steps.some(
          (s) => continuationIds.has(s.node.id) && answers.get(s.node.id)?.definite && !answers.get(s.node.id)!.labels.some((l) => norm(l) === norm(s.label)),
        )
      )
        continue;
      const named = nameOf(r.steps);
      const title = named.join(" / ") || tree.title;
      if (titles.has(title)) continue;
      titles.set(title, 1);
      const crit = r.steps.filter((s) => !exclusionIds.has(s.node.id) && edgeLabels(tree, s.node.id).some((l) => /^(?:yes|no)$/i.test(l)));
      const reachable = rs.some((x) => x.steps.some((s) => s.label === named[0]));
      if (named.length && !reachable) continue;
      const criteria = crit.map((s) => result(s.node));
      paths.push({ title, outcome: criteria.some((c) => c.outcome === "not_met") ? "not_met" : "insufficient", criteria });
    }
  }
  const exclusions = tree.nodes.filter((n) => exclusionIds.has(n.id) && !continuationIds.has(n.id)).map(result);
  // traversal of the most favourable route: an approval, else the first open route, else a denial
  const rank = (r: Route) => (r.leaf.node_action === "approved" && r.decided && r.approvable ? 0 : r.leaf.node_action === "approved" ? 1 : 2);
  const best = [...rs].sort((a, b) => rank(a) - rank(b))[0];
  const traversal: ReviewResult["traversal"] = [];
  if (best) {
    for (let i = 0; i < best.steps.length; i++) {
      const s = best.steps[i];
      const a = answers.get(s.node.id);
      const shown = !a || !a.labels.length ? "Unknown (insufficient information)" : s.label;
      const next = best.steps[i + 1]?.node ?? best.leaf;
      traversal.push({ node_question_or_action: s.node.question, node_answer: shown, next_node: next.question });
    }
    traversal.push({ node_question_or_action: best.leaf.question, node_answer: best.leaf.node_action ?? "", next_node: null });
  }
  return {
    policy_id: opts.policyId,
    paths,
    traversal,
    exclusions,
    ...(opts.indication ? { indication: opts.indication } : {}),
    verdict: { approved: verdict.approved, denied: verdict.denied, open_nodes: verdict.open_nodes },
  };
}
