/**
 * Reading and writing a coverage policy's decision tree as CoveragePolicyNode/Edge rows, the single
 * source of truth the engine walks (hand edits in the graph editor take effect on the next review),
 * and the published version each write records (tree-versions.server.ts keeps the history).
 */
import type { Database } from "~/lib/db.server";
import { z } from "zod";
import { CitationSchema, type DecisionTree } from "~/clinical/contracts";
import { AppError } from "~/lib/errors";
import { toJson, toJsonValue } from "~/lib/json";

/** How a published version came to be, recorded with it. */
export interface TreeVersionMeta {
  engine: string;
  model?: string | null;
  /** generated (by the reader or a model) | edited (by hand) | restored (an older version again) */
  source?: "generated" | "edited" | "restored";
  /** one line for the version list; defaults to what the source says */
  summary?: string;
  /** the user who made it (null for jobs) */
  userId?: string | null;
  /** publish this existing draft version (its number is kept) instead of numbering a new one */
  draftVersionId?: string;
}

/** The next free version number of a policy's tree. */
export async function nextTreeVersion(database: Database, policyId: string): Promise<number> {
  const last = await database.prisma.coveragePolicyTreeVersion.aggregate({ where: { coverage_policy_id: policyId }, _max: { version: true } });
  return (last._max.version ?? 0) + 1;
}

/**
 * Publishes `tree` as the policy's decision tree: replaces its node and edge rows (node ids are
 * re-minted; edges follow), records the snapshot as a new published version (or publishes the
 * given draft), marks the previous published version superseded, and sets structured_logic to a
 * summary and tree_status "ready" — all in one transaction. Returns the version number.
 */
export async function saveDecisionTree(database: Database, policyId: string, tree: DecisionTree, meta: TreeVersionMeta): Promise<number> {
  const policy = await database.prisma.coveragePolicy.findUniqueOrThrow({ where: { id: policyId }, select: { organization_id: true } });
  const idMap = new Map<string, string>();
  const rows = tree.nodes.map((n, i) => {
    const id = `${policyId.slice(0, 12)}_${i}_${Math.random().toString(36).slice(2, 8)}`;
    idMap.set(n.id, id);
    return { n, id, i };
  });
  const edges = tree.edges
    .filter((e) => idMap.has(e.source) && idMap.has(e.target))
    .map((e) => ({ source: idMap.get(e.source)!, target: idMap.get(e.target)!, condition: e.condition }));
  // the snapshot is exactly what the rows hold
  const snapshot: DecisionTree = {
    title: tree.title,
    drug_names: tree.drug_names,
    nodes: rows.map(({ n, id }) => ({ ...n, id, parent_id: n.parent_id ? (idMap.get(n.parent_id) ?? null) : null })),
    edges,
    unread: tree.unread ?? [],
  };
  const draft = meta.draftVersionId
    ? await database.prisma.coveragePolicyTreeVersion.findFirst({ where: { id: meta.draftVersionId, coverage_policy_id: policyId, status: "draft" } })
    : null;
  if (meta.draftVersionId && !draft) throw new AppError("conflict", "This draft is no longer waiting to be published");
  const version = draft?.version ?? (await nextTreeVersion(database, policyId));
  const source = meta.source ?? "generated";
  const summary =
    meta.summary ??
    (source === "generated"
      ? `Generated (${meta.engine === "builtin" ? "built-in reader" : (meta.model ?? meta.engine)}): ${tree.nodes.length} nodes`
      : source === "restored"
        ? "Restored"
        : "Edited");
  const now = new Date();
  const json = toJsonValue;
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
        criterion: n.criterion ? toJsonValue(n.criterion) : undefined,
        passage: n.passage ? toJson(n.passage) : undefined,
      })),
    }),
    database.prisma.coveragePolicyEdge.createMany({ data: edges.map((e) => ({ coverage_policy_id: policyId, ...e })) }),
    database.prisma.coveragePolicyTreeVersion.updateMany({ where: { coverage_policy_id: policyId, status: "published" }, data: { status: "superseded" } }),
    draft
      ? database.prisma.coveragePolicyTreeVersion.update({ where: { id: draft.id }, data: { status: "published", tree: json(snapshot), published_at: now } })
      : database.prisma.coveragePolicyTreeVersion.create({
          data: {
            organization_id: policy.organization_id,
            coverage_policy_id: policyId,
            version,
            status: "published",
            source,
            summary,
            tree: json(snapshot),
            engine: meta.engine,
            model: meta.model ?? null,
            created_by_id: meta.userId ?? null,
            published_at: now,
          },
        }),
    database.prisma.coveragePolicy.update({
      where: { id: policyId },
      data: {
        tree_status: "ready",
        tree_error: null,
        current_version: version,
        structured_logic: {
          title: tree.title,
          drug_names: tree.drug_names,
          node_count: tree.nodes.length,
          edge_count: tree.edges.length,
          engine: draft?.engine ?? meta.engine,
          model: draft?.model ?? meta.model ?? null,
          generated_at: now.toISOString(),
          version,
          // policy passages the reader could not turn into criteria, shown to the policy author
          unread: json(tree.unread ?? []),
        },
      },
    }),
  ]);
  return version;
}

// JSON columns read back through zod: a malformed stored value degrades to "none", never to a wrong type.
const StoredLogicSchema = z.looseObject({ title: z.string().optional() }).catch({});
const StoredCriterionSchema = z.record(z.string(), z.unknown()).nullable().catch(null);
const StoredPassageSchema = CitationSchema.nullable().catch(null);

/** The policy's tree from its rows, or null when it has none. */
export async function loadDecisionTree(database: Database, policyId: string): Promise<DecisionTree | null> {
  const policy = await database.prisma.coveragePolicy.findUnique({
    where: { id: policyId },
    include: { nodes: { orderBy: { position: "asc" } }, edges: true },
  });
  if (!policy || policy.nodes.length === 0) return null;
  const logic = StoredLogicSchema.parse(policy.structured_logic ?? {});
  return {
    version: policy.current_version,
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
      criterion: StoredCriterionSchema.parse(n.criterion ?? null),
      passage: StoredPassageSchema.parse(n.passage ?? null),
    })),
    edges: policy.edges.map((e) => ({ source: e.source, target: e.target, condition: e.condition })),
  };
}
