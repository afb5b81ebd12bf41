/**
 * The prior-auth /api (PRODUCT-SPEC §7 "Prior auths") through the real route modules on a real
 * database: list with search/sort/pagination, detail with exactly the documented shape, creation
 * from a fax upload or an ePA (with the spec's validation errors), deletion, run_ai, agent runs,
 * synthetic generation, human decisions, prompts, signed document links, SSE, and the auth rules
 * (401 without credentials, 404 for unknown ids and for another organization's ids, API keys).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute, makePdf, seedReviewedCase } from "./api-prior-auths.seed";
import { subscribe, type LiveEvent } from "~/queue/live-events.server";
import { PriorAuthDetailSchema, PriorAuthListResponseSchema, AgentRunSchema, CreatePriorAuthResponseSchema } from "~/prior-auths/schemas";
import { RunPromptResponseSchema } from "~/prompts/schemas";
import { listPriorAuths } from "~/prior-auths/list-prior-auths.server";
import { createGroundTruth, listGroundTruths } from "~/prompts/prompts.server";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { buildOpenApiDocument } from "~/openapi/openapi.server";
import * as listRoute from "~/routes/api/prior-auths/collection";
import * as createRoute from "~/routes/api/prior-auths/collection";
import * as detailRoute from "~/routes/api/prior-auths/item";
import * as itemRoute from "~/routes/api/prior-auths/item";
import * as runAiRoute from "~/routes/api/prior-auths/run-ai";
import * as runsRoute from "~/routes/api/prior-auths/ai-agent-runs";
import * as decisionRoute from "~/routes/api/prior-auths/decisions";
import * as syntheticRoute from "~/routes/api/prior-auths/generate-synthetic";
import * as promptsRoute from "~/routes/api/prompts/prompt";
import * as runPromptRoute from "~/routes/api/prior-auths/run-prompt";
import * as orgEventsRoute from "~/routes/api/organizations/events";
import * as caseEventsRoute from "~/routes/api/prior-auths/events";
import * as documentRoute from "~/routes/files/documents.$documentId";
import * as docsJsonRoute from "~/routes/public/docs/api.json";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let userId: string;
let cookie: string;
let otherCookie: string;
let apiKey: string;

/** Checks the success envelope and parses the payload with the documented schema. */
function parseOk<S extends z.ZodType>(schema: S, raw: any): z.infer<S> {
  expect(raw.success).toBe(true);
  expect(raw.errors).toEqual([]);
  return schema.parse(raw);
}

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Plan A" });
  const b = await createOrgWithUser(t.database, { orgName: "Plan B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  cookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  apiKey = (await createApiKey(t.database, orgId)).token;
});

afterAll(async () => {
  await t?.cleanup();
});

const asA = () => ({ headers: { Cookie: cookie } });

async function jsonOf(res: Response) {
  return (await res.json()) as Record<string, any>;
}

