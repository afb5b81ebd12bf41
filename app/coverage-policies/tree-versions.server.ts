/**
 * Decision-tree versions of a coverage policy.
 *
 * Every generation and every hand edit is a numbered snapshot (CoveragePolicyTreeVersion). Exactly
 * one version is published: its nodes and edges are the rows the engine walks, and each AI decision
 * records the version it walked. A regeneration over an existing tree never replaces it: it becomes a
 * draft the policy author compares with the published version (nodes added, removed, changed) and
 * publishes or discards, so hand edits are never lost. Any older version can be restored, which
 * publishes a copy of it as a new version. Every function is scoped to the organization: another
 * organization's policy or version is "not found".
 */
import type { Database } from "~/lib/db.server";
import type { DecisionTree } from "~/clinical/contracts";
import { DecisionTreeSchema } from "~/clinical/policy/tree-structure";
import { AppError } from "~/lib/errors";
import { toJsonValue } from "~/lib/json";
import { publish } from "~/queue/live-events.server";
import { loadDecisionTree, nextTreeVersion, saveDecisionTree, type TreeVersionMeta } from "./decision-tree-store.server";
import { describeDiff, diffTrees, type TreeDiff } from "./tree-diff";

export type TreeVersionStatus = "published" | "superseded" | "draft" | "discarded";

/** One version as lists and the API show it (no tree). */
export interface TreeVersionSummary {
  version: number;
  status: TreeVersionStatus;
  source: string;
  summary: string;
  node_count: number;
  engine: string | null;
  model: string | null;
  created_by: string | null;
  created_at: string;
  published_at: string | null;
}

async function requirePolicy(database: Database, organizationId: string, policyId: string) {
  const policy = await database.prisma.coveragePolicy.findFirst({ where: { id: policyId, organization_id: organizationId } });
  if (!policy) throw new AppError("not_found", "Coverage policy not found");
  return policy;
}

/** A version number as stored (a positive 32-bit integer); anything else is "not found". */
function requireVersionNumber(version: number): number {
  if (!Number.isInteger(version) || version <= 0 || version > 2_147_483_647) throw new AppError("not_found", "Version not found");
  return version;
}

function readTree(json: unknown): DecisionTree {
  const parsed = DecisionTreeSchema.safeParse(json);
  if (!parsed.success) throw new AppError("internal", "A stored tree version is not a valid decision tree");
  return parsed.data;
}

/** The row of a new version (a full snapshot of `tree`). */
function versionRow(
  organizationId: string,
  policyId: string,
  version: number,
  v: {
    status: TreeVersionStatus;
    source: string;
    summary: string;
    tree: unknown;
    engine: string | null;
    model?: string | null;
    userId?: string | null;
    publishedAt?: Date | null;
  },
) {
  return {
    organization_id: organizationId,
    coverage_policy_id: policyId,
    version,
    status: v.status,
    source: v.source,
    summary: v.summary,
    tree: JSON.parse(JSON.stringify(v.tree)),
    engine: v.engine,
    model: v.model ?? null,
    created_by_id: v.userId ?? null,
    published_at: v.publishedAt ?? null,
  };
}

/**
 * Makes sure a policy whose tree predates versioning (rows but no version) has its rows recorded as
 * a published version, so the first edit or regeneration has something to compare with and restore.
 */
export async function ensureBaselineVersion(database: Database, policyId: string): Promise<void> {
  const policy = await database.prisma.coveragePolicy.findUnique({
    where: { id: policyId },
    select: { current_version: true, organization_id: true, structured_logic: true },
  });
  if (!policy || policy.current_version != null) return;
  const tree = await loadDecisionTree(database, policyId);
  if (!tree) return;
  const logic = (policy.structured_logic as { engine?: string; model?: string | null } | null) ?? {};
  const version = await nextTreeVersion(database, policyId);
  const { version: _v, ...snapshot } = tree;
  await database.prisma.$transaction([
    database.prisma.coveragePolicyTreeVersion.create({
      data: versionRow(policy.organization_id, policyId, version, {
        status: "published",
        source: "generated",
        summary: `The tree as it stood when versions began: ${tree.nodes.length} nodes`,
        tree: snapshot,
        engine: logic.engine ?? null,
        model: logic.model,
        publishedAt: new Date(),
      }),
    }),
    database.prisma.coveragePolicy.update({ where: { id: policyId }, data: { current_version: version } }),
  ]);
}

