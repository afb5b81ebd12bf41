/**
 * Decision-tree versions end to end on a real database: generation publishes version 1; a hand edit
 * is a new published version that changes the engine's decision; each case keeps the version that
 * decided it; a regeneration is a draft that never overwrites the edit until the author publishes it;
 * drafts can be discarded and older versions restored; another organization sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy, updatePolicyNode } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { discardDraftVersion, getTreeVersion, listTreeVersions, publishDraftVersion, restoreTreeVersion } from "~/coverage-policies/tree-versions.server";
import { createPriorAuthFromFax } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";
import { isAppError } from "~/lib/errors";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let planId: string;
let policyId: string;
const approvable = DEMO_CASES.find((c) => !c.scanned && c.expected.decision === "approved")!;
let fax: Uint8Array;

async function decide() {
  const pa = await createPriorAuthFromFax(t.database, orgId, { bytes: fax, filename: "case.pdf" }, { plan_id: planId, queue: false });
  await runIntake(t.database, pa.id);
  const done = await t.database.prisma.priorAuth.findUniqueOrThrow({
    where: { id: pa.id },
    include: { ai_decisions: { orderBy: { created_at: "desc" }, take: 1 } },
  });
  expect(done.intake_status, done.intake_error ?? "").toBe("succeeded");
  return { id: pa.id, decision: done.ai_decisions[0]!.final_decision, version: done.ai_decisions[0]!.coverage_policy_version };
}

const nodes = () => t.database.prisma.coveragePolicyNode.findMany({ where: { coverage_policy_id: policyId }, orderBy: { position: "asc" } });
/** Is the hand-edited question among the published rows? */
const edited = async () => (await nodes()).some((n) => n.question === "Age ≥ 90 years");

