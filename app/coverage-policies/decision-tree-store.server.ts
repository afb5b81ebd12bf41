/**
 * Reading and writing a coverage policy's decision tree as CoveragePolicyNode/Edge rows, the single
 * source of truth the engine walks (hand edits in the graph editor take effect on the next review).
 */
import type { Database } from "~/lib/db.server";
import type { DecisionTree } from "~/clinical/contracts";

/**
 * Replaces the policy's nodes and edges with `tree` (node ids are re-minted; edges follow).
 * Sets structured_logic to a summary and tree_status "ready".
 */
export async function saveDecisionTree(database: Database, policyId: string, tree: DecisionTree, meta: { engine: string; model?: string | null }) {
  const idMap = new Map<string, string>();
  const rows = tree.nodes.map((n, i) => {
    const id = `${policyId.slice(0, 12)}_${i}_${Math.random().toString(36).slice(2, 8)}`;
    idMap.set(n.id, id);
    return { n, id, i };
  });
  await database.prisma.$transaction([
    database.prisma.coveragePolicyEdge.deleteMany({ where: { coverage_policy_id: policyId } }),
    database.prisma.coveragePolicyNode.deleteMany({ where: { coverage_policy_id: policyId } }),
    database.prisma.coveragePolicyNode.createMany({
      data: rows.map(({ n, id, i }) => ({
        id,
        coverage_policy_id: policyId,
        question: n.question,
        reason: n.reason,
        node_type: n.node_type,
        node_action: n.node_action,
        condition: n.condition,
        parent_id: n.parent_id ? (idMap.get(n.parent_id) ?? null) : null,
        position: i,
        criterion: (n.criterion ?? undefined) as never,
        passage: (n.passage ?? undefined) as never,
      })),
    }),
    database.prisma.coveragePolicyEdge.createMany({
      data: tree.edges
        .filter((e) => idMap.has(e.source) && idMap.has(e.target))
        .map((e) => ({ coverage_policy_id: policyId, source: idMap.get(e.source)!, target: idMap.get(e.target)!, condition: e.condition })),
    }),
    database.prisma.coveragePolicy.update({
      where: { id: policyId },
      data: {
        tree_status: "ready",
        tree_error: null,
        structured_logic: {
          title: tree.title,
          drug_names: tree.drug_names,
          node_count: tree.nodes.length,
          edge_count: tree.edges.length,
          engine: meta.engine,
          model: meta.model ?? null,
          generated_at: new Date().toISOString(),
          // policy passages the reader could not turn into criteria, shown to the policy author
          unread: JSON.parse(JSON.stringify(tree.unread ?? [])),
        },
      },
    }),
  ]);
}

/** The policy's tree from its rows, or null when it has none. */
export async function loadDecisionTree(database: Database, policyId: string): Promise<DecisionTree | null> {
  const policy = await database.prisma.coveragePolicy.findUnique({
    where: { id: policyId },
    include: { nodes: { orderBy: { position: "asc" } }, edges: true },
  });
  if (!policy || policy.nodes.length === 0) return null;
  const logic = (policy.structured_logic as { title?: string } | null) ?? {};
  return {
    title: logic.title ?? policy.drug_name,
    drug_names: policy.drugs_list.length ? policy.drugs_list : [policy.drug_name],
    nodes: policy.nodes.map((n) => ({
      id: n.id,
      node_type: n.node_type === "action" ? "action" : "question",
      question: n.question,
      reason: n.reason,
      node_action: n.node_action === "approved" || n.node_action === "denied" ? n.node_action : null,
      condition: n.condition,
      parent_id: n.parent_id,
      criterion: (n.criterion as Record<string, unknown> | null) ?? null,
      passage: (n.passage as never) ?? null,
    })),
    edges: policy.edges.map((e) => ({ source: e.source, target: e.target, condition: e.condition })),
  };
}
