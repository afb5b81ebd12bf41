/**
 * Coverage policies of a plan: create from a PDF or text, list, delete, queue decision-tree
 * generation, and read/edit the tree's nodes and edges. All scoped to one organization.
 */
import { ensureBaselineVersion, recordEditedVersion } from "./tree-versions.server";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { publish } from "~/queue/live-events.server";
import { storeDocument } from "~/documents/store-document.server";
import { requirePlan } from "~/plans/manage-plans.server";
import { CreateCoveragePolicyInputSchema, PDF_REQUIRED, type CreateCoveragePolicyInput } from "./create-coverage-policy-input";
import { AddNodeInputSchema, parseNodeInput, type AddNodeInput } from "./add-node-input";
import { UpdateNodeInputSchema, type UpdateNodeInput } from "./update-node-input";

/**
 * Creates a coverage policy under a plan from an uploaded PDF (`file`, PDF only) and/or pasted
 * `policy_text`, then queues decision-tree generation. `input` is parsed with the command's schema
 * (create-coverage-policy-input.ts). Throws AppError("validation") with the first invalid field's
 * message ('Name is required', ...), or 'Please upload a PDF file' with neither a PDF nor text or
 * with a file that is not a PDF.
 */
export async function createCoveragePolicy(
  database: Database,
  organizationId: string,
  planId: string,
  input: CreateCoveragePolicyInput,
  file?: { bytes: Uint8Array; filename: string } | null,
  opts: { generateTree?: boolean } = {},
) {
  await requirePlan(database, organizationId, planId);
  const parsed = CreateCoveragePolicyInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("validation", parsed.error.issues[0]?.message ?? "Invalid coverage policy");
  const p = parsed.data;
  if (!file && !p.policy_text?.trim()) throw new AppError("validation", PDF_REQUIRED);
  const drugs = [...new Set([p.drug_name, ...p.drugs_list])];
  const policy = await database.prisma.coveragePolicy.create({
    data: {
      organization_id: organizationId,
      plan_id: planId,
      drug_name: p.drug_name,
      drugs_list: drugs,
      policy_type: p.policy_type,
      policy_text: p.policy_text ?? null,
      external_id: p.external_id ?? null,
    },
  });
  if (file) {
    try {
      await storeDocument(database, {
        organization_id: organizationId,
        coverage_policy_id: policy.id,
        plan_id: planId,
        kind: "policy",
        filename: file.filename,
        bytes: file.bytes,
      });
    } catch (err) {
      await database.prisma.coveragePolicy.delete({ where: { id: policy.id } });
      throw err;
    }
  }
  if (opts.generateTree !== false) await queueDecisionTree(database, organizationId, policy.id);
  return policy;
}

/** The policy when it belongs to the organization (and plan, when given), else not_found. */
export async function requireCoveragePolicy(database: Database, organizationId: string, policyId: string, planId?: string) {
  const policy = await database.prisma.coveragePolicy.findFirst({
    where: { id: policyId, organization_id: organizationId, ...(planId ? { plan_id: planId } : {}) },
  });
  if (!policy) throw new AppError("not_found", "Coverage policy not found");
  return policy;
}

/** Queues (or re-queues) generation of the policy's decision tree; de-duplicated while pending. */
export async function queueDecisionTree(database: Database, organizationId: string, policyId: string) {
  await requireCoveragePolicy(database, organizationId, policyId);
  await database.prisma.coveragePolicy.update({ where: { id: policyId }, data: { tree_status: "queued", tree_error: null } });
  const job = await enqueue(
    database,
    "coverage_policy.decision_tree",
    { coverage_policy_id: policyId },
    { key: `tree:${policyId}`, lane: organizationLane(organizationId) },
  );
  await publish(database, `org:${organizationId}`, "coverage_policy", { id: policyId, tree_status: "queued" });
  return job;
}

export async function listCoveragePolicies(database: Database, organizationId: string, planId: string) {
  await requirePlan(database, organizationId, planId);
  return database.prisma.coveragePolicy.findMany({
    where: { organization_id: organizationId, plan_id: planId },
    orderBy: { created_at: "asc" },
    include: { documents: { select: { id: true, filename: true } } },
  });
}

export async function deleteCoveragePolicy(database: Database, organizationId: string, policyId: string) {
  await requireCoveragePolicy(database, organizationId, policyId);
  await database.prisma.coveragePolicy.delete({ where: { id: policyId } });
}

/** Nodes and edges of a policy's tree in the graph shape the spec's editor reads (data.node_type ...). */
export async function getDecisionTreeGraph(database: Database, organizationId: string, policyId: string) {
  await requireCoveragePolicy(database, organizationId, policyId);
  const [nodes, edges] = await Promise.all([
    database.prisma.coveragePolicyNode.findMany({ where: { coverage_policy_id: policyId }, orderBy: { position: "asc" } }),
    database.prisma.coveragePolicyEdge.findMany({ where: { coverage_policy_id: policyId } }),
  ]);
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      question: n.question,
      reason: n.reason,
      node_type: n.node_type,
      node_action: n.node_action,
      condition: n.condition,
      parent_id: n.parent_id,
      passage: n.passage,
      criterion: n.criterion,
      data: { label: n.question, question: n.question, reason: n.reason, node_type: n.node_type, node_action: n.node_action, condition: n.condition },
    })),
    edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, condition: e.condition, label: e.condition })),
  };
}