beforeAll(async () => {
  t = await createTestDatabase();
  const org = await t.database.prisma.organization.create({ data: { name: "Versions org" } });
  const other = await t.database.prisma.organization.create({ data: { name: "Other org" } });
  orgId = org.id;
  otherOrgId = other.id;
  const plan = await createPlan(t.database, orgId, { ...DEMO_PLAN, document_type: "pharmacy" });
  planId = plan.id;
  await importRoster(t.database, orgId, planId, DEMO_ROSTER);
  await importFormulary(t.database, orgId, planId, DEMO_FORMULARY);
  const p = DEMO_POLICIES.find((x) => x.id === approvable.policy_id)!;
  const policy = await createCoveragePolicy(
    t.database,
    orgId,
    planId,
    { drug_name: p.drug_names[0], drugs_list: p.drug_names, external_id: p.id },
    { bytes: await renderPolicyPdf(p), filename: p.file },
    { generateTree: false },
  );
  policyId = policy.id;
  await generatePolicyDecisionTree(t.database, policyId);
  fax = await renderPriorAuthFax(approvable, { layout: approvable.layout });
}, 240_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("decision-tree versions", () => {
  const state: { first?: { id: string; version: number | null } } = {};

  it("the first generation is published as version 1 and decides cases, which record it", async () => {
    const v = await listTreeVersions(t.database, orgId, policyId);
    expect(v).toMatchObject({ current: 1, draft: null });
    expect(v.versions).toHaveLength(1);
    expect(v.versions[0]).toMatchObject({ version: 1, status: "published", source: "generated" });
    const first = await decide();
    expect(first).toMatchObject({ decision: "approved", version: 1 });
    state.first = first;
  }, 120_000);

  it("an edited node is a new published version that changes the decision; the earlier case keeps version 1", async () => {
    // the age criterion of the path the approvable case took
    const walked = (await t.database.prisma.aiDecision.findFirstOrThrow({ where: { prior_auth_id: state.first!.id } })).decision_tree_traversal as {
      node_question_or_action: string;
    }[];
    const node = (await nodes()).find(
      (n) => n.node_type === "question" && /\bage\b|years of age/i.test(n.question) && walked.some((w) => w.node_question_or_action === n.question),
    )!;
    expect(node, "the case walked an age criterion").toBeTruthy();
    await updatePolicyNode(t.database, orgId, policyId, node.id, { question: "Age ≥ 90 years" });
    const v = await listTreeVersions(t.database, orgId, policyId);
    expect(v.current).toBe(2);
    expect(v.versions.map((x) => [x.version, x.status, x.source])).toEqual([
      [2, "published", "edited"],
      [1, "superseded", "generated"],
    ]);
    expect(v.versions[0].summary).toContain("Age ≥ 90 years");
    const second = await decide();
    expect(second.decision).not.toBe("approved");
    expect(second.version).toBe(2);
    const kept = await t.database.prisma.aiDecision.findFirstOrThrow({ where: { prior_auth_id: state.first!.id } });
    expect(kept.coverage_policy_version).toBe(1);
  }, 120_000);

  it("regenerating makes a draft: the edit stays published until the author publishes the draft", async () => {
    await generatePolicyDecisionTree(t.database, policyId);
    const v = await listTreeVersions(t.database, orgId, policyId);
    expect(v).toMatchObject({ current: 2, draft: 3 });
    expect(await edited()).toBe(true);
    expect((await decide()).version).toBe(2);
    const draft = await getTreeVersion(t.database, orgId, policyId, 3);
    expect(draft.diff?.added).toHaveLength(0);
    expect(draft.diff?.removed).toHaveLength(0);
    expect(draft.diff?.changed).toHaveLength(1);
    expect(draft.diff?.changed[0].before.question).toBe("Age ≥ 90 years");
    expect(draft.diff?.changed[0].fields).toContain("question");
    expect(draft.summary).toMatch(/1 changed against version 2/);
  }, 120_000);

  it("publishing the draft makes it the tree that decides; the edit stays in the history and can be restored", async () => {
    await publishDraftVersion(t.database, orgId, policyId, 3, null);
    expect((await listTreeVersions(t.database, orgId, policyId)).current).toBe(3);
    expect(await edited()).toBe(false);
    expect(await decide()).toMatchObject({ decision: "approved", version: 3 });
    await expect(publishDraftVersion(t.database, orgId, policyId, 3, null)).rejects.toMatchObject({ code: "conflict" });

    const restored = await restoreTreeVersion(t.database, orgId, policyId, 2, null);
    expect(restored).toBe(4);
    expect(await edited()).toBe(true);
    const v = await listTreeVersions(t.database, orgId, policyId);
    expect(v.versions[0]).toMatchObject({ version: 4, status: "published", source: "restored", summary: "Restored version 2" });
    expect(v.versions.filter((x) => x.status === "published")).toHaveLength(1);
  }, 120_000);

  it("a discarded draft changes nothing and stays in the history", async () => {
    await generatePolicyDecisionTree(t.database, policyId);
    expect((await listTreeVersions(t.database, orgId, policyId)).draft).toBe(5);
    await discardDraftVersion(t.database, orgId, policyId, 5);
    const v = await listTreeVersions(t.database, orgId, policyId);
    expect(v).toMatchObject({ current: 4, draft: null });
    expect(v.versions.find((x) => x.version === 5)?.status).toBe("discarded");
    expect(await edited()).toBe(true);
    await expect(discardDraftVersion(t.database, orgId, policyId, 5)).rejects.toMatchObject({ code: "conflict" });
  }, 120_000);

  it("another organization can neither read nor change the versions", async () => {
    const notFound = (p: Promise<unknown>) =>
      p.then(
        () => expect.unreachable(),
        (e) => expect(isAppError(e) && e.code).toBe("not_found"),
      );
    await notFound(listTreeVersions(t.database, otherOrgId, policyId));
    await notFound(getTreeVersion(t.database, otherOrgId, policyId, 1));
    await notFound(publishDraftVersion(t.database, otherOrgId, policyId, 1, null));
    await notFound(discardDraftVersion(t.database, otherOrgId, policyId, 1));
    await notFound(restoreTreeVersion(t.database, otherOrgId, policyId, 1, null));
    expect((await listTreeVersions(t.database, orgId, policyId)).current).toBe(4);
  });
});
