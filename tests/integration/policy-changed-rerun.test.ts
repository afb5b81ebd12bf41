/**
 * Issue 24 item B: after a coverage policy's decision tree is edited and published as version 2, a
 * case decided on version 1 says so ("Policy changed since this decision", detail.policy_change) and
 * its Re-run (intent=rerun_decision, also the code view's Re-run) queues the intake job; once it ran
 * the new AI decision is saved on version 2, the notice is gone, and the reviewer's decision is kept
 * and still final.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy, updatePolicyNode } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { createPriorAuthFromFax, intakeJobKey } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { recordHumanDecision } from "~/prior-auths/record-human-decision.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";

let t: TestDatabase;
let app: AppHandler;
let orgId: string;
let cookie: string;
let planId: string;
let policyId: string;
const approvable = DEMO_CASES.find((c) => !c.scanned && c.expected.decision === "approved")!;

beforeAll(async () => {
  t = await createTestDatabase();
  const { organization, user } = await createOrgWithUser(t.database, { orgName: "Policy change org" });
  orgId = organization.id;
  cookie = await signInCookie(t.database, user.id);
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
  app = await createAppHandler();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

it("a case decided on tree version 1 offers a re-run after version 2 is published; the re-run saves and keeps the reviewer's decision", async () => {
  const p = t.database.prisma;
  const fax = await renderPriorAuthFax(approvable, { layout: approvable.layout });
  const pa = await createPriorAuthFromFax(t.database, orgId, { bytes: fax, filename: "case.pdf" }, { plan_id: planId, queue: false });
  await runIntake(t.database, pa.id);
  const first = await p.aiDecision.findFirstOrThrow({ where: { prior_auth_id: pa.id } });
  expect(first).toMatchObject({ final_decision: "approved", coverage_policy_version: 1 });
  expect((await getPriorAuthDetail(t.database, orgId, pa.id)).policy_change).toBeNull();
  const human = await recordHumanDecision(t.database, orgId, pa.id, first.id, { decision_type: "approve", reason: "Chart reviewed" }, null);

  // the author edits a criterion: version 2 is published
  const node = (await p.coveragePolicyNode.findMany({ where: { coverage_policy_id: policyId, node_type: "question" } }))[0]!;
  await updatePolicyNode(t.database, orgId, policyId, node.id, { question: `${node.question} (clarified)` });
  const changed = await getPriorAuthDetail(t.database, orgId, pa.id);
  expect(changed.policy_change).toMatchObject({ coverage_policy_token: policyId, decided_version: 1, current_version: 2 });

  // the page shows the notice with its Re-run action
  const page = await app.fetch(`/o/${orgId}/prior-auths/${pa.id}`, { headers: { Cookie: cookie } });
  const html = await page.text();
  expect(html).toContain("Policy changed since this decision");
  expect(html).toContain('data-testid="policy-rerun"');

  // Re-run: the intake job is queued, and the action answers in place (the page's toast comes from this
  // reply, not from a flash cookie that a live refresh could consume first)
  const res = await app.fetch(`/o/${orgId}/prior-auths/${pa.id}.data`, { ...formPost({ intent: "rerun_decision" }, cookie), redirect: "manual" });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("queued");
  expect(res.headers.get("set-cookie") ?? "").not.toContain("__toast");
  expect(await p.job.findFirst({ where: { key: intakeJobKey(pa.id), status: "queued" } })).toBeTruthy();

  await runIntake(t.database, pa.id); // what the worker does with that job
  const ais = await p.aiDecision.findMany({ where: { prior_auth_id: pa.id }, orderBy: { created_at: "asc" } });
  expect(ais).toHaveLength(2);
  expect(ais[1]!.coverage_policy_version).toBe(2);
  const after = await getPriorAuthDetail(t.database, orgId, pa.id);
  expect(after.policy_change).toBeNull();
  expect(after.decision).toMatchObject({ token: human.token, decision_type: "approve" });
  expect(await p.humanDecision.count({ where: { prior_auth_id: pa.id } })).toBe(1);
  expect((await p.priorAuth.findUniqueOrThrow({ where: { id: pa.id } })).final_decision).toBe("approved");
}, 180_000);
