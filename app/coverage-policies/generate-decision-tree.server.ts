/**
 * Coverage policy → decision tree (the `coverage_policy.decision_tree` job): reads the policy PDF
 * (or its pasted text), indexes its passages for retrieval, generates the tree with the built-in
 * generator or the configured model (validated by the same schema), and stores it: as the published
 * tree when the policy has none, else as a draft version beside the published one (tree-versions).
 */
import { getDatabase, type Database } from "~/lib/db.server";
import type { JobTransaction } from "~/queue/define-job";
import { PermanentJobError } from "~/queue/errors";
import { publish } from "~/queue/live-events.server";
import { parseDocumentIsolated } from "~/documents/parse-document-isolated.server";
import { dbOcrCache } from "~/documents/ocr-cache.server";
import { indexDocument, loadParsedDocument, builtinEmbed } from "~/documents/store-document.server";
import { generateDecisionTree } from "~/clinical/policy/compile-tree";
import type { ParsedDocument } from "~/clinical/contracts";
import { textToParsedDocument } from "~/intake/text-document";
import { getModelClient } from "~/agents/llm.server";
import { generateDecisionTreeWithModel } from "~/agents/decision-tree.model";
import { DecisionTreeSchema, validateTreeStructure } from "~/clinical/policy/tree-structure";
import { storeGeneratedTree } from "./tree-versions.server";

/** Generates and stores the tree. Failures are mirrored on the policy by `markTreeFailed` (onFailure). */
export async function generatePolicyDecisionTree(database: Database, policyId: string, opts: { attempt?: number; maxAttempts?: number } = {}) {
  const policy = await database.prisma.coveragePolicy.findUnique({ where: { id: policyId }, include: { documents: true } });
  if (!policy) return { skipped: "deleted" };
  await database.prisma.coveragePolicy.update({ where: { id: policyId }, data: { tree_status: "generating", tree_error: null } });
  await publish(database, `org:${policy.organization_id}`, "coverage_policy", { id: policyId, tree_status: "generating" });
  const started = Date.now();
  const client = getModelClient();
  try {
    const file = policy.documents.find((d) => d.kind === "policy");
    let doc: ParsedDocument;
    if (file) {
      doc =
        (await loadParsedDocument(database, file.id)) ??
        (await parseDocumentIsolated(new Uint8Array(file.data), { ocrCache: dbOcrCache(database, policy.organization_id), ocrEngine: "native" }));
      await indexDocument(
        database,
        { id: file.id, organization_id: policy.organization_id, coverage_policy_id: policy.id },
        doc,
        client ? (t) => client.embed(t) : builtinEmbed,
      );
      if (!policy.policy_text) {
        await database.prisma.coveragePolicy.update({ where: { id: policyId }, data: { policy_text: doc.pages.map((p) => p.text).join("\n\n") } });
      }
    } else {
      doc = textToParsedDocument(policy.policy_text ?? "");
    }
    const meta = { drug_names: policy.drugs_list.length ? policy.drugs_list : [policy.drug_name], title: policy.drug_name, documentName: "policy" };
    const tree = client ? await generateDecisionTreeWithModel(client, doc, meta) : generateDecisionTree(doc, meta);
    DecisionTreeSchema.parse(tree);
    validateTreeStructure(tree);
    // over an existing tree this is a draft for the author to compare and publish: edits are never lost
    const stored = await storeGeneratedTree(database, policyId, tree, { engine: client ? "openai" : "builtin", model: client?.model ?? null });
    await database.prisma.aiAgentRun.create({
      data: {
        organization_id: policy.organization_id,
        coverage_policy_id: policyId,
        agent: "decision_tree",
        status: "succeeded",
        engine: client ? "openai" : "builtin",
        model: client?.model ?? null,
        output: {
          nodes: tree.nodes.length,
          edges: tree.edges.length,
          title: tree.title,
          ...("draft" in stored
            ? {
                draft_version: stored.draft,
                diff: { added: stored.diff.added.length, removed: stored.diff.removed.length, changed: stored.diff.changed.length },
              }
            : { version: stored.published }),
        },
        finished_at: new Date(),
        duration_ms: Date.now() - started,
      },
    });
    await publish(database, `org:${policy.organization_id}`, "coverage_policy", {
      id: policyId,
      tree_status: "ready",
      ...("draft" in stored ? { draft_version: stored.draft } : { version: stored.published }),
    });
    return { nodes: tree.nodes.length, ...("draft" in stored ? { draft_version: stored.draft } : { version: stored.published }) };
  } catch (err) {
    // The policy's status on failure is written by the job's onFailure hook (markTreeFailed), in the
    // transaction that records the failed attempt, also when the worker running it went silent.
    if ((err as Error).name === "DocumentError") throw new PermanentJobError((err as Error).message, { cause: err });
    throw err;
  }
}

/**
 * onFailure hook of the `coverage_policy.decision_tree` job: the policy becomes `failed` (no attempt
 * left) or `queued` (retrying), with the error. Returns the live event to publish after the commit.
 */
export async function markTreeFailed(tx: JobTransaction, policyId: string, info: { final: boolean; message: string }): Promise<() => Promise<void>> {
  const policy = await tx.coveragePolicy.findUnique({ where: { id: policyId }, select: { id: true, organization_id: true } });
  if (!policy) return async () => {};
  const status = info.final ? "failed" : "queued";
  await tx.coveragePolicy.update({ where: { id: policyId }, data: { tree_status: status, tree_error: info.message } });
  return async () => {
    await publish(await getDatabase(), `org:${policy.organization_id}`, "coverage_policy", { id: policyId, tree_status: status });
  };
}