/**
 * Stores a freshly generated tree: published at once when the policy has no tree yet; otherwise a
 * draft beside the published tree (an earlier waiting draft is discarded). Returns what happened.
 */
export async function storeGeneratedTree(
  database: Database,
  policyId: string,
  tree: DecisionTree,
  meta: Pick<TreeVersionMeta, "engine" | "model">,
): Promise<{ published: number } | { draft: number; diff: TreeDiff }> {
  const current = await loadDecisionTree(database, policyId);
  if (!current) return { published: await saveDecisionTree(database, policyId, tree, { ...meta, source: "generated" }) };
  await ensureBaselineVersion(database, policyId);
  const policy = await database.prisma.coveragePolicy.findUniqueOrThrow({ where: { id: policyId }, select: { organization_id: true } });
  const diff = diffTrees(current, tree);
  const version = await nextTreeVersion(database, policyId);
  await database.prisma.$transaction([
    database.prisma.coveragePolicyTreeVersion.updateMany({ where: { coverage_policy_id: policyId, status: "draft" }, data: { status: "discarded" } }),
    database.prisma.coveragePolicyTreeVersion.create({
      data: versionRow(policy.organization_id, policyId, version, {
        status: "draft",
        source: "generated",
        summary: `Regenerated (${meta.engine === "builtin" ? "built-in reader" : (meta.model ?? meta.engine)}): ${describeDiff(diff)} against version ${current.version ?? "?"}`,
        tree,
        engine: meta.engine,
        model: meta.model,
      }),
    }),
    database.prisma.coveragePolicy.update({ where: { id: policyId }, data: { tree_status: "ready", tree_error: null } }),
  ]);
  return { draft: version, diff };
}

/**
 * Records the policy's rows after a hand edit as a new published version (`summary` says what was
 * edited). Call ensureBaselineVersion before changing the rows.
 */
export async function recordEditedVersion(database: Database, policyId: string, summary: string, userId: string | null): Promise<number | null> {
  const tree = await loadDecisionTree(database, policyId);
  if (!tree) return null;
  const policy = await database.prisma.coveragePolicy.findUniqueOrThrow({ where: { id: policyId }, select: { organization_id: true, structured_logic: true } });
  const version = await nextTreeVersion(database, policyId);
  const { version: _v, ...snapshot } = tree;
  const now = new Date();
  const logic = (policy.structured_logic as Record<string, unknown> | null) ?? {};
  await database.prisma.$transaction([
    database.prisma.coveragePolicyTreeVersion.updateMany({ where: { coverage_policy_id: policyId, status: "published" }, data: { status: "superseded" } }),
    database.prisma.coveragePolicyTreeVersion.create({
      data: versionRow(policy.organization_id, policyId, version, {
        status: "published",
        source: "edited",
        summary,
        tree: { ...snapshot, unread: (logic.unread as unknown[]) ?? [] },
        engine: "hand",
        userId,
        publishedAt: now,
      }),
    }),
    database.prisma.coveragePolicy.update({
      where: { id: policyId },
      data: {
        current_version: version,
        structured_logic: toJsonValue({ ...logic, node_count: tree.nodes.length, edge_count: tree.edges.length, edited_at: now.toISOString(), version }),
        tree_status: "ready",
      },
    }),
  ]);
  return version;
}