describe("GET /api/o/{org}/prior_auths.json", () => {
  it("pages 10 at a time, newest first, with search and sort on the server", async () => {
    const fresh = await createOrgWithUser(t.database);
    const key = (await createApiKey(t.database, fresh.organization.id)).token;
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 12; i++) {
      await t.database.prisma.priorAuth.create({
        data: {
          organization_id: fresh.organization.id,
          patient_name: `Patient ${String(i).padStart(2, "0")}`,
          medication_name: i % 2 ? "Humira" : "Enbrel",
          practitioner_name: i === 3 ? "Dr. Quinn" : "Dr. Smith",
          created_at: new Date(base + i * 60_000),
          intake_status: i < 2 ? "pending" : "succeeded",
          final_decision: i === 11 ? "needs_more_information" : i === 10 ? "denied" : null,
        },
      });
    }
    const headers = { Authorization: `Bearer ${key}` };
    const page1 = await callRoute(listRoute, "GET", `/api/o/${fresh.organization.id}/prior_auths.json`, { orgId: fresh.organization.id }, { headers });
    expect(page1.status).toBe(200);
    const body1 = parseOk(PriorAuthListResponseSchema, await page1.json());
    expect(body1.prior_auths).toHaveLength(10);
    expect(body1.pagination).toEqual({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect(body1.prior_auths[0]!.patient_name).toBe("Patient 11");
    expect(body1.prior_auths[0]!.decision_label).toBe("Outreach required");
    expect(body1.prior_auths[1]!.decision_label).toBe("Denied");
    expect(body1.prior_auths[2]!.decision_label).toBe("Pending");

    const page2 = await jsonOf(
      await callRoute(listRoute, "GET", `/api/o/${fresh.organization.id}/prior_auths.json?page=2`, { orgId: fresh.organization.id }, { headers }),
    );
    expect(page2.prior_auths.map((p: { patient_name: string }) => p.patient_name)).toEqual(["Patient 01", "Patient 00"]);
    expect(page2.prior_auths[0].intake_required).toBe(true);

    const search = await jsonOf(
      await callRoute(listRoute, "GET", `/api/o/${fresh.organization.id}/prior_auths.json?q=quinn`, { orgId: fresh.organization.id }, { headers }),
    );
    expect(search.prior_auths.map((p: { patient_name: string }) => p.patient_name)).toEqual(["Patient 03"]);
    const byMed = await jsonOf(
      await callRoute(listRoute, "GET", `/api/o/${fresh.organization.id}/prior_auths.json?q=ENBREL`, { orgId: fresh.organization.id }, { headers }),
    );
    expect(byMed.pagination.total).toBe(6);

    const sorted = await listPriorAuths(t.database, fresh.organization.id, { sort: "patient_name", dir: "asc" });
    expect(sorted.prior_auths[0]!.patient_name).toBe("Patient 00");

    const bad = await callRoute(
      listRoute,
      "GET",
      `/api/o/${fresh.organization.id}/prior_auths.json?sort=drop_table`,
      { orgId: fresh.organization.id },
      { headers },
    );
    expect(bad.status).toBe(422);
  });

  it("401 without credentials, 404 for another organization (session and API key)", async () => {
    const res = await callRoute(listRoute, "GET", `/api/o/${orgId}/prior_auths.json`, { orgId });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, errors: ["Unauthorized"] });
    const cross = await callRoute(listRoute, "GET", `/api/o/${otherOrgId}/prior_auths.json`, { orgId: otherOrgId }, asA());
    expect(cross.status).toBe(404);
    const crossKey = await callRoute(
      listRoute,
      "GET",
      `/api/o/${otherOrgId}/prior_auths.json`,
      { orgId: otherOrgId },
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    expect(crossKey.status).toBe(404);
  });

  it("a human decision overrides the AI decision in the list label", async () => {
    const { priorAuthId, aiDecisionId } = await seedReviewedCase(t.database, orgId, {
      aiDecision: "denied",
      patient: { first_name: "Override", last_name: "Person" },
    });
    await t.database.prisma.humanDecision.create({
      data: { prior_auth_id: priorAuthId, ai_decision_id: aiDecisionId, decision_type: "approve", reason: "Chart shows 14 weeks" },
    });
    const list = await listPriorAuths(t.database, orgId, { q: "Override" });
    expect(list.prior_auths[0]).toMatchObject({ final_decision: "approved", decision_label: "Approved" });
  });
});

