/**
 * The plans and coverage-policy /api (PRODUCT-SPEC §7 "Plans and policies") through the real route
 * modules on a real database: plan CRUD with the spec's validation, coverage policies from a PDF
 * upload (PDF only), decision-tree generation queued as a job and then run by the real job handler,
 * the node editor endpoints with the spec's validation texts, policy extraction with a custom schema,
 * and the auth rules (401 without credentials, 404 for unknown ids and another organization's ids).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { loadStarterDrugDirectory } from "~/drugs/drug-directory.server";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, makePdf } from "./api-prior-auths.seed";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import * as plansJson from "~/routes/api/plans/collection";
import * as plansRoute from "~/routes/api/plans/collection";
import * as planJson from "~/routes/api/plans/item";
import * as planRoute from "~/routes/api/plans/item";
import * as policiesJson from "~/routes/api/coverage-policies/collection";
import * as policiesRoute from "~/routes/api/coverage-policies/collection";
// the .json path is an alias of the same module (app/routes.ts)
import * as policyJson from "~/routes/api/coverage-policies/item";
import * as policyRoute from "~/routes/api/coverage-policies/item";
import * as treeRoute from "~/routes/api/coverage-policies/decision-tree";
import * as nodesJson from "~/routes/api/coverage-policies/nodes";
import * as nodesRoute from "~/routes/api/coverage-policies/nodes";
import * as nodeRoute from "~/routes/api/coverage-policies/node";
import * as extractRoute from "~/routes/api/plans/extract-coverage-policies";
import * as extractedRoute from "~/routes/api/plans/extracted-coverage-policies";
import * as documentRoute from "~/routes/files/documents.$documentId";

let t: TestDatabase;
let worker: WorkerHandle;
let orgId: string;
let otherOrgId: string;
let cookie: string;
let otherCookie: string;
let apiKey: string;

const POLICY_TEXT = [
  "Adalimumab (Humira) Coverage Policy",
  "Rheumatoid Arthritis. Approve for 12 months if the patient meets ALL of the following:",
  "1. Patient is 18 years of age or older; AND",
  "2. The medication is prescribed by or in consultation with a rheumatologist; AND",
  "3. Patient has tried and failed methotrexate for at least 3 months.",
  "Adalimumab is not covered in combination with another biologic agent.",
].join("\n");

const PLAN = {
  title: "Gold PPO 2026",
  identification: "GOLD-2026",
  document_type: "pharmacy",
  line_of_business: "Commercial",
  plan_type: "PPO",
  state: "CA",
  effective_date: "2026-01-01",
  termination_date: "",
  is_active: true,
};

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Plans A" });
  const b = await createOrgWithUser(t.database, { orgName: "Plans B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
});

afterAll(async () => {
  await t?.cleanup();
});

const asA = (body?: unknown) => ({ headers: { Cookie: cookie }, ...(body === undefined ? {} : { body }) });
const asB = (body?: unknown) => ({ headers: { Cookie: otherCookie }, ...(body === undefined ? {} : { body }) });
const json = async (res: Response) => (await res.json()) as Record<string, any>;

async function createPlanVia(opts: ReturnType<typeof asA>, org = orgId, plan: Record<string, unknown> = PLAN) {
  const res = await callRoute(plansRoute, "POST", `/api/o/${org}/plans`, { orgId: org }, { ...opts, body: plan });
  expect(res.status).toBe(200);
  return (await json(res)).plan as Record<string, any>;
}

async function policyForm(fields: Record<string, string | string[]>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  if (file) form.append("upload.file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/pdf" }));
  return form;
}

async function createPolicyVia(planId: string, drugName = "adalimumab") {
  const form = await policyForm({ drug_name: drugName, policy_drugs: "Humira, Amjevita" }, { bytes: await makePdf(POLICY_TEXT), name: "adalimumab.pdf" });
  const res = await callRoute(policiesRoute, "POST", `/api/o/${orgId}/plans/${planId}/coverage_policies`, { orgId, planId }, asA(form));
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return (await json(res)).coverage_policy as Record<string, any>;
}

async function treeJobs(policyId: string) {
  return t.database.query<{ id: string; status: string }>(
    `SELECT id::text AS id, status FROM jobs WHERE name = 'coverage_policy.decision_tree' AND payload->>'coverage_policy_id' = $1 ORDER BY id`,
    [policyId],
  );
}

describe("plans", () => {
  it("creates, lists, reads and deletes a plan; every body carries success and errors", async () => {
    const plan = await createPlanVia(asA());
    expect(plan).toMatchObject({
      title: "Gold PPO 2026",
      identification: "GOLD-2026",
      document_type: "pharmacy",
      state: "CA",
      effective_date: "2026-01-01",
      termination_date: null,
      is_active: true,
    });
    expect(plan.token).toBe(plan.plan_id);

    const list = await json(await callRoute(plansJson, "GET", `/api/o/${orgId}/plans.json`, { orgId }, asA()));
    expect(list).toMatchObject({ success: true, errors: [] });
    expect(list.plans.map((p: { token: string }) => p.token)).toContain(plan.token);

    const one = await json(await callRoute(planJson, "GET", `/api/o/${orgId}/plans/${plan.token}.json`, { orgId, planId: plan.token }, asA()));
    expect(one).toMatchObject({ success: true, errors: [], plan: { token: plan.token, title: "Gold PPO 2026" } });

    // an API key of the organization works too; state names are normalised to the abbreviation
    const viaKey = await createPlanVia({ headers: { Authorization: `Bearer ${apiKey}` } } as never, orgId, { ...PLAN, state: "Texas", is_active: "false" });
    expect(viaKey).toMatchObject({ state: "TX", is_active: false });

    const del = await callRoute(planRoute, "DELETE", `/api/o/${orgId}/plans/${viaKey.token}`, { orgId, planId: viaKey.token }, asA());
    expect(del.status).toBe(200);
    expect(await json(del)).toMatchObject({ success: true, errors: [], plan: { token: viaKey.token } });
    const gone = await callRoute(planJson, "GET", `/api/o/${orgId}/plans/${viaKey.token}.json`, { orgId, planId: viaKey.token }, asA());
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ success: false, errors: ["Plan not found"] });
  });

  it("422 with the spec's required fields (termination date optional)", async () => {
    const res = await callRoute(plansRoute, "POST", `/api/o/${orgId}/plans`, { orgId }, asA({ title: " ", state: "Atlantis" }));
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.success).toBe(false);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        "title: Title is required",
        "identification: Identification is required",
        "line_of_business: Line of business is required",
        "plan_type: Plan type is required",
        "state: Choose a US state",
        "effective_date: Use YYYY-MM-DD",
      ]),
    );
    expect(body.errors.join(" ")).not.toContain("termination_date");
  });

  it("401 without credentials; 404 for another organization's plan and for another organization's URL", async () => {
    const plan = await createPlanVia(asA());
    expect((await callRoute(plansJson, "GET", `/api/o/${orgId}/plans.json`, { orgId })).status).toBe(401);
    expect((await callRoute(plansRoute, "POST", `/api/o/${orgId}/plans`, { orgId }, { body: PLAN })).status).toBe(401);
    // B asks for A's plan inside B's own organization: not found, exactly like an unknown id
    const cross = await callRoute(planJson, "GET", `/api/o/${otherOrgId}/plans/${plan.token}.json`, { orgId: otherOrgId, planId: plan.token }, asB());
    expect(cross.status).toBe(404);
    const crossDelete = await callRoute(planRoute, "DELETE", `/api/o/${otherOrgId}/plans/${plan.token}`, { orgId: otherOrgId, planId: plan.token }, asB());
    expect(crossDelete.status).toBe(404);
    const foreignOrg = await callRoute(plansJson, "GET", `/api/o/${otherOrgId}/plans.json`, { orgId: otherOrgId }, asA());
    expect(foreignOrg.status).toBe(404);
    expect(await json(foreignOrg)).toEqual({ success: false, errors: ["Not found"] });
    // still there for its owner
    expect((await callRoute(planJson, "GET", `/api/o/${orgId}/plans/${plan.token}.json`, { orgId, planId: plan.token }, asA())).status).toBe(200);
  });
});

describe("coverage policies", () => {
  it("uploads a policy PDF, queues its tree as a job, lists it and serves the file through a signed URL", async () => {
    const plan = await createPlanVia(asA());
    const policy = await createPolicyVia(plan.token);
    expect(policy).toMatchObject({
      drug_name: "adalimumab",
      drugs_list: ["adalimumab", "Humira", "Amjevita"],
      tree_status: "queued",
      tree_error: null,
      structured_logic: null,
    });
    const jobs = await treeJobs(policy.token);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.status).toBe("queued");

    const list = await json(
      await callRoute(policiesJson, "GET", `/api/o/${orgId}/plans/${plan.token}/coverage_policies.json`, { orgId, planId: plan.token }, asA()),
    );
    expect(list.success).toBe(true);
    expect(list.coverage_policies).toHaveLength(1);
    expect(Object.keys(list.coverage_policies[0]).sort()).toEqual(
      [
        "token",
        "plan_id",
        "drug_name",
        "drugs_list",
        "policy_type",
        "structured_logic",
        "tree_status",
        "tree_error",
        "file_url",
        "file_name",
        "created_at",
      ].sort(),
    );

    const detail = await json(
      await callRoute(
        policyJson,
        "GET",
        `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}.json`,
        { orgId, planId: plan.token, policyId: policy.token },
        asA(),
      ),
    );
    expect(detail).toMatchObject({ success: true, plan: { token: plan.token }, coverage_policy: { token: policy.token, policy_text: null } });
    const url = new URL(detail.coverage_policy.file_url, "http://localhost");
    const documentId = decodeURIComponent(url.pathname.split("/").pop()!);
    const file = await callRoute(documentRoute, "GET", url.pathname + url.search, { documentId });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses a non-PDF upload, a missing file and a missing name with the spec's messages", async () => {
    const plan = await createPlanVia(asA());
    const post = async (form: FormData) =>
      callRoute(policiesRoute, "POST", `/api/o/${orgId}/plans/${plan.token}/coverage_policies`, { orgId, planId: plan.token }, asA(form));
    const notPdf = await post(await policyForm({ drug_name: "x" }, { bytes: new TextEncoder().encode("hello"), name: "notes.txt", type: "text/plain" }));
    expect(notPdf.status).toBe(422);
    expect(await json(notPdf)).toEqual({ success: false, errors: ["Please upload a PDF file"] });
    const noFile = await post(await policyForm({ drug_name: "x" }));
    expect((await json(noFile)).errors).toEqual(["Please upload a PDF file"]);
    const noName = await post(await policyForm({ drug_name: "" }, { bytes: await makePdf(POLICY_TEXT), name: "p.pdf" }));
    expect(noName.status).toBe(422);
    expect((await json(noName)).errors).toEqual(["Name is required"]);
    // nothing half-created
    const list = await json(
      await callRoute(policiesJson, "GET", `/api/o/${orgId}/plans/${plan.token}/coverage_policies.json`, { orgId, planId: plan.token }, asA()),
    );
    expect(list.coverage_policies).toEqual([]);
    // repeated policy_drugs fields are accepted as well as a comma list; pasted text needs no file
    const repeated = await post(await policyForm({ drug_name: "etanercept", policy_drugs: ["Enbrel", "Erelzi"], policy_text: POLICY_TEXT }));
    expect(repeated.status).toBe(200);
    expect((await json(repeated)).coverage_policy.drugs_list).toEqual(["etanercept", "Enbrel", "Erelzi"]);
  });

  it("runs the queued job handler: nodes and edges are then readable, with passages and approve/deny actions", async () => {
    const plan = await createPlanVia(asA());
    const policy = await createPolicyVia(plan.token);
    const params = { orgId, planId: plan.token, policyId: policy.token };
    const before = await json(
      await callRoute(nodesJson, "GET", `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}/coverage_policy_nodes.json`, params, asA()),
    );
    expect(before).toMatchObject({ success: true, nodes: [], edges: [] });

    await generatePolicyDecisionTree(t.database, policy.token);

    const graph = await json(
      await callRoute(nodesJson, "GET", `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}/coverage_policy_nodes.json`, params, asA()),
    );
    expect(graph.nodes.length).toBeGreaterThan(2);
    expect(graph.edges.length).toBe(graph.nodes.length - graph.nodes.filter((n: { parent_id: string | null }) => !n.parent_id).length);
    const ids = new Set(graph.nodes.map((n: { id: string }) => n.id));
    for (const e of graph.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
    const actions = graph.nodes.filter((n: { data: { node_type: string } }) => n.data.node_type === "action");
    expect(actions.map((n: { data: { node_action: string } }) => n.data.node_action)).toEqual(expect.arrayContaining(["approved", "denied"]));
    const questions = graph.nodes.filter((n: { data: { node_type: string } }) => n.data.node_type === "question");
    const texts = questions.map((n: { question: string }) => n.question).join(" | ");
    expect(texts).toMatch(/18 years of age or older/);
    expect(texts).toMatch(/rheumatologist/);
    expect(questions.some((n: { passage: { text?: string } | null }) => n.passage?.text?.includes("rheumatologist"))).toBe(true);

    const detail = await json(await callRoute(policyJson, "GET", `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}.json`, params, asA()));
    expect(detail.coverage_policy).toMatchObject({
      tree_status: "ready",
      tree_error: null,
      structured_logic: { node_count: graph.nodes.length, engine: "builtin" },
    });
    expect(detail.coverage_policy.policy_text).toContain("rheumatologist");

    // regenerate: queues a new job and answers {job}
    const regen = await callRoute(treeRoute, "POST", `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}/decision_tree`, params, asA());
    expect(regen.status).toBe(200);
    const regenBody = await json(regen);
    expect(regenBody).toMatchObject({ success: true, errors: [], job: { id: expect.any(String) }, coverage_policy: { tree_status: "queued" } });
    expect((await treeJobs(policy.token)).map((j) => j.id)).toContain(regenBody.job.id);
  });

  it("adds, edits and deletes nodes with the spec's validation texts", async () => {
    const plan = await createPlanVia(asA());
    const policy = await createPolicyVia(plan.token);
    await generatePolicyDecisionTree(t.database, policy.token);
    const params = { orgId, planId: plan.token, policyId: policy.token };
    const base = `/api/o/${orgId}/plans/${plan.token}/coverage_policies/${policy.token}/coverage_policy_nodes`;
    const graph = await json(await callRoute(nodesRoute, "GET", base, params, asA()));
    const root = graph.nodes.find((n: { parent_id: string | null }) => !n.parent_id);

    const add = (body: Record<string, unknown>) => callRoute(nodesRoute, "POST", base, params, asA(body));
    const errorOf = async (res: Response) => (expect(res.status).toBe(422), (await json(res)).errors);
    expect(await errorOf(await add({ question: "Q?", condition: "Yes", parent_id: root.id }))).toEqual(["Node type is required"]);
    expect(await errorOf(await add({ node_type: "action", condition: "Yes", parent_id: root.id }))).toEqual(["Action is required"]);
    expect(await errorOf(await add({ node_type: "question", question: "Has RA?", condition: "", parent_id: root.id }))).toEqual(["Answer is required"]);
    expect(await errorOf(await add({ node_type: "action", node_action: "maybe", condition: "Yes" }))).toEqual(["Action must be Approve or Deny"]);
    expect(await errorOf(await add({ node_type: "question", question: "Q?", condition: "Yes", parent_id: "nope" }))).toEqual(["Parent node not found"]);

    const created = await add({
      node_type: "question",
      question: "Is the diagnosis documented?",
      reason: "Chart note",
      condition: "Maybe",
      parent_id: root.id,
    });
    expect(created.status).toBe(200);
    const question = (await json(created)).node;
    const leaf = (await json(await add({ node_type: "action", node_action: "Deny", condition: "No", parent_id: question.id }))).node;
    expect(leaf).toMatchObject({ node_type: "action", node_action: "denied", question: "Deny", parent_id: question.id });

    const after = await json(await callRoute(nodesJson, "GET", `${base}.json`, params, asA()));
    expect(after.edges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: root.id, target: question.id, label: "Maybe" }),
        expect.objectContaining({ source: question.id, target: leaf.id }),
      ]),
    );

    const put = (id: string, body: Record<string, unknown>) => callRoute(nodeRoute, "PUT", `${base}/${id}`, { ...params, nodeId: id }, asA(body));
    const edited = await put(leaf.id, { question: "Approve", action: "approve", reason: "Documented", node_type: "action" });
    expect(edited.status).toBe(200);
    expect((await json(edited)).node).toMatchObject({ node_action: "approved", reason: "Documented" });
    expect(await errorOf(await put(leaf.id, { node_type: "branch" }))).toEqual(["Node type must be question or action"]);
    expect(await errorOf(await put(leaf.id, { node_type: "action", action: "" }))).toEqual(["Action is required"]);
    const missing = await put("nope", { question: "x" });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ success: false, errors: ["Node not found"] });

    // deleting the question removes its subtree and both edges
    const del = await callRoute(nodeRoute, "DELETE", `${base}/${question.id}`, { ...params, nodeId: question.id }, asA());
    expect(await json(del)).toMatchObject({ success: true, deleted: 2 });
    const final = await json(await callRoute(nodesJson, "GET", `${base}.json`, params, asA()));
    expect(final.nodes.map((n: { id: string }) => n.id)).not.toContain(leaf.id);
    expect(final.edges.some((e: { target: string }) => e.target === question.id)).toBe(false);
    expect(final.nodes).toHaveLength(graph.nodes.length);
  });

  it("404 for another organization's policy, for a policy under the wrong plan, and 401 without credentials", async () => {
    const plan = await createPlanVia(asA());
    const otherPlan = await createPlanVia(asA());
    const policy = await createPolicyVia(plan.token);
    const bPlan = await createPlanVia(asB(), otherOrgId);
    const p = (planId: string) => `/api/o/${orgId}/plans/${planId}/coverage_policies/${policy.token}`;

    const wrongPlan = await callRoute(policyJson, "GET", `${p(otherPlan.token)}.json`, { orgId, planId: otherPlan.token, policyId: policy.token }, asA());
    expect(wrongPlan.status).toBe(404);
    expect(await json(wrongPlan)).toEqual({ success: false, errors: ["Coverage policy not found"] });
    // B, in its own organization and plan, names A's policy: 404 on every endpoint
    const bParams = { orgId: otherOrgId, planId: bPlan.token, policyId: policy.token };
    const bBase = `/api/o/${otherOrgId}/plans/${bPlan.token}/coverage_policies/${policy.token}`;
    expect((await callRoute(policyJson, "GET", `${bBase}.json`, bParams, asB())).status).toBe(404);
    expect((await callRoute(policyJson, "DELETE", `${bBase}.json`, bParams, asB())).status).toBe(404);
    expect((await callRoute(treeRoute, "POST", `${bBase}/decision_tree`, bParams, asB())).status).toBe(404);
    expect((await callRoute(nodesJson, "GET", `${bBase}/coverage_policy_nodes.json`, bParams, asB())).status).toBe(404);
    expect(
      (await callRoute(nodesRoute, "POST", `${bBase}/coverage_policy_nodes`, bParams, asB({ node_type: "question", question: "q", condition: "Yes" }))).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          policiesJson,
          "GET",
          `/api/o/${otherOrgId}/plans/${plan.token}/coverage_policies.json`,
          { orgId: otherOrgId, planId: plan.token },
          asB(),
        )
      ).status,
    ).toBe(404);
    const upload = await policyForm({ drug_name: "x" }, { bytes: await makePdf(POLICY_TEXT), name: "p.pdf" });
    expect(
      (
        await callRoute(
          policiesRoute,
          "POST",
          `/api/o/${otherOrgId}/plans/${plan.token}/coverage_policies`,
          { orgId: otherOrgId, planId: plan.token },
          asB(upload),
        )
      ).status,
    ).toBe(404);
    // unauthenticated
    expect((await callRoute(policyJson, "GET", `${p(plan.token)}.json`, { orgId, planId: plan.token, policyId: policy.token })).status).toBe(401);
    expect(
      (await callRoute(nodeRoute, "DELETE", `${p(plan.token)}/coverage_policy_nodes/x`, { orgId, planId: plan.token, policyId: policy.token, nodeId: "x" }))
        .status,
    ).toBe(401);
    // A's own delete works; then the policy is gone
    const del = await callRoute(policyJson, "DELETE", `${p(plan.token)}.json`, { orgId, planId: plan.token, policyId: policy.token }, asA());
    expect(await json(del)).toEqual({ success: true, errors: [], coverage_policy: { token: policy.token } });
    expect((await callRoute(policyRoute, "GET", p(plan.token), { orgId, planId: plan.token, policyId: policy.token }, asA())).status).toBe(404);
  });
});

describe("policy extraction", () => {
  // Extraction runs as a queue job: a worker claims it (as workers/main.ts or the web process would).
  // Only here: the tests above expect their tree jobs to stay queued.
  beforeAll(async () => {
    worker = await startWorker({ database: t.database, concurrency: 1, pollMs: 100, log: () => {} });
  });
  afterAll(async () => {
    await worker?.stop();
  });

  it("extracts the schema's fields from the plan's trees and text, stores them with processed_at, and validates the schema", async () => {
    const plan = await createPlanVia(asA());
    const params = { orgId, planId: plan.token };
    const before = await json(await callRoute(extractedRoute, "GET", `/api/o/${orgId}/plans/${plan.token}/extracted_coverage_policies`, params, asA()));
    expect(before).toMatchObject({ success: true, extracted_policies: [], processed_at: null });
    const empty = await callRoute(extractRoute, "POST", `/api/o/${orgId}/plans/${plan.token}/extract_coverage_policies`, params, asA({}));
    expect(empty.status).toBe(422);

    const policy = await createPolicyVia(plan.token);
    await generatePolicyDecisionTree(t.database, policy.token);
    // the drug directory (the project's starter file) and a formulary row with an RxCUI for the drug
    await loadStarterDrugDirectory(t.database);
    await t.database.prisma.formularyDrugRequirement.create({
      data: { organization_id: orgId, plan_id: plan.token, drug_name: "HUMIRA PEN", rxcui: "1602520" },
    });
    const schema = {
      title: "RA policies",
      properties: [
        { field_id: "drug_name", title: "Drug", type: "string" },
        { field_id: "drugs", title: "Drugs", type: "array" },
        { field_id: "age_restriction", title: "Age", type: "string" },
        { field_id: "step_therapy_required", title: "Step therapy", type: "boolean" },
        { field_id: "required_medications", title: "Required medications", type: "array" },
        { field_id: "prescriber_requirement", title: "Prescriber", type: "string" },
        { field_id: "coverage_duration", title: "Duration", type: "string" },
        { field_id: "exclusion_criteria", title: "Exclusions", type: "string" },
        { field_id: "part_b_required", title: "Part B", type: "boolean" },
        { field_id: "minimum_age_years", title: "Minimum age", description: "years of age or older", type: "integer" },
      ],
    };
    const res = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${plan.token}/extract_coverage_policies`,
      params,
      asA({ json_schema: JSON.stringify(schema) }),
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.extracted_policies).toHaveLength(1);
    const row = body.extracted_policies[0];
    expect(row).toMatchObject({
      coverage_policy_id: policy.token,
      drug_name: "adalimumab",
      drugs: ["adalimumab", "Humira", "Amjevita"],
      step_therapy_required: true,
      coverage_duration: "12 months",
      part_b_required: false,
      minimum_age_years: 18,
    });
    expect(row.age_restriction).toMatch(/18 years of age or older/);
    expect(row.prescriber_requirement).toMatch(/rheumatologist/);
    expect(row.required_medications).toContain("methotrexate");
    expect(row.exclusion_criteria).toMatch(/not covered/);
    expect(row.citations.prescriber_requirement[0].text).toMatch(/rheumatologist/);
    // drug names normalised through the directory: generic, brand → generic, unmatched kept as written
    expect(row.drug_directory).toEqual([
      {
        name: "adalimumab",
        matched: true,
        matched_on: "generic",
        generic_name: "adalimumab",
        brand_names: ["Humira"],
        product_ndcs: ["0074-0554", "0074-4339"],
        rxcuis: ["1602520"],
      },
      {
        name: "Humira",
        matched: true,
        matched_on: "brand",
        generic_name: "adalimumab",
        brand_names: ["Humira"],
        product_ndcs: ["0074-0554", "0074-4339"],
        rxcuis: ["1602520"],
      },
      { name: "Amjevita", matched: false, matched_on: null, generic_name: null, brand_names: [], product_ndcs: [], rxcuis: [] },
    ]);

    const after = await json(await callRoute(extractedRoute, "GET", `/api/o/${orgId}/plans/${plan.token}/extracted_coverage_policies`, params, asA()));
    expect(after.processed_at).toEqual(body.processed_at);
    expect(after.extracted_policies).toEqual(body.extracted_policies);
    expect(after.json_schema.title).toBe("RA policies");

    const dup = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${plan.token}/extract_coverage_policies`,
      params,
      asA({
        json_schema: {
          properties: [
            { field_id: "drugs", type: "array" },
            { field_id: "drugs", type: "string" },
          ],
        },
      }),
    );
    expect(dup.status).toBe(422);
    expect((await json(dup)).errors).toEqual(["Each field can be used once: drugs"]);
    const badType = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${plan.token}/extract_coverage_policies`,
      params,
      asA({ json_schema: { properties: { x: { type: "date" } } } }),
    );
    expect((await json(badType)).errors).toEqual(["Field type must be string, number, integer, boolean or array"]);
    const notJson = await callRoute(
      extractRoute,
      "POST",
      `/api/o/${orgId}/plans/${plan.token}/extract_coverage_policies`,
      params,
      asA({ json_schema: "{nope" }),
    );
    expect((await json(notJson)).errors).toEqual(["json_schema is not valid JSON"]);
    const cross = await callRoute(
      extractedRoute,
      "GET",
      `/api/o/${otherOrgId}/plans/${plan.token}/extracted_coverage_policies`,
      { orgId: otherOrgId, planId: plan.token },
      asB(),
    );
    expect(cross.status).toBe(404);
  });
});