/** The policy's versions, newest first, with who made each. */
export async function listTreeVersions(
  database: Database,
  organizationId: string,
  policyId: string,
): Promise<{ current: number | null; draft: number | null; versions: TreeVersionSummary[] }> {
  const policy = await requirePolicy(database, organizationId, policyId);
  const rows = await database.prisma.coveragePolicyTreeVersion.findMany({ where: { coverage_policy_id: policyId }, orderBy: { version: "desc" } });
  const userIds = [...new Set(rows.map((r) => r.created_by_id).filter((x): x is string => !!x))];
  const users = userIds.length ? await database.prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [];
  const who = new Map(users.map((u) => [u.id, u.email]));
  return {
    current: policy.current_version,
    draft: rows.find((r) => r.status === "draft")?.version ?? null,
    versions: rows.map((r) => ({
      version: r.version,
      status: r.status as TreeVersionStatus,
      source: r.source,
      summary: r.summary,
      node_count: Array.isArray((r.tree as { nodes?: unknown[] }).nodes) ? (r.tree as { nodes: unknown[] }).nodes.length : 0,
      engine: r.engine,
      model: r.model,
      created_by: r.created_by_id ? (who.get(r.created_by_id) ?? "a former user") : null,
      created_at: r.created_at.toISOString(),
      published_at: r.published_at?.toISOString() ?? null,
    })),
  };
}

/** One version's tree and its differences from the published tree (`diff` is null for the published one). */
export async function getTreeVersion(database: Database, organizationId: string, policyId: string, version: number) {
  const policy = await requirePolicy(database, organizationId, policyId);
  requireVersionNumber(version);
  const row = await database.prisma.coveragePolicyTreeVersion.findFirst({ where: { coverage_policy_id: policyId, version } });
  if (!row) throw new AppError("not_found", `Version ${version} of this decision tree not found`);
  const tree = readTree(row.tree);
  const current = version === policy.current_version ? null : await loadDecisionTree(database, policyId);
  return {
    version: row.version,
    status: row.status as TreeVersionStatus,
    source: row.source,
    summary: row.summary,
    tree,
    diff: current ? diffTrees(current, tree) : null,
    against: current ? policy.current_version : null,
  };
}

/** Publishes the waiting draft `version`; the version published before it is kept (superseded). */
export async function publishDraftVersion(database: Database, organizationId: string, policyId: string, version: number, userId: string | null) {
  await requirePolicy(database, organizationId, policyId);
  requireVersionNumber(version);
  const row = await database.prisma.coveragePolicyTreeVersion.findFirst({ where: { coverage_policy_id: policyId, version } });
  if (!row) throw new AppError("not_found", `Version ${version} of this decision tree not found`);
  if (row.status !== "draft") throw new AppError("conflict", `Version ${version} is not a draft waiting to be published`);
  await ensureBaselineVersion(database, policyId);
  const published = await saveDecisionTree(database, policyId, readTree(row.tree), {
    engine: row.engine ?? "builtin",
    model: row.model,
    draftVersionId: row.id,
    userId,
  });
  await publish(database, `org:${organizationId}`, "coverage_policy", { id: policyId, tree_status: "ready", version: published });
  return published;
}

/** Discards the waiting draft `version` (it stays in the history, marked discarded). */
export async function discardDraftVersion(database: Database, organizationId: string, policyId: string, version: number) {
  await requirePolicy(database, organizationId, policyId);
  requireVersionNumber(version);
  const updated = await database.prisma.coveragePolicyTreeVersion.updateMany({
    where: { coverage_policy_id: policyId, version, status: "draft" },
    data: { status: "discarded" },
  });
  if (updated.count === 0) throw new AppError("conflict", `Version ${version} is not a draft waiting to be published`);
}

/** Publishes a copy of an older version as a new version. Returns the new version number. */
export async function restoreTreeVersion(database: Database, organizationId: string, policyId: string, version: number, userId: string | null) {
  const policy = await requirePolicy(database, organizationId, policyId);
  requireVersionNumber(version);
  const row = await database.prisma.coveragePolicyTreeVersion.findFirst({ where: { coverage_policy_id: policyId, version } });
  if (!row) throw new AppError("not_found", `Version ${version} of this decision tree not found`);
  if (version === policy.current_version) throw new AppError("conflict", `Version ${version} is already the published version`);
  await ensureBaselineVersion(database, policyId);
  const published = await saveDecisionTree(database, policyId, readTree(row.tree), {
    engine: row.engine ?? "hand",
    model: row.model,
    source: "restored",
    summary: `Restored version ${version}`,
    userId,
  });
  await publish(database, `org:${organizationId}`, "coverage_policy", { id: policyId, tree_status: "ready", version: published });
  return published;
}
