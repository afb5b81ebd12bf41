/**
 * Custom AI rules end to end on a real database: CRUD through the /api routes with the rule
 * language's validation (a rule that would deny is refused), tenancy (another organization's rule
 * is 404 and never listed), and the rules applied by the intake: a rule scoped to the case's drug
 * fires, is named in the decision trail and holds the approval as needs-more-information; a rule
 * scoped to another drug does not fire; a rule never turns a case into a denial on its own (even one
 * stored with a "deny" action, bypassing validation, is skipped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import * as rulesRoute from "~/routes/api/ai-rules/collection";
import * as ruleRoute from "~/routes/api/ai-rules/item";
import { loadActiveRules } from "~/ai-rules/ai-rules.server";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { createPriorAuthFromFax } from "~/prior-auths/create-prior-auth.server";
import { runIntake } from "~/intake/run-intake.server";
import { DEMO_CASES, DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../../fixtures/demo/catalog";
import { renderPolicyPdf, renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let otherCookie: string;
let planId: string;
const approvable = DEMO_CASES.find((c) => !c.scanned && c.expected.decision === "approved")!;
const deniable = DEMO_CASES.find((c) => !c.scanned && c.expected.decision === "denied")!;
const policyOf = (c: typeof approvable) => DEMO_POLICIES.find((p) => p.id === c.policy_id)!;

const asA = (body?: unknown) => ({ headers: { Cookie: cookie }, ...(body === undefined ? {} : { body }) });
const asB = (body?: unknown) => ({ headers: { Cookie: otherCookie }, ...(body === undefined ? {} : { body }) });
const json = async (res: Response) => (await res.json()) as Record<string, any>;
const RULE = {
  name: "Pediatric check",
  description: "Children need a pediatric specialist",
  applies_to: "eligibility",
  conditions: ["age < 18"],
  actions: ["require pediatric specialist"],
  scoped_drug_names: ["Humira"],
};

async function decide(c: typeof approvable) {
  const fax = await renderPriorAuthFax(c, { layout: c.layout });
  const pa = await createPriorAuthFromFax(t.database, orgId, { bytes: fax, filename: "case.pdf" }, { plan_id: planId, queue: false });
  await runIntake(t.database, pa.id);
  const done = await t.database.prisma.priorAuth.findUniqueOrThrow({
    where: { id: pa.id },
    include: { ai_decisions: { orderBy: { created_at: "desc" }, take: 1 } },
  });
  expect(done.intake_status, done.intake_error ?? "").toBe("succeeded");
  const d = done.ai_decisions[0]!;
  return { decision: d.final_decision, trail: d.decision_tree_traversal as { node_question_or_action: string; node_answer: string }[], summary: d.ai_summary };
}

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Rules A" });
  const b = await createOrgWithUser(t.database, { orgName: "Rules B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  const plan = await createPlan(t.database, orgId, { ...DEMO_PLAN, document_type: "pharmacy" });
  planId = plan.id;
  await importRoster(t.database, orgId, planId, DEMO_ROSTER);
  await importFormulary(t.database, orgId, planId, DEMO_FORMULARY);
  for (const p of [...new Set([policyOf(approvable), policyOf(deniable)])]) {
    const policy = await createCoveragePolicy(
      t.database,
      orgId,
      planId,
      { drug_name: p.drug_names[0], drugs_list: p.drug_names, external_id: p.id },
      { bytes: await renderPolicyPdf(p), filename: p.file },
      { generateTree: false },
    );
    await generatePolicyDecisionTree(t.database, policy.id);
  }
}, 240_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("AI rules API", () => {
  it("creates, lists, searches, sorts, reads, updates and deletes a rule; priority defaults to 5", async () => {
    const res = await callRoute(rulesRoute, "POST", `/api/o/${orgId}/ai_rules`, { orgId }, asA(RULE));
    expect(res.status).toBe(201);
    const rule = (await json(res)).ai_rule;
    expect(rule).toMatchObject({
      name: "Pediatric check",
      applies_to: "eligibility",
      conditions: ["age < 18"],
      priority: 5,
      active: true,
      scoped_drug_names: ["Humira"],
    });
    await callRoute(
      rulesRoute,
      "POST",
      `/api/o/${orgId}/ai_rules`,
      { orgId },
      asA({ ...RULE, name: "Another", description: "x", conditions: "quantity > limit", actions: "needs more information", scoped_drug_names: "" }),
    );
    const list = await json(await callRoute(rulesRoute, "GET", `/api/o/${orgId}/ai_rules?sort=name`, { orgId }, asA()));
    expect(list.ai_rules.map((r: { name: string }) => r.name)).toEqual(["Another", "Pediatric check"]);
    const found = await json(await callRoute(rulesRoute, "GET", `/api/o/${orgId}/ai_rules?q=pediatric`, { orgId }, asA()));
    expect(found.ai_rules.map((r: { name: string }) => r.name)).toEqual(["Pediatric check"]);
    const byCondition = await json(await callRoute(rulesRoute, "GET", `/api/o/${orgId}/ai_rules?q=limit`, { orgId }, asA()));
    expect(byCondition.ai_rules.map((r: { name: string }) => r.name)).toEqual(["Another"]);
    const got = await json(await callRoute(ruleRoute, "GET", `/api/o/${orgId}/ai_rules/${rule.token}.json`, { orgId, ruleId: `${rule.token}.json` }, asA()));
    expect(got.ai_rule.token).toBe(rule.token);
    const put = await callRoute(
      ruleRoute,
      "PUT",
      `/api/o/${orgId}/ai_rules/${rule.token}`,
      { orgId, ruleId: rule.token },
      asA({ ...RULE, priority: 2, active: false }),
    );
    expect((await json(put)).ai_rule).toMatchObject({ priority: 2, active: false });
    const del = await callRoute(ruleRoute, "DELETE", `/api/o/${orgId}/ai_rules/${rule.token}`, { orgId, ruleId: rule.token }, asA());
    expect(del.status).toBe(200);
    expect((await callRoute(ruleRoute, "GET", `/api/o/${orgId}/ai_rules/${rule.token}`, { orgId, ruleId: rule.token }, asA())).status).toBe(404);
    await t.database.prisma.aiRule.deleteMany({ where: { organization_id: orgId } });
  });

  it("validates: name and description required, priority 1–10, the rule language, and no deciding actions", async () => {
    const post = async (body: unknown) => {
      const res = await callRoute(rulesRoute, "POST", `/api/o/${orgId}/ai_rules`, { orgId }, asA(body));
      return { status: res.status, body: await json(res) };
    };
    const missing = await post({ applies_to: "clinical", actions: ["note x"] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.join(" ")).toMatch(/Name is required/);
    expect(missing.body.errors.join(" ")).toMatch(/Description is required/);
    expect((await post({ ...RULE, priority: 100 })).body.errors.join(" ")).toMatch(/at most 10/);
    expect((await post({ ...RULE, conditions: ["age <"] })).body.errors.join(" ")).toMatch(/Condition 1/);
    const deny = await post({ ...RULE, actions: ["deny"] });
    expect(deny.status).toBe(422);
    expect(deny.body.errors.join(" ")).toMatch(/cannot deny or approve/);
    expect((await post({ ...RULE, scoped_plan_ids: ["not-a-plan"] })).body.errors.join(" ")).toMatch(/Unknown plan id/);
    expect(await t.database.prisma.aiRule.count({ where: { organization_id: orgId } })).toBe(0);
  });

  it("accepts the words the help and a reviewer use ('patient age < 18'), keeps them as written, and names an unknown field (issue 24 E)", async () => {
    for (const condition of ["patient age < 18", "member age < 18", "the patient's age < 18", "age of the member < 18"]) {
      const res = await callRoute(rulesRoute, "POST", `/api/o/${orgId}/ai_rules`, { orgId }, asA({ ...RULE, conditions: [condition] }));
      expect(res.status, condition).toBe(201);
      expect((await json(res)).ai_rule.conditions).toEqual([condition]);
    }
    const rules = await loadActiveRules(t.database, orgId);
    expect(rules.flatMap((r) => r.conditions)).toEqual(["age < 18", "age < 18", "age < 18", "age < 18"]);
    const bad = await callRoute(rulesRoute, "POST", `/api/o/${orgId}/ai_rules`, { orgId }, asA({ ...RULE, conditions: ["patient weight > 100"] }));
    expect(bad.status).toBe(422);
    const message = (await json(bad)).errors.join(" ");
    expect(message).toContain('"patient weight" is not a field rules can read');
    expect(message).toMatch(/Use one of: age, quantity/);
    await t.database.prisma.aiRule.deleteMany({ where: { organization_id: orgId } });
  });

  it("tenancy: another organization's rule is 404 for read, update and delete and never listed", async () => {
    const b = await t.database.prisma.aiRule.create({
      data: { organization_id: otherOrgId, name: "B rule", description: "d", applies_to: "clinical", actions: ["note b"] },
    });
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await callRoute(ruleRoute, method, `/api/o/${orgId}/ai_rules/${b.id}`, { orgId, ruleId: b.id }, asA(method === "PUT" ? RULE : undefined));
      expect(res.status, method).toBe(404);
    }
    expect((await callRoute(rulesRoute, "GET", `/api/o/${otherOrgId}/ai_rules`, { orgId: otherOrgId }, asA())).status).toBe(404);
    expect((await json(await callRoute(rulesRoute, "GET", `/api/o/${orgId}/ai_rules`, { orgId }, asA()))).ai_rules).toEqual([]);
    expect((await json(await callRoute(rulesRoute, "GET", `/api/o/${otherOrgId}/ai_rules`, { orgId: otherOrgId }, asB()))).ai_rules).toHaveLength(1);
    expect(await t.database.prisma.aiRule.findUnique({ where: { id: b.id } })).not.toBeNull();
  });
});

describe("AI rules in the intake", () => {
  const drug = policyOf(approvable).drug_names[0];

  it("with no rules the approvable case is approved and the deniable case denied (the baseline)", async () => {
    expect((await decide(approvable)).decision).toBe("approved");
    expect((await decide(deniable)).decision).toBe("denied");
  }, 120_000);

  it("a rule scoped to the case's drug fires, is named in the trail and holds the approval; one scoped to another drug does not", async () => {
    await callRoute(
      rulesRoute,
      "POST",
      `/api/o/${orgId}/ai_rules`,
      { orgId },
      asA({
        name: "Specialist attestation",
        description: "Ask for an attestation",
        applies_to: "clinical",
        conditions: ["quantity > 0 or quantity is missing"],
        actions: ["require specialist attestation"],
        scoped_drug_names: [drug],
      }),
    );
    await callRoute(
      rulesRoute,
      "POST",
      `/api/o/${orgId}/ai_rules`,
      { orgId },
      asA({
        name: "Other drug rule",
        description: "Not this drug",
        applies_to: "audit",
        conditions: [],
        actions: ["route to clinical reviewer"],
        scoped_drug_names: ["zzzdrug"],
      }),
    );
    const r = await decide(approvable);
    expect(r.decision).toBe("needs_more_information");
    expect(r.trail.some((s) => s.node_question_or_action === 'AI rule "Specialist attestation" (clinical)')).toBe(true);
    expect(r.trail.some((s) => s.node_question_or_action.includes("Other drug rule"))).toBe(false);
    expect(r.summary).toContain("specialist attestation");
  }, 120_000);

  it("a rule never produces a denial on its own: a note leaves the approval; a stored 'deny' action is skipped", async () => {
    await t.database.prisma.aiRule.deleteMany({ where: { organization_id: orgId } });
    await t.database.prisma.aiRule.create({
      data: { organization_id: orgId, name: "Smuggled deny", description: "bypasses validation", applies_to: "audit", conditions: [], actions: ["deny"] },
    });
    await t.database.prisma.aiRule.create({
      data: { organization_id: orgId, name: "Just a note", description: "n", applies_to: "audit", conditions: [], actions: ["note checked by plan rule"] },
    });
    const r = await decide(approvable);
    expect(r.decision).toBe("approved");
    expect(r.trail.find((s) => s.node_question_or_action.includes("Smuggled deny"))?.node_answer).toMatch(/Not applied/);
    expect(r.trail.some((s) => s.node_question_or_action.includes("Just a note"))).toBe(true);
    // and a routing rule leaves the denial a denial (resting on the cited criterion), never more
    await t.database.prisma.aiRule.create({
      data: { organization_id: orgId, name: "Route all", description: "r", applies_to: "clinical", conditions: [], actions: ["route to clinical reviewer"] },
    });
    const d = await decide(deniable);
    expect(d.decision).toBe("denied");
    expect(d.trail.some((s) => s.node_question_or_action.includes("Route all"))).toBe(true);
  }, 180_000);
});
