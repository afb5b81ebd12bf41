/**
 * Zod schemas for the agent contracts in app/engine/types.ts. Both implementations (built-in engine
 * and model) are validated with these, so a stage's output is interchangeable whichever produced it.
 * The compile-time assertions at the bottom keep them in step with types.ts.
 */
import { z } from "zod";
import type {
  AuditFinding,
  CaseFacts,
  Citation,
  DecisionResult,
  DecisionTree,
  EligibilityResult,
  ReviewResult,
  TreeNode,
} from "~/engine/types";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

export const CitationSchema = z
  .object({
    document: z.string().min(1),
    document_id: z.string().optional(),
    page: z.number().int().min(1),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    text: z.string(),
  })
  .refine((c) => c.end >= c.start, { message: "end must be >= start", path: ["end"] });

const citations = z.array(CitationSchema);

/** A documented therapy (prior or concurrent), as in types.ts PriorTherapy. */
const therapy = z.object({
  drug_name: z.string(),
  dose: z.string().nullable(),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  duration_days: z.number().nullable(),
  outcome: z.enum(["inadequate_response", "intolerance", "contraindication", "ongoing", "unknown"]),
  citations,
});

export const CaseFactsSchema = z.object({
  request_date: isoDate.nullable(),
  urgency: z.enum(["standard", "expedited"]),
  patient: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    birth_date: isoDate.nullable(),
    gender: z.enum(["male", "female", "other", "unknown"]).nullable(),
    member_id: z.string().nullable(),
    insurance_plan: z.string().nullable(),
    citations,
  }),
  practitioner: z.object({
    full_name: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    credential: z.string().nullable(),
    npi: z.string().nullable(),
    npi_valid: z.boolean().nullable(),
    specialty: z.string().nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    organization_name: z.string().nullable(),
    state_license: z.string().nullable(),
    citations,
  }),
  medication: z.object({
    drug_name: z.string().nullable(),
    generic_name: z.string().nullable(),
    strength: z.string().nullable(),
    dosage: z.string().nullable(),
    quantity: z.number().nullable(),
    quantity_unit: z.string().nullable(),
    days_supply: z.number().nullable(),
    duration_months: z.number().nullable(),
    ndc: z.string().nullable(),
    drug_class: z.string().nullable(),
    citations,
  }),
  diagnoses: z.array(
    z.object({ code: z.string().nullable(), description: z.string().nullable(), primary: z.boolean(), citations }),
  ),
  prior_therapies: z.array(therapy),
  concurrent_therapies: z.array(therapy),
  labs: z.array(
    z.object({
      name: z.string(),
      value: z.number().nullable(),
      value_text: z.string().nullable(),
      unit: z.string().nullable(),
      date: isoDate.nullable(),
      citations,
    }),
  ),
  notes: z.array(z.object({ text: z.string(), citations })),
});

const RosterMemberSchema = z.object({
  member_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
  gender: z.string().nullable(),
  plan_identification: z.string().nullable(),
  coverage_start: z.string(),
  coverage_end: z.string().nullable(),
});

const FormularyRowSchema = z.object({
  drug_name: z.string(),
  ndc: z.string().nullable(),
  tier: z.number().nullable(),
  requires_prior_auth: z.boolean(),
  quantity_limit: z.object({ amount: z.number(), unit: z.string(), period_days: z.number() }).nullable(),
  quantity_limit_note: z.string().nullable().optional(),
  step_therapy: z.array(z.object({ drug_name: z.string(), duration_days: z.number() })),
});

export const EligibilityResultSchema = z.object({
  eligible: z.boolean().nullable(),
  member: RosterMemberSchema.nullable(),
  reason: z.string(),
  formulary: FormularyRowSchema.nullable(),
  citations,
});

export const TreeNodeSchema = z.object({
  id: z.string().min(1),
  node_type: z.enum(["question", "action"]),
  question: z.string().min(1),
  reason: z.string().nullable(),
  node_action: z.enum(["approved", "denied"]).nullable(),
  condition: z.string().nullable(),
  parent_id: z.string().nullable(),
  criterion: z.record(z.string(), z.unknown()).nullable(),
  passage: CitationSchema.nullable(),
});

export const TreeEdgeSchema = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  condition: z.string().nullable(),
});

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

const outcome = z.enum(["met", "not_met", "insufficient"]);

export const CriterionResultSchema = z.object({
  node_id: z.string(),
  question: z.string(),
  outcome,
  reason: z.string(),
  citations,
});

export const TraversalStepSchema = z.object({
  node_question_or_action: z.string(),
  node_answer: z.string(),
  next_node: z.string().nullable(),
});

export const ReviewResultSchema = z.object({
  policy_id: z.string().nullable(),
  paths: z.array(z.object({ title: z.string(), outcome, criteria: z.array(CriterionResultSchema) })),
  traversal: z.array(TraversalStepSchema),
});

export const AuditFindingSchema = z.object({
  check: z.string().min(1),
  passed: z.boolean().nullable(),
  severity: z.enum(["info", "warning", "blocking"]),
  message: z.string(),
  citations,
});

export const DecisionResultSchema = z.object({
  final_decision: z.enum(["approved", "denied", "needs_more_information"]),
  confidence_score: z.number().min(0).max(1),
  ai_summary: z.string(),
  rationale: z.string(),
  citations,
  decision_tree_traversal: z.array(TraversalStepSchema),
});

// Compile-time drift guards: each schema's output must be assignable to the contract and back.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const assertSame = <T extends true>(_: T) => undefined;
assertSame<Same<z.infer<typeof CitationSchema>, Citation>>(true);
assertSame<Same<z.infer<typeof TreeNodeSchema>, TreeNode>>(true);
assertSame<Same<z.infer<typeof CaseFactsSchema>, CaseFacts>>(true);
assertSame<Same<z.infer<typeof EligibilityResultSchema>, EligibilityResult>>(true);
assertSame<Same<z.infer<typeof ReviewResultSchema>, ReviewResult>>(true);
assertSame<Same<z.infer<typeof AuditFindingSchema>, AuditFinding>>(true);
assertSame<Same<z.infer<typeof DecisionResultSchema>, DecisionResult>>(true);
assertSame<Same<Omit<z.infer<typeof DecisionTreeSchema>, never>, DecisionTree>>(true);
