/**
 * Every model of prisma/schema.prisma round-trips (create, read back, delete) against a freshly
 * migrated database — PostgreSQL when reachable, else the embedded PGlite. A model added to the
 * schema without a case here fails the "covers every model" test.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

type Delegate = {
  create(args: { data: Record<string, unknown> }): Promise<{ id: unknown }>;
  findUnique(args: { where: { id: unknown } }): Promise<Record<string, unknown> | null>;
  delete(args: { where: { id: unknown } }): Promise<unknown>;
};

describe("schema round-trip", () => {
  it("creates, reads and deletes every model", async () => {
    const p = t.database.prisma;
    const ids: Record<string, string> = {};
    const seen = new Set<string>();

    async function roundTrip(model: string, data: Record<string, unknown>, check: Record<string, unknown>) {
      const delegate = (p as unknown as Record<string, Delegate>)[model[0].toLowerCase() + model.slice(1)];
      const created = await delegate.create({ data });
      const read = await delegate.findUnique({ where: { id: created.id } });
      expect(read, model).not.toBeNull();
      for (const [k, v] of Object.entries(check)) expect(read![k], `${model}.${k}`).toEqual(v);
      seen.add(model);
      ids[model] = String(created.id);
      return created.id;
    }

    await roundTrip("Organization", { name: "Acme Health" }, { name: "Acme Health", sandbox: false, public_demo: false });
    const org = ids.Organization;
    await roundTrip("Organization", { name: "Acme Health (sandbox)", sandbox: true, parent_id: org }, { sandbox: true, parent_id: org });
    await roundTrip(
      "User",
      { email: "rx@acme.test", username: "rx", avatar_image: new Uint8Array([1, 2, 3]) },
      { email: "rx@acme.test", code_view: false, instance_admin: false, avatar_image: new Uint8Array([1, 2, 3]) },
    );
    const user = ids.User;
    await roundTrip(
      "Role",
      { organization_id: org, name: "Pharmacist", description: "Reviews PAs", permissions: ["cases.read", "audit.read"] },
      { name: "Pharmacist", permissions: ["cases.read", "audit.read"] },
    );
    await roundTrip(
      "Membership",
      { user_id: user, organization_id: org, owner: true, role_id: ids.Role, roles: ["administrator", "clinical_reviewer"] },
      { owner: true, roles: ["administrator", "clinical_reviewer"] },
    );
    await roundTrip("Session", { user_id: user, expires_at: new Date(Date.now() + 3600_000) }, { revoked_at: null });
    await roundTrip("EmailOutbox", { to: "rx@acme.test", subject: "Your code", text: "123456" }, { transport: "outbox" });
    await roundTrip("AuthAttempt", { email: "rx@acme.test", kind: "code_failed" }, { kind: "code_failed" });
    // RateLimit's primary key is its `key`, not an id.
    const windowStart = BigInt(Date.now());
    await p.rateLimit.create({ data: { key: "send:email:rx@acme.test", count: 1, window_start_ms: windowStart } });
    expect(await p.rateLimit.findUnique({ where: { key: "send:email:rx@acme.test" } })).toEqual({
      key: "send:email:rx@acme.test",
      count: 1,
      window_start_ms: windowStart,
    });
    await p.rateLimit.delete({ where: { key: "send:email:rx@acme.test" } });
    expect(await p.rateLimit.findUnique({ where: { key: "send:email:rx@acme.test" } })).toBeNull();
    seen.add("RateLimit");
    // OCR results are keyed by (organization, page-image hash)
    const ocrKey = { organization_id_image_hash: { organization_id: org, image_hash: "a".repeat(64) } };
    await p.ocrResult.create({ data: { organization_id: org, image_hash: "a".repeat(64), lines: [{ text: "Member ID", words: [] }] } });
    expect((await p.ocrResult.findUnique({ where: ocrKey }))?.lines).toEqual([{ text: "Member ID", words: [] }]);
    await p.ocrResult.delete({ where: ocrKey });
    expect(await p.ocrResult.findUnique({ where: ocrKey })).toBeNull();
    seen.add("OcrResult");
    await roundTrip(
      "SignInCode",
      { email: "rx@acme.test", totp_digest: "e".repeat(64), expires_at: new Date(Date.now() + 600_000) },
      { attempts: 0, used_at: null },
    );
    await roundTrip(
      "ApiKey",
      { organization_id: org, token_prefix: "pa_live_ab", token_digest: "d".repeat(64), scopes: ["cases.read"], created_by_id: user },
      { revoked: false, scopes: ["cases.read"], created_by_id: user },
    );
    await roundTrip(
      "Plan",
      {
        organization_id: org,
        title: "Acme PPO",
        identification: "ACME-PPO",
        line_of_business: "Commercial",
        plan_type: "PPO",
        state: "IL",
        effective_date: day("2026-01-01"),
      },
      { effective_date: day("2026-01-01"), is_active: true },
    );
    const plan = ids.Plan;
    await roundTrip(
      "Member",
      {
        organization_id: org,
        plan_id: plan,
        member_id: "ACM1",
        first_name: "Dana",
        last_name: "W",
        birth_date: day("1979-03-14"),
        coverage_start: day("2026-01-01"),
      },
      { birth_date: day("1979-03-14"), coverage_end: null },
    );
    await roundTrip(
      "CoveragePolicy",
      { organization_id: org, plan_id: plan, drug_name: "Humira", drugs_list: ["Humira", "adalimumab"], structured_logic: { nodes: 3 } },
      { drugs_list: ["Humira", "adalimumab"], structured_logic: { nodes: 3 } },
    );
    const policy = ids.CoveragePolicy;
    await roundTrip(
      "CoveragePolicyNode",
      { coverage_policy_id: policy, question: "Age 18 or older?", node_type: "question", criterion: { kind: "age", min: 18 } },
      { criterion: { kind: "age", min: 18 } },
    );
    await roundTrip("CoveragePolicyEdge", { coverage_policy_id: policy, source: "a", target: "b", condition: "Yes" }, { condition: "Yes" });
    await roundTrip(
      "CoveragePolicyTreeVersion",
      {
        organization_id: org,
        coverage_policy_id: policy,
        version: 1,
        status: "published",
        source: "generated",
        summary: "Generated: 3 nodes",
        tree: { title: "t", drug_names: ["Humira"], nodes: [], edges: [] },
      },
      { version: 1, status: "published", tree: { title: "t", drug_names: ["Humira"], nodes: [], edges: [] } },
    );
    await roundTrip(
      "PriorAuth",
      { organization_id: org, plan_id: plan, coverage_policy_id: policy, member_id: ids.Member, request_date: day("2026-10-01"), assignee_id: user },
      { intake_status: "pending", request_date: day("2026-10-01"), assignee_id: user },
    );
    const pa = ids.PriorAuth;
    const bytes = new Uint8Array([37, 80, 68, 70, 45]);
    await roundTrip(
      "Document",
      { organization_id: org, prior_auth_id: pa, kind: "fax", filename: "fax.pdf", byte_size: 5, sha256: "x", data: bytes },
      { byte_size: 5 },
    );
    const doc = ids.Document;
    await roundTrip("DocumentPage", { document_id: doc, page_number: 1, text: "Patient: Dana", words: [{ text: "Patient:" }] }, { page_number: 1 });
    await roundTrip(
      "DocumentChunk",
      { organization_id: org, document_id: doc, prior_auth_id: pa, page_number: 1, start_offset: 0, end_offset: 13, text: "Patient: Dana" },
      { end_offset: 13 },
    );
    // The vector column is outside Prisma's types: prove it stores and ranks through raw SQL.
    const vec = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(",")}]`;
    await t.database.query(`update document_chunks set embedding = $1::vector where id = $2`, [vec, ids.DocumentChunk]);
    const near = await t.database.query<{ id: string; d: number }>(
      `select id, (embedding <=> $1::vector) as d from document_chunks order by embedding <=> $1::vector limit 1`,
      [vec],
    );
    expect(near[0].id).toBe(ids.DocumentChunk);
    expect(Number(near[0].d)).toBeCloseTo(0);
    await roundTrip(
      "EpaSubmission",
      { prior_auth_id: pa, synthetic_document: "ePA text", pas_answered: "A1,A4" },
      { synthetic_document: "ePA text", pas_answered: "A1,A4" },
    );
    await roundTrip("Patient", { organization_id: org, prior_auth_id: pa, first_name: "Dana", birth_date: "1979-03-14" }, { first_name: "Dana" });
    await roundTrip("Practitioner", { prior_auth_id: pa, full_name: "Priya Raman", npi: "1234567893", npi_valid: true }, { npi: "1234567893" });
    await roundTrip("Diagnosis", { prior_auth_id: pa, code: "M05.79", primary: true }, { code_system: "ICD-10-CM" });
    await roundTrip(
      "MedicationRequest",
      { prior_auth_id: pa, drug_name: "Humira", drug_name_as_written: "Humira 40 mg/0.4 mL pen", on_formulary: false, ndc: "00074055402", quantity: 2 },
      { quantity: 2, drug_name_as_written: "Humira 40 mg/0.4 mL pen", on_formulary: false },
    );
    await roundTrip(
      "FieldCorrection",
      { organization_id: org, prior_auth_id: pa, field: "patient.first_name", value: "Derek", previous_value: "Erek", user_email: "rx@acme.test" },
      { field: "patient.first_name", value: "Derek", previous_value: "Erek" },
    );
    await roundTrip(
      "PriorTherapy",
      { prior_auth_id: pa, drug_name: "methotrexate", duration_days: 240, outcome: "inadequate_response" },
      { duration_days: 240 },
    );
    await roundTrip("LabResult", { prior_auth_id: pa, name: "LDL-C", value: 94, unit: "mg/dL" }, { value: 94 });
    await roundTrip("AiAgentRun", { organization_id: org, prior_auth_id: pa, agent: "extraction", step: 2, output: { ok: true } }, { output: { ok: true } });
    await roundTrip(
      "AiDecision",
      { prior_auth_id: pa, final_decision: "approved", confidence_score: 0.92, ai_summary: "s", rationale: "r", citations: [{ page: 1 }] },
      { confidence_score: 0.92, citations: [{ page: 1 }] },
    );
    await roundTrip(
      "HumanDecision",
      { prior_auth_id: pa, ai_decision_id: ids.AiDecision, user_id: user, decision_type: "deny", reason: "r" },
      { decision_type: "deny" },
    );
    await roundTrip("AiResponse", { prior_auth_id: pa, agent: "audit", summary: "ok", approved: true }, { approved: true });
    await roundTrip("PolicyCheck", { prior_auth_id: pa, coverage_policy_id: policy, title: "RA initial" }, { title: "RA initial" });
    await roundTrip(
      "PolicyCheckStep",
      { policy_check_id: ids.PolicyCheck, position: 1, question: "Age?", reason: "DOB", outcome: "met", passed: true },
      { passed: true },
    );
    await roundTrip(
      "PbmPolicyResult",
      { prior_auth_id: pa, ndc: "00074055402", requires_prior_auth: true, metadata: { tier: 5 }, quantity_limit: { amount: 2, unit: "pens", period: 28 } },
      { metadata: { tier: 5 } },
    );
    await roundTrip("FormularyDrugRequirement", { organization_id: org, plan_id: plan, drug_name: "Humira", tier: 5, products: ["Humira Pen"] }, { tier: 5 });
    await roundTrip(
      "FeeScheduleRow",
      { organization_id: org, plan_id: plan, code: "E0601", description: "CPAP device", units_amount: 1, period_days: 1825 },
      { code: "E0601", units_amount: 1, period_days: 1825 },
    );
    await roundTrip(
      "PaidClaimLine",
      {
        organization_id: org,
        plan_id: plan,
        member_id: "M1",
        code: "96900",
        modifiers: ["GA"],
        units: 1,
        date_of_service: "2026-03-02",
        claim_reference: "ICN 1",
        note: "paid",
        line_key: "M1|96900|2026-03-02|GA|ICN 1",
      },
      { code: "96900", modifiers: ["GA"], date_of_service: "2026-03-02" },
    );
    await roundTrip("AiRule", { organization_id: org, name: "QL", description: "d", applies_to: "audit", conditions: ["a"], actions: ["b"] }, { priority: 5 });
    await roundTrip(
      "DrugProduct",
      { product_ndc: "0074-4339", brand_name: "Humira", generic_name: "adalimumab", dosage_form: "KIT", route: "SUBCUTANEOUS", strength: "40 mg/0.4mL" },
      { source: "fda" },
    );
    await roundTrip(
      "FhirSubscription",
      {
        organization_id: org,
        reason: "PAS results",
        endpoint: "https://x.test/fhir",
        org_identifier: "1234567893",
        secret: "s",
        resource: { resourceType: "Subscription" },
      },
      { status: "requested", events_since_start: 0 },
    );
    await roundTrip(
      "SmartClient",
      { organization_id: org, client_id: "smart_x", name: "EHR", jwks: { keys: [{ kty: "EC" }] }, scopes: ["system/Claim.write"], created_by_id: user },
      { revoked: false, jwks_url: null, jwks: { keys: [{ kty: "EC" }] }, scopes: ["system/Claim.write"] },
    );
    await roundTrip(
      "SmartAssertionJti",
      { smart_client_id: ids.SmartClient, jti: "j1", expires_at: day("2026-12-01") },
      { jti: "j1", expires_at: day("2026-12-01") },
    );
    await roundTrip(
      "SmartAccessToken",
      { smart_client_id: ids.SmartClient, token_digest: "e".repeat(64), scopes: ["system/Claim.write"], expires_at: day("2026-12-01") },
      { scopes: ["system/Claim.write"] },
    );
    await roundTrip("WebhookEndpoint", { organization_id: org, url: "https://x.test/h", event_types: ["prior_auth.succeeded"], secret: "s" }, { active: true });
    await roundTrip(
      "WebhookDelivery",
      {
        webhook_endpoint_id: ids.WebhookEndpoint,
        event_type: "prior_auth.succeeded",
        message_id: "m1",
        payload: { a: 1 },
        url: "https://x.test/h",
        duration_ms: 12,
        job_id: "7",
      },
      { success: false, duration_ms: 12 },
    );
    await roundTrip("Compendium", { name: "Lexicomp" }, { name: "Lexicomp" });
    await roundTrip(
      "CompendiumIntegration",
      { organization_id: org, compendium_id: ids.Compendium, access_key: "v1:a:b:c", access_key_hint: "wxyz" },
      { active: true, access_key_hint: "wxyz" },
    );
    await roundTrip(
      "ApiLog",
      { organization_id: org, via: "api_key", api_key_id: "k1", method: "GET", path: "/api/o/x/plans.json", status: 200, duration_ms: 5 },
      { status: 200, via: "api_key" },
    );
    await roundTrip("PbmConfiguration", { organization_id: org, name: "Sandbox PBM", sandbox: true, active: true }, { active: true });
    await roundTrip(
      "LetterForm",
      { organization_id: org, name: "Denial", description: "Standard denial", template_body: "Dear {{patient}}" },
      { kind: "denial", is_default: false },
    );
    await roundTrip(
      "Letter",
      { organization_id: org, prior_auth_id: pa, letter_form_id: ids.LetterForm, denial_reason: "Age", body: "b", signed_off_by_id: user },
      { denial_reason: "Age" },
    );
    await roundTrip(
      "TimeFrameExtension",
      {
        organization_id: org,
        prior_auth_id: pa,
        reason_kind: "member_requested",
        reason: "Member will send chart notes",
        days: 14,
        previous_due_at: new Date("2026-10-08T00:00:00Z"),
        new_due_at: new Date("2026-10-22T00:00:00Z"),
        user_id: user,
      },
      { days: 14, new_due_at: new Date("2026-10-22T00:00:00Z"), user_id: user },
    );
    await roundTrip(
      "Appeal",
      {
        organization_id: org,
        prior_auth_id: pa,
        received_at: new Date("2026-10-20T12:00:00Z"),
        appellant: "prescriber",
        recorded_by_id: user,
        outcome: "overturned",
        decision_reason: "New labs",
        decided_by_id: user,
        decided_at: new Date("2026-10-21T12:00:00Z"),
      },
      { notes: "", outcome: "overturned", decided_by_id: user },
    );
    await roundTrip(
      "Claim",
      {
        organization_id: org,
        plan_id: plan,
        patient_name: "Dana Whitfield",
        request_date: "2026-10-01",
        urgency: "expedited",
        due_at: new Date("2026-10-04T00:00:00Z"),
        assignee_id: user,
      },
      { intake_finished: false, intake_step: 0, urgency: "expedited", due_at: new Date("2026-10-04T00:00:00Z"), assignee_id: user },
    );
    await roundTrip(
      "ServiceRequest",
      {
        claim_id: ids.Claim,
        code: "97110",
        units: 4,
        line_number: 2,
        description: "Therapeutic exercise",
        category: "physical_therapy",
        service_date: "2026-10-12",
        service_date_end: "2026-11-30",
        place_of_service: "11",
        site_of_care: "office",
        modifiers: ["GP", "59"],
        ordering_provider: "Priya Raman",
        rendering_provider: "Sam Lee",
      },
      { units: 4, modifiers: ["GP", "59"], code_system: "HCPCS/CPT" },
    );
    await roundTrip(
      "ServiceDecision",
      {
        claim_id: ids.Claim,
        service_request_id: ids.ServiceRequest,
        agent: "builtin",
        reason: "ok",
        approved: true,
        final_decision: "approved",
        metadata: { confidence_score: 0.9 },
        citations: [{ document: "fax", page: 1, text: "x" }],
        decision_tree_traversal: [],
        signed_off_by_id: user,
        signed_off_at: new Date("2026-10-02T00:00:00Z"),
      },
      { approved: true, final_decision: "approved", metadata: { confidence_score: 0.9 } },
    );
    await roundTrip(
      "Letter",
      { organization_id: org, claim_id: ids.Claim, service_request_id: ids.ServiceRequest, denial_reason: "Frequency limit", body: "b" },
      { kind: "denial", prior_auth_id: null },
    );
    // Extensions and appeals of a medical claim (the same models; exactly one case per row, a CHECK constraint)
    const claimExtension = await p.timeFrameExtension.create({
      data: {
        organization_id: org,
        claim_id: ids.Claim,
        reason_kind: "member_requested",
        reason: "r",
        days: 3,
        previous_due_at: new Date(),
        new_due_at: new Date(),
      },
    });
    const claimAppeal = await p.appeal.create({
      data: { organization_id: org, claim_id: ids.Claim, service_request_ids: [ids.ServiceRequest], received_at: new Date(), appellant: "member" },
    });
    expect(await p.appeal.findUniqueOrThrow({ where: { id: claimAppeal.id } })).toMatchObject({
      prior_auth_id: null,
      service_request_ids: [ids.ServiceRequest],
    });
    await expect(p.appeal.create({ data: { organization_id: org, received_at: new Date(), appellant: "member" } })).rejects.toThrow(/appeals_one_case/);
    await expect(
      p.appeal.create({ data: { organization_id: org, prior_auth_id: pa, claim_id: ids.Claim, received_at: new Date(), appellant: "member" } }),
    ).rejects.toThrow(/appeals_one_case/);
    await p.appeal.delete({ where: { id: claimAppeal.id } });
    await p.timeFrameExtension.delete({ where: { id: claimExtension.id } });
    await roundTrip("Prompt", { prompt_type: "extraction", system_prompt: "s", user_prompt: "u", json_schema: { type: "object" } }, { target: "prior_auth" });
    await roundTrip("GroundTruth", { organization_id: org, prior_auth_id: pa, prompt_type: "extraction", expected: { a: 1 } }, { expected: { a: 1 } });
    await roundTrip("ChatThread", { organization_id: org, prior_auth_id: pa }, { prior_auth_id: pa });
    await roundTrip("ChatMessage", { chat_thread_id: ids.ChatThread, content: "What diagnosis?", ai_sender: false }, { streaming: false });
    await roundTrip(
      "Blog",
      { slug: "hello", title: "Hello", description: "First post", body: "# Hi", author_id: ids.User },
      { published: true, body: "# Hi", author_id: ids.User },
    );
    await roundTrip("Job", { name: "system.echo", payload: { note: "x" } }, { status: "queued", attempts: 0 });
    await roundTrip("WorkerProcess", { id: "w1", hostname: "h", pid: 1 }, { pid: 1 });
    await roundTrip("LiveEvent", { channel: "org:1", event: "refresh", data: {} }, { event: "refresh" });
    // AuditEvent is append-only (a trigger refuses UPDATE and DELETE): created and read here, and
    // proven undeletable; the delete loop below skips it.
    await roundTrip(
      "AuditEvent",
      {
        organization_id: org,
        actor_type: "user",
        user_id: user,
        user_email: "rx@acme.test",
        via: "page",
        action: "prior_auth.view",
        method: "GET",
        path: `/o/${org}/prior-auths/${pa}`,
        prior_auth_id: pa,
        ip: "203.0.113.9",
        user_agent: "test",
      },
      { action: "prior_auth.view", ip: "203.0.113.9" },
    );
    await expect(p.auditEvent.delete({ where: { id: ids.AuditEvent } })).rejects.toThrow(/append-only/);

    const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
    const models = [...schema.matchAll(/^model (\w+) /gm)].map((m) => m[1]);
    expect(
      models.filter((m) => !seen.has(m)),
      "models without a round-trip case",
    ).toEqual([]);

    // Delete in reverse dependency order, and prove each row is gone.
    const order = [...seen].reverse();
    for (const model of order) {
      if (model === "RateLimit") continue; // keyed by `key`, deleted above
      if (model === "OcrResult") continue; // keyed by (organization, image hash), deleted above
      if (model === "AuditEvent") continue; // append-only: never deleted
      const delegate = (p as unknown as Record<string, Delegate>)[model[0].toLowerCase() + model.slice(1)];
      const id = model === "Job" || model === "LiveEvent" ? BigInt(ids[model]) : ids[model];
      await delegate.delete({ where: { id } }).catch(async (err: Error) => {
        // Rows removed by an earlier cascade are fine; anything else is a failure.
        if (!/not found|No record|does not exist|P2025/i.test(err.message)) throw err;
      });
      expect(await delegate.findUnique({ where: { id } }), `${model} deleted`).toBeNull();
    }
  });

  it("cascades a prior auth's case data when the organization is deleted", async () => {
    const p = t.database.prisma;
    const o = await p.organization.create({ data: { name: "Tmp" } });
    const pa = await p.priorAuth.create({ data: { organization_id: o.id } });
    await p.patient.create({ data: { organization_id: o.id, prior_auth_id: pa.id, first_name: "A" } });
    await p.organization.delete({ where: { id: o.id } });
    expect(await p.priorAuth.count({ where: { id: pa.id } })).toBe(0);
    expect(await p.patient.count({ where: { prior_auth_id: pa.id } })).toBe(0);
  });
});