/**
 * Adds a node (and the edge from its parent). `input` is parsed with the command's schema
 * (add-node-input.ts). Throws AppError("validation") with the first invalid field's message as the
 * spec words it ('Node type is required', 'Action is required', 'Question is required', 'Answer is
 * required', 'Action must be Approve or Deny'), or 'Parent node not found'.
 */
export async function addPolicyNode(database: Database, organizationId: string, policyId: string, input: AddNodeInput, opts: { userId?: string | null } = {}) {
  await requireCoveragePolicy(database, organizationId, policyId);
  const n = parseNodeInput(AddNodeInputSchema, input);
  if (n.parent_id) {
    const parent = await database.prisma.coveragePolicyNode.findFirst({ where: { id: n.parent_id, coverage_policy_id: policyId } });
    if (!parent) throw new AppError("validation", "Parent node not found");
  }
  await ensureBaselineVersion(database, policyId);
  const count = await database.prisma.coveragePolicyNode.count({ where: { coverage_policy_id: policyId } });
  const node = await database.prisma.coveragePolicyNode.create({
    data: {
      coverage_policy_id: policyId,
      question: n.node_type === "action" ? (n.node_action === "approved" ? "Approve" : "Deny") : n.question,
      reason: n.reason ?? null,
      node_type: n.node_type,
      node_action: n.node_type === "action" ? n.node_action! : null,
      condition: n.condition,
      parent_id: n.parent_id ?? null,
      position: count,
    },
  });
  if (n.parent_id) {
    await database.prisma.coveragePolicyEdge.create({
      data: { coverage_policy_id: policyId, source: n.parent_id, target: node.id, condition: n.condition },
    });
  }
  await markTreeEdited(database, policyId, `Added node "${node.question}"`, opts.userId);
  return node;
}

/**
 * Updates a node's text/type/action/answer/reason; an absent field keeps its value. `input` is parsed
 * with the command's schema (update-node-input.ts). Throws AppError("validation") with the first
 * invalid field's message ('Node type must be question or action', 'Action is required', 'Question is
 * required', 'Action must be Approve or Deny'), AppError("not_found") for an unknown node.
 */
export async function updatePolicyNode(
  database: Database,
  organizationId: string,
  policyId: string,
  nodeId: string,
  input: UpdateNodeInput,
  opts: { userId?: string | null } = {},
) {
  await requireCoveragePolicy(database, organizationId, policyId);
  const edit = parseNodeInput(UpdateNodeInputSchema, input);
  const node = await database.prisma.coveragePolicyNode.findFirst({ where: { id: nodeId, coverage_policy_id: policyId } });
  if (!node) throw new AppError("not_found", "Node not found");
  await ensureBaselineVersion(database, policyId);
  const updated = await database.prisma.coveragePolicyNode.update({
    where: { id: nodeId },
    data: {
      question: edit.question?.trim() || undefined,
      reason: edit.reason,
      node_type: edit.node_type,
      node_action: edit.node_action ?? (edit.node_type === "question" ? null : undefined),
      condition: edit.condition,
    },
  });
  if (edit.condition !== undefined) {
    await database.prisma.coveragePolicyEdge.updateMany({ where: { coverage_policy_id: policyId, target: nodeId }, data: { condition: edit.condition } });
  }
  await markTreeEdited(
    database,
    policyId,
    updated.question === node.question ? `Edited node "${node.question}"` : `Edited node "${node.question}" → "${updated.question}"`,
    opts.userId,
  );
  return updated;
}

/** Deletes a node with its subtree and edges. */
export async function deletePolicyNode(database: Database, organizationId: string, policyId: string, nodeId: string, opts: { userId?: string | null } = {}) {
  await requireCoveragePolicy(database, organizationId, policyId);
  const all = await database.prisma.coveragePolicyNode.findMany({
    where: { coverage_policy_id: policyId },
    select: { id: true, parent_id: true, question: true },
  });
  if (!all.some((n) => n.id === nodeId)) throw new AppError("not_found", "Node not found");
  const doomed = new Set([nodeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of all) if (n.parent_id && doomed.has(n.parent_id) && !doomed.has(n.id)) (doomed.add(n.id), (grew = true));
  }
  const ids = [...doomed];
  await ensureBaselineVersion(database, policyId);
  await database.prisma.$transaction([
    database.prisma.coveragePolicyEdge.deleteMany({ where: { coverage_policy_id: policyId, OR: [{ source: { in: ids } }, { target: { in: ids } }] } }),
    database.prisma.coveragePolicyNode.deleteMany({ where: { id: { in: ids } } }),
  ]);
  const question = all.find((n) => n.id === nodeId)?.question ?? "";
  await markTreeEdited(database, policyId, `Deleted node "${question}"${ids.length > 1 ? ` and ${ids.length - 1} below it` : ""}`, opts.userId);
  return ids.length;
}

/** Records a hand edit as a new published tree version; the engine always reads the tree from the node and edge rows. */
async function markTreeEdited(database: Database, policyId: string, summary: string, userId: string | null | undefined) {
  await recordEditedVersion(database, policyId, summary, userId ?? null);
}