describe("GET /api/o/{org}/prior_auths/{token}.json", () => {
  it("returns exactly the documented detail keys with a signed fax URL that serves the PDF", async () => {
    const { priorAuthId, faxDocumentId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied" });
    const res = await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/${priorAuthId}.json`, { orgId, id: priorAuthId }, asA());
    expect(res.status).toBe(200);
    const raw = await res.json();
    const body = parseOk(PriorAuthDetailSchema.extend({ success: z.boolean(), errors: z.array(z.string()) }).strict(), raw);
    expect(Object.keys(raw).sort()).toEqual(
      [
        "prior_auth",
        "fax",
        "epa_submission",
        "patient",
        "practitioner",
        "practitioners",
        "ai_responses",
        "ai_decision",
        "decision",
        "diagnoses",
        "diagnoses_summary",
        "medication_requests",
        "pbm_policy_result",
        "coverage_policy",
        "policy_change",
        "possible_duplicates",
        "field_flags",
        "field_corrections",
        "unread_pages",
        "policy_checks",
        "letters",
        "can_send_denial_letter",
        "can_override",
        "provenance",
        "success",
        "errors",
      ].sort(),
    );
    expect(body.prior_auth.token).toBe(priorAuthId);
    expect(body.prior_auth.on_time).toBe(true);
    expect(body.ai_decision).toMatchObject({ final_decision: "denied", confidence_score: 0.82, response_data: { is_approved: false }, routing: null });
    expect(body.ai_decision!.citations[0]).toMatchObject({ document: "fax", page: 1 });
    expect(body.decision).toBeNull();
    expect(body.policy_change).toBeNull(); // decided on no tree version: nothing to re-run
    expect(body.can_send_denial_letter).toBe(true);
    expect(body.can_override).toBe(true);
    expect(body.diagnoses_summary).toEqual({
      ai_summary: expect.any(String),
      primary_diagnosis_code: "M05.79",
      primary_diagnosis_description: "Rheumatoid arthritis",
      secondary_diagnoses: ["E11.9"],
    });
    expect(body.pbm_policy_result).toMatchObject({ metadata: { tier: 5 }, quantity_limit: { amount: 2, unit: "pens", period: "28 days" } });
    expect(body.pbm_policy_result!.step_therapy.required_steps).toEqual([{ drug_name: "methotrexate", duration: "84 days" }]);
    expect(body.policy_checks.map((c) => c.kind)).toEqual(["eligibility", "clinical"]);
    expect(body.policy_checks[1]!.policy_check_steps[1]).toMatchObject({ passed: false, outcome: "not_met" });
    expect(body.coverage_policy?.file_url).toMatch(/^\/documents\//);

    // The signed URL serves the fax inline; altering or expiring it gives 404.
    const url = new URL(body.fax!.s3_signed_url, "http://localhost");
    expect(body.fax!.image_urls).toEqual([]);
    const file = await callRoute(documentRoute, "GET", url.pathname + url.search, { documentId: faxDocumentId });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const forged = url.search.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === "a" ? "b" : "a"}`);
    expect((await callRoute(documentRoute, "GET", url.pathname + forged, { documentId: faxDocumentId })).status).toBe(404);
    const otherDoc = await callRoute(documentRoute, "GET", `/documents/other${url.search}`, { documentId: "other" });
    expect(otherDoc.status).toBe(404);
    const expired = new URL(signDocumentUrl(faxDocumentId, { now: new Date(Date.now() - 16 * 60_000) }), "http://localhost");
    expect((await callRoute(documentRoute, "GET", expired.pathname + expired.search, { documentId: faxDocumentId })).status).toBe(404);
  });

  it("404 for an unknown token and for another organization's token; API key of the org works", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, otherOrgId, { aiDecision: "approved", withPolicy: false });
    const unknown = await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/nope.json`, { orgId, id: "nope" }, asA());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, errors: ["Prior auth not found"] });
    // A's org in the URL, B's case id → 404 exactly like an unknown id
    const cross = await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/${priorAuthId}.json`, { orgId, id: priorAuthId }, asA());
    expect(cross.status).toBe(404);
    const own = await callRoute(
      itemRoute,
      "GET",
      `/api/o/${otherOrgId}/prior_auths/${priorAuthId}`,
      { orgId: otherOrgId, id: priorAuthId },
      { headers: { Cookie: otherCookie } },
    );
    expect(own.status).toBe(200);
    const { priorAuthId: mine } = await seedReviewedCase(t.database, orgId, { withPolicy: false });
    const viaKey = await callRoute(
      detailRoute,
      "GET",
      `/api/o/${orgId}/prior_auths/${mine}.json`,
      { orgId, id: mine },
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    expect(viaKey.status).toBe(200);
    expect((await viaKey.json()).ai_decision).toBeNull();
    const noAuth = await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/${mine}.json`, { orgId, id: mine });
    expect(noAuth.status).toBe(401);
    const badKey = await callRoute(
      detailRoute,
      "GET",
      `/api/o/${orgId}/prior_auths/${mine}.json`,
      { orgId, id: mine },
      { headers: { Authorization: "Bearer pa_live_wrong" } },
    );
    expect(badKey.status).toBe(401);
  });
});

describe("POST /api/o/{org}/prior_auths", () => {
  it("creates a fax case from a multipart PDF upload and queues its intake", async () => {
    const form = new FormData();
    form.append("file", new File([await makePdf("Fax for upload")], "fax.pdf", { type: "application/pdf" }));
    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, `org:${orgId}`, (e) => events.push(e));
    const res = await callRoute(createRoute, "POST", `/api/o/${orgId}/prior_auths`, { orgId }, { ...asA(), body: form });
    expect(res.status).toBe(200);
    const body = parseOk(CreatePriorAuthResponseSchema, await res.json());
    expect(body.prior_auth).toMatchObject({ submission_type: "fax", intake_status: "queued" });
    expect(body.synthetic_prior_auth.token).toBe(body.prior_auth.token);
    const job = await t.database.prisma.job.findFirst({ where: { name: "prior_auth.intake", key: `intake:${body.prior_auth.token}` } });
    expect(job).not.toBeNull();
    const docs = await t.database.prisma.document.findMany({ where: { prior_auth_id: body.prior_auth.token } });
    expect(docs.map((d) => d.kind)).toEqual(["fax"]);
    for (let i = 0; i < 50 && !events.some((e) => (e.data as { id?: string }).id === body.prior_auth.token); i++) await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    expect(events.some((e) => e.event === "prior_auth" && (e.data as { id?: string }).id === body.prior_auth.token)).toBe(true);
  });

  it("422 'Please upload a PDF file' for a missing file, an empty body and a non-PDF; nothing is stored", async () => {
    const before = await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } });
    const noFile = new FormData();
    noFile.append("note", "x");
    const r1 = await callRoute(createRoute, "POST", `/api/o/${orgId}/prior_auths`, { orgId }, { ...asA(), body: noFile });
    expect(r1.status).toBe(422);
    expect(await r1.json()).toEqual({ success: false, errors: ["Please upload a PDF file"] });
    const r2 = await callRoute(createRoute, "POST", `/api/o/${orgId}/prior_auths`, { orgId }, asA());
    expect(r2.status).toBe(422);
    const notPdf = new FormData();
    notPdf.append("file", new File(["hello, I am a text file"], "fax.pdf", { type: "application/pdf" }));
    const r3 = await callRoute(createRoute, "POST", `/api/o/${orgId}/prior_auths`, { orgId }, { ...asA(), body: notPdf });
    expect(r3.status).toBe(422);
    expect((await r3.json()).errors).toEqual(["Please upload a PDF file"]);
    expect(await t.database.prisma.priorAuth.count({ where: { organization_id: orgId } })).toBe(before);
  });

  it("creates an ePA case from JSON {submission_type: epa, epa_submission: {synthetic_document}}", async () => {
    const res = await callRoute(
      createRoute,
      "POST",
      `/api/o/${orgId}/prior_auths`,
      { orgId },
      {
        headers: { Authorization: `Bearer ${apiKey}` },
        body: { submission_type: "epa", epa_submission: { synthetic_document: "Patient: Jane Roe\nMedication: Dupixent 300 mg" } },
      },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.synthetic_prior_auth).toMatchObject({ submission_type: "epa", intake_status: "queued" });
    const epa = await t.database.prisma.epaSubmission.findUnique({ where: { prior_auth_id: body.prior_auth.token } });
    expect(epa?.synthetic_document).toContain("Dupixent");
    const empty = await callRoute(
      createRoute,
      "POST",
      `/api/o/${orgId}/prior_auths`,
      { orgId },
      { ...asA(), body: { submission_type: "epa", epa_submission: { synthetic_document: "  " } } },
    );
    expect(empty.status).toBe(422);
  });

  it("401 without credentials and 404 for another organization", async () => {
    const form = new FormData();
    form.append("file", new File([await makePdf()], "fax.pdf"));
    expect((await callRoute(createRoute, "POST", `/api/o/${orgId}/prior_auths`, { orgId }, { body: form })).status).toBe(401);
    const form2 = new FormData();
    form2.append("file", new File([await makePdf()], "fax.pdf"));
    expect((await callRoute(createRoute, "POST", `/api/o/${otherOrgId}/prior_auths`, { orgId: otherOrgId }, { ...asA(), body: form2 })).status).toBe(404);
  });
});

describe("POST generate_synthetic_prior_auth", () => {
  it("returns an editable document from a description (built-in generator) and stores nothing", async () => {
    const before = await t.database.prisma.priorAuth.count();
    const res = await callRoute(
      syntheticRoute,
      "POST",
      `/api/o/${orgId}/generate_synthetic_prior_auth`,
      { orgId },
      {
        ...asA(),
        body: { description: "58 year old woman with rheumatoid arthritis who failed methotrexate for 4 months, requesting Humira" },
      },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.synthetic_prior_auth.document.length).toBeGreaterThan(200);
    expect(body.synthetic_prior_auth.document).toMatch(/humira|adalimumab/i);
    expect(await t.database.prisma.priorAuth.count()).toBe(before);
    const empty = await callRoute(syntheticRoute, "POST", `/api/o/${orgId}/generate_synthetic_prior_auth`, { orgId }, { ...asA(), body: { description: " " } });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual(["Please describe the prior auth to generate"]);
    expect((await callRoute(syntheticRoute, "POST", `/api/o/${orgId}/generate_synthetic_prior_auth`, { orgId }, { body: { description: "x" } })).status).toBe(
      401,
    );
  });
});

describe("run_ai, DELETE, ai_agent_runs", () => {
  it("run_ai queues the intake once; unknown id 404", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { intakeStatus: "failed", withPolicy: false });
    const res = await callRoute(runAiRoute, "POST", `/api/o/${orgId}/prior_auths/${priorAuthId}/run_ai`, { orgId, id: priorAuthId }, asA());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, errors: [], prior_auth: { token: priorAuthId, intake_status: "queued" } });
    await callRoute(runAiRoute, "POST", `/api/o/${orgId}/prior_auths/${priorAuthId}/run_ai`, { orgId, id: priorAuthId }, asA());
    expect(await t.database.prisma.job.count({ where: { key: `intake:${priorAuthId}`, status: "queued" } })).toBe(1);
    expect((await callRoute(runAiRoute, "POST", `/api/o/${orgId}/prior_auths/unknown/run_ai`, { orgId, id: "unknown" }, asA())).status).toBe(404);
    expect((await callRoute(runAiRoute, "POST", `/api/o/${orgId}/prior_auths/${priorAuthId}/run_ai`, { orgId, id: priorAuthId })).status).toBe(401);
  });

  it("ai_agent_runs lists runs with only output.response.model", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved", withPolicy: false });
    const res = await callRoute(runsRoute, "GET", `/api/o/${orgId}/prior_auths/${priorAuthId}/ai_agent_runs.json`, { orgId, id: priorAuthId }, asA());
    expect(res.status).toBe(200);
    const body = await res.json();
    const runs = z.array(AgentRunSchema.strict()).parse(body.ai_agent_runs);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ agent: "decision", status: "succeeded", step: 5, output: { response: { model: "builtin" } } });
    const { priorAuthId: foreign } = await seedReviewedCase(t.database, otherOrgId, { withPolicy: false });
    expect((await callRoute(runsRoute, "GET", `/api/o/${orgId}/prior_auths/${foreign}/ai_agent_runs.json`, { orgId, id: foreign }, asA())).status).toBe(404);
  });

  it("DELETE removes the case (and its rows); other organization's token and unknown token 404", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
    const { priorAuthId: foreign } = await seedReviewedCase(t.database, otherOrgId, { withPolicy: false });
    expect((await callRoute(itemRoute, "DELETE", `/api/o/${orgId}/prior_auths/${foreign}`, { orgId, id: foreign }, asA())).status).toBe(404);
    expect(await t.database.prisma.priorAuth.count({ where: { id: foreign } })).toBe(1);
    expect((await callRoute(itemRoute, "POST", `/api/o/${orgId}/prior_auths/${priorAuthId}`, { orgId, id: priorAuthId }, asA())).status).toBe(405);
    const res = await callRoute(itemRoute, "DELETE", `/api/o/${orgId}/prior_auths/${priorAuthId}`, { orgId, id: priorAuthId }, asA());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, errors: [], prior_auth: { token: priorAuthId } });
    expect(await t.database.prisma.priorAuth.count({ where: { id: priorAuthId } })).toBe(0);
    expect(await t.database.prisma.aiDecision.count({ where: { prior_auth_id: priorAuthId } })).toBe(0);
    expect((await callRoute(itemRoute, "DELETE", `/api/o/${orgId}/prior_auths/${priorAuthId}`, { orgId, id: priorAuthId }, asA())).status).toBe(404);
    expect((await callRoute(itemRoute, "DELETE", `/api/o/${orgId}/prior_auths/${priorAuthId}`, { orgId, id: priorAuthId })).status).toBe(401);
  });
});

describe("POST .../ai_decisions/{token}/decisions (human decision)", () => {
  it("requires a reason, then records the override, updates the case and publishes refresh events", async () => {
    const { priorAuthId, aiDecisionId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
    const path = `/api/o/${orgId}/prior_auths/${priorAuthId}/ai_decisions/${aiDecisionId}/decisions`;
    const params = { orgId, id: priorAuthId, aiDecisionId: aiDecisionId! };
    const noReason = await callRoute(decisionRoute, "POST", path, params, { ...asA(), body: { decision_type: "approve", reason: "  " } });
    expect(noReason.status).toBe(422);
    expect(await noReason.json()).toEqual({ success: false, errors: ["Override reason is required"] });
    const badType = await callRoute(decisionRoute, "POST", path, params, { ...asA(), body: { decision_type: "maybe", reason: "x" } });
    expect(badType.status).toBe(422);

    const events: LiveEvent[] = [];
    const unsubscribe = await subscribe(t.database, [`org:${orgId}`, `prior_auth:${priorAuthId}`], (e) => events.push(e));
    const form = new URLSearchParams({ decision_type: "approve", reason: "Pharmacy records show 14 weeks of methotrexate." });
    const res = await callRoute(decisionRoute, "POST", path, params, {
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.decision).toMatchObject({ decision_type: "approve", reason: "Pharmacy records show 14 weeks of methotrexate.", user: { id: userId } });

    const detail = await (await callRoute(detailRoute, "GET", `/api/o/${orgId}/prior_auths/${priorAuthId}.json`, { orgId, id: priorAuthId }, asA())).json();
    expect(detail.decision).toMatchObject({ decision_type: "approve" });
    expect(detail.ai_decision.final_decision).toBe("denied"); // the AI's decision is kept for the audit trail
    expect(detail.can_override).toBe(false);
    expect(detail.can_send_denial_letter).toBe(false);
    expect((await t.database.prisma.priorAuth.findUnique({ where: { id: priorAuthId } }))!.final_decision).toBe("approved");
    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    unsubscribe();
    expect(events.map((e) => `${e.channel} ${e.event}`).sort()).toEqual([`org:${orgId} prior_auth`, `prior_auth:${priorAuthId} decision`].sort());

    // API key (no user) may decide too; an AI decision of another case is not found
    const { aiDecisionId: otherAi } = await seedReviewedCase(t.database, orgId, { aiDecision: "approved", withPolicy: false });
    const wrong = await callRoute(
      decisionRoute,
      "POST",
      `/api/o/${orgId}/prior_auths/${priorAuthId}/ai_decisions/${otherAi}/decisions`,
      { orgId, id: priorAuthId, aiDecisionId: otherAi! },
      {
        headers: { Authorization: `Bearer ${apiKey}` },
        body: { decision_type: "deny", reason: "x" },
      },
    );
    expect(wrong.status).toBe(404);
    expect((await callRoute(decisionRoute, "POST", path, params, { body: { decision_type: "deny", reason: "x" } })).status).toBe(401);
    const cross = await callRoute(
      decisionRoute,
      "POST",
      path.replace(orgId, otherOrgId),
      { ...params, orgId: otherOrgId },
      { headers: { Cookie: otherCookie }, body: { decision_type: "deny", reason: "x" } },
    );
    expect(cross.status).toBe(404);
  });
});

describe("prompts", () => {
  it("GET /api/prompts.json returns the default prompt; unknown type 422; no credentials 401", async () => {
    const res = await callRoute(promptsRoute, "GET", "/api/prompts.json?prompt_type=extraction", {}, asA());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, prompt_type: "extraction" });
    expect(body.system_prompt).toContain("prior authorization");
    expect(body.json_schema.type).toBe("object");
    expect(
      (await callRoute(promptsRoute, "GET", "/api/prompts.json?prompt_type=extraction", {}, { headers: { Authorization: `Bearer ${apiKey}` } })).status,
    ).toBe(200);
    expect((await callRoute(promptsRoute, "GET", "/api/prompts.json?prompt_type=nope", {}, asA())).status).toBe(422);
    expect((await callRoute(promptsRoute, "GET", "/api/prompts.json?prompt_type=extraction", {})).status).toBe(401);
  });

  it("run_prompt re-runs the built-in extraction on the stored document and scores it against the ground truth", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { aiDecision: "denied", withPolicy: false });
    const path = `/api/o/${orgId}/prior_auths/${priorAuthId}/run_prompt`;
    const res = await callRoute(
      runPromptRoute,
      "POST",
      path,
      { orgId, id: priorAuthId },
      { ...asA(), body: { prompt_type: "extraction", system_prompt: "ignored", json_schema: "{not json", user_prompt: "", evaluation_mode: false } },
    );
    expect(res.status).toBe(200);
    const body = parseOk(RunPromptResponseSchema, await res.json());
    const facts = body.data as { patient: { last_name: string; member_id: string } };
    expect(facts.patient.last_name).toBe("Lopez");
    expect(body.engine).toBe("builtin");
    expect(body.evaluation).toBeUndefined();

    await createGroundTruth(
      t.database,
      orgId,
      { prior_auth_id: priorAuthId, prompt_type: "extraction", expected: { patient: { last_name: "LOPEZ", member_id: "WRONG-ID" } }, notes: "reviewed" },
      userId,
    );
    expect((await listGroundTruths(t.database, orgId)).some((g) => g.prior_auth_id === priorAuthId)).toBe(true);
    const evalRes = await callRoute(
      runPromptRoute,
      "POST",
      path,
      { orgId, id: priorAuthId },
      { ...asA(), body: { prompt_type: "extraction", evaluation_mode: true } },
    );
    const evalBody = await evalRes.json();
    expect(evalBody.evaluation).toMatchObject({ total: 2, matched: 1, score: 0.5 });
    expect(evalBody.evaluation.diff).toContainEqual({ path: "patient.member_id", expected: "WRONG-ID", actual: facts.patient.member_id ?? null, match: false });

    const decision = await (await callRoute(runPromptRoute, "POST", path, { orgId, id: priorAuthId }, { ...asA(), body: { prompt_type: "decision" } })).json();
    expect(["approved", "denied", "needs_more_information"]).toContain(decision.data.final_decision);
    expect((await callRoute(runPromptRoute, "POST", path, { orgId, id: priorAuthId }, { ...asA(), body: { prompt_type: "bogus" } })).status).toBe(422);
    expect((await callRoute(runPromptRoute, "POST", path, { orgId, id: priorAuthId }, { body: { prompt_type: "extraction" } })).status).toBe(401);
    expect(
      (
        await callRoute(
          runPromptRoute,
          "POST",
          path.replace(orgId, otherOrgId),
          { orgId: otherOrgId, id: priorAuthId },
          { headers: { Cookie: otherCookie }, body: { prompt_type: "extraction" } },
        )
      ).status,
    ).toBe(404);
  });
});

describe("live event streams and docs", () => {
  it("SSE: org and case channels stream events to members; 401/404 otherwise", async () => {
    const { priorAuthId } = await seedReviewedCase(t.database, orgId, { withPolicy: false });
    const abort = new AbortController();
    const request = new Request(`http://localhost/api/o/${orgId}/prior_auths/${priorAuthId}/events`, { headers: { Cookie: cookie }, signal: abort.signal });
    const res = (await caseEventsRoute.loader({ request, params: { orgId, id: priorAuthId }, context: {} } as never)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    let text = "";
    const deadline = Date.now() + 10_000;
    let published = false;
    while (!text.includes("event: step") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      if (text.includes("event: ready") && !published) {
        published = true;
        const { publish } = await import("~/queue/live-events.server");
        await publish(t.database, `prior_auth:${priorAuthId}`, "step", { step: 2 });
      }
    }
    abort.abort();
    await reader.cancel().catch(() => {});
    expect(text).toContain("event: step");

    const orgAbort = new AbortController();
    const orgRes = (await orgEventsRoute.loader({
      request: new Request(`http://localhost/api/o/${orgId}/events`, { headers: { Authorization: `Bearer ${apiKey}` }, signal: orgAbort.signal }),
      params: { orgId },
      context: {},
    } as never)) as Response;
    expect(orgRes.status).toBe(200);
    orgAbort.abort();
    await orgRes.body?.cancel().catch(() => {});

    expect((await callRoute(orgEventsRoute, "GET", `/api/o/${orgId}/events`, { orgId })).status).toBe(401);
    expect((await callRoute(orgEventsRoute, "GET", `/api/o/${otherOrgId}/events`, { orgId: otherOrgId }, asA())).status).toBe(404);
    expect((await callRoute(caseEventsRoute, "GET", `/api/o/${orgId}/prior_auths/unknown/events`, { orgId, id: "unknown" }, asA())).status).toBe(404);
  });

  it("the OpenAPI document describes every call with auth and the error format", async () => {
    const res = await callRoute(docsJsonRoute, "GET", "/docs/api.json", {});
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearerApiKey", "sessionCookie"]);
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`));
    for (const op of [
      "GET /api/o/{orgId}/prior_auths.json",
      "POST /api/o/{orgId}/prior_auths",
      "GET /api/o/{orgId}/prior_auths/{id}.json",
      "DELETE /api/o/{orgId}/prior_auths/{id}",
      "POST /api/o/{orgId}/generate_synthetic_prior_auth",
      "POST /api/o/{orgId}/prior_auths/{id}/run_ai",
      "POST /api/o/{orgId}/prior_auths/{id}/generate_denial_letter",
      "GET /api/o/{orgId}/prior_auths/{id}/ai_agent_runs.json",
      "POST /api/o/{orgId}/prior_auths/{id}/ai_decisions/{aiDecisionId}/decisions",
      "GET /api/prompts.json",
      "POST /api/o/{orgId}/prior_auths/{id}/run_prompt",
      "GET /api/o/{orgId}/prior_auths/{id}/chat_threads/{threadId}/chat_messages",
      "POST /api/o/{orgId}/prior_auths/{id}/chat_threads",
      "POST /api/o/{orgId}/prior_auths/{id}/chat_threads/{threadId}/chat_messages",
      "POST /api/o/{orgId}/prior_auths/{id}/chat_threads/{threadId}/ai_chat_message",
      "GET /api/o/{orgId}/events",
      "GET /api/o/{orgId}/prior_auths/{id}/events",
    ]) {
      expect(ops).toContain(op);
    }
    expect(doc.components.schemas.PriorAuthDetail.properties.can_send_denial_letter.type).toBe("boolean");
    expect(doc.components.schemas.ErrorBody.required).toEqual(["success", "errors"]);
    expect(JSON.stringify(doc)).not.toContain("#/$defs/");
    expect(buildOpenApiDocument().paths).toBeDefined();
  });
});
