/**
 * Developer tooling for medical claims through the real request handler: GET /api/claim_prompts.json,
 * POST /api/o/{org}/claims/{id}/run_prompt (evaluation mode: the claim's lines and decisions, a
 * reviewer's override included, are unchanged), claim ground truths and their replay
 * (evaluateGroundTruths: per-line decision, code and units agreement). Tenancy (404 for another
 * organization's claim), permission (403 for a role without cases.write, like the prior-auth
 * run_prompt) and bad input ({success:false, errors}) for both routes.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { runClaimIntake } from "~/claims/run-claim-intake.server";
import { overrideServiceLine } from "~/claims/claim-review.server";
import { createClaimGroundTruth } from "~/prompts/claim-prompts.server";
import { listGroundTruths } from "~/prompts/prompts.server";
import { evaluateGroundTruths } from "~/evaluation/evaluate-ground-truths.server";
import { ClaimPromptResponseSchema, RunPromptResponseSchema } from "~/prompts/schemas";
import { seedClaimsDemo } from "../../prisma/seed-claims.server";

const SET = path.resolve("fixtures/eval/claims");
let t: TestDatabase;
let app: AppHandler;
let orgId = "";
let otherOrgId = "";
let userId = "";
let key = "";
let otherKey = "";
let authorCookie = "";
let claimId = "";
let lineId = "";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Claim prompts A" });
  const b = await createOrgWithUser(t.database, { orgName: "Claim prompts B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  userId = a.user.id;
  key = (await createApiKey(t.database, orgId)).token;
  otherKey = (await createApiKey(t.database, otherOrgId)).token;
  // a policy author reads cases but may not write them (no cases.write)
  const author = await t.database.prisma.user.create({ data: { email: `author-${Date.now()}@example.test`, username: "Policy Author" } });
  await t.database.prisma.membership.create({ data: { user_id: author.id, organization_id: orgId, roles: ["policy_author"] } });
  authorCookie = await signInCookie(t.database, author.id);
  await seedClaimsDemo(t.database, orgId, { setDir: SET, samples: false, inlineTrees: true });

  const form = new FormData();
  form.set("submission_type", "fax");
  form.set("fax.file", new Blob([fs.readFileSync(path.join(SET, "cases", "claim-008", "fax.pdf"))], { type: "application/pdf" }), "claim-008.pdf");
  const created = await (await app.fetch(`/api/o/${orgId}/claims`, { method: "POST", headers: api(key), body: form })).json();
  claimId = created.claim.token;
  await runClaimIntake(t.database, claimId);
  lineId = (await t.database.prisma.serviceRequest.findFirstOrThrow({ where: { claim_id: claimId } })).id;
}, 240_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const api = (k: string) => ({ Authorization: `Bearer ${k}` });
const runPrompt = (body: unknown, opts: { org?: string; k?: string; headers?: Record<string, string> } = {}) =>
  app.fetch(`/api/o/${opts.org ?? orgId}/claims/${claimId}/run_prompt`, {
    method: "POST",
    headers: { ...(opts.headers ?? api(opts.k ?? key)), "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The claim's stored lines and decisions, for before/after comparisons. */
async function storedClaim() {
  const [lines, decisions, claim] = await Promise.all([
    t.database.prisma.serviceRequest.findMany({ where: { claim_id: claimId }, orderBy: { id: "asc" } }),
    t.database.prisma.serviceDecision.findMany({ where: { claim_id: claimId }, orderBy: { id: "asc" } }),
    t.database.prisma.claim.findUniqueOrThrow({ where: { id: claimId } }),
  ]);
  return { lines, decisions, claim: { ...claim, updated_at: null } };
}

describe("GET /api/claim_prompts.json", () => {
  it("serves each claim prompt in the prior-auth prompts.json shape", async () => {
    const res = await app.fetch("/api/claim_prompts.json?prompt_type=service_lines", { headers: api(key) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    const prompt = ClaimPromptResponseSchema.parse(body);
    expect(prompt.prompt_type).toBe("service_lines");
    expect(prompt.system_prompt).toMatch(/HCPCS/);
    expect(prompt.variables).toEqual(["page_count", "document"]);
    expect((prompt.json_schema.properties as Record<string, unknown>).service_lines).toBeDefined();
    for (const type of ["extraction", "clinical_review", "audit", "decision"]) {
      const r = await app.fetch(`/api/claim_prompts.json?prompt_type=${type}`, { headers: api(otherKey) });
      expect(r.status, type).toBe(200);
      expect((await r.json()).prompt_type).toBe(type);
    }
  });

  it("answers bad input and no credentials with {success:false, errors}", async () => {
    for (const q of ["prompt_type=bogus", "prompt_type=eligibility", "prompt_type=", ""]) {
      const res = await app.fetch(`/api/claim_prompts.json?${q}`, { headers: api(key) });
      expect(res.status, q).toBe(422);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.errors[0]).toMatch(/Unknown prompt_type/);
    }
    const anon = await app.fetch("/api/claim_prompts.json?prompt_type=decision");
    expect(anon.status).toBe(401);
    expect((await anon.json()).success).toBe(false);
  });
});

describe("POST /api/o/{org}/claims/{id}/run_prompt", () => {
  it("re-runs a stage on the stored document and returns its output (built-in engine)", async () => {
    const lines = await runPrompt({ prompt_type: "service_lines" });
    expect(lines.status).toBe(200);
    const body = RunPromptResponseSchema.parse(await lines.json());
    expect(body.engine).toBe("builtin");
    expect(body.data).toEqual([expect.objectContaining({ line_number: 1, code: "E0601", units: 1, modifiers: ["NU"], place_of_service: "12" })]);

    const decision = RunPromptResponseSchema.parse(await (await runPrompt({ prompt_type: "decision" })).json());
    expect(decision.data).toEqual([expect.objectContaining({ line_number: 1, code: "E0601", units: 1, final_decision: "denied" })]);

    const facts = (await (await runPrompt({ prompt_type: "extraction" })).json()).data;
    expect(facts.patient.last_name).toBe("Reyes");
    expect(facts.diagnoses.map((d: { code: string }) => d.code)).toContain("G47.33");
  });

  it("changes none of the claim's lines or decisions, and never a reviewer's override", async () => {
    await overrideServiceLine(t.database, orgId, claimId, lineId, { decision_type: "approve", reason: "Peer-to-peer: repeat study AHI 22", userId });
    const before = await storedClaim();
    expect(before.decisions.map((d) => d.agent).sort()).toEqual(["builtin", "human"]);
    for (const prompt_type of ["extraction", "service_lines", "clinical_review", "audit", "decision"]) {
      const res = await runPrompt({ prompt_type, evaluation_mode: true });
      expect(res.status, prompt_type).toBe(200);
    }
    expect(await storedClaim()).toEqual(before);
    const human = before.decisions.find((d) => d.agent === "human")!;
    expect(await t.database.prisma.serviceDecision.findUniqueOrThrow({ where: { id: human.id } })).toMatchObject({ final_decision: "approved" });
  });

  it("scores the output against the claim's latest ground truth in evaluation mode", async () => {
    const none = await (await runPrompt({ prompt_type: "audit", evaluation_mode: true })).json();
    expect(none.evaluation).toMatchObject({ ground_truth_id: null, score: null, message: expect.stringMatching(/claim/) });
    const gt = await createClaimGroundTruth(
      t.database,
      orgId,
      { claim_id: claimId, prompt_type: "service_lines", expected: [{ line_number: 1, code: "E0601", units: 2 }], notes: "units corrected" },
      userId,
    );
    expect(gt).toMatchObject({ kind: "claim", claim_id: claimId, prior_auth_id: null, prompt_type: "service_lines" });
    const scored = await (await runPrompt({ prompt_type: "service_lines", evaluation_mode: "on" })).json();
    expect(scored.evaluation).toMatchObject({ ground_truth_id: gt.token, matched: 2, total: 3 });
    expect(scored.evaluation.diff).toContainEqual({ path: "[0].units", expected: 2, actual: 1, match: false });
  });

  it("answers 404 for another organization's claim and 403 for a role without cases.write", async () => {
    const other = await runPrompt({ prompt_type: "decision" }, { org: otherOrgId, k: otherKey });
    expect(other.status).toBe(404);
    expect((await other.json()).success).toBe(false);
    const author = await runPrompt({ prompt_type: "decision" }, { headers: { Cookie: authorCookie } });
    expect(author.status).toBe(403);
    expect(await author.json()).toMatchObject({ success: false, errors: [expect.any(String)] });
    expect((await runPrompt({ prompt_type: "decision" }, { headers: {} })).status).toBe(401);
    await expect(createClaimGroundTruth(t.database, otherOrgId, { claim_id: claimId, prompt_type: "decision", expected: [] }, null)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("answers bad input with {success:false, errors}", async () => {
    for (const body of [{}, { prompt_type: "bogus" }, { prompt_type: "eligibility" }, { prompt_type: "decision", system_prompt: 5 }, "{not json", "[]"]) {
      const res = await runPrompt(body);
      expect([400, 422], JSON.stringify(body)).toContain(res.status);
      const json = await res.json();
      expect(json.success).toBe(false);
      expect(json.errors.length).toBeGreaterThan(0);
    }
    await expect(createClaimGroundTruth(t.database, orgId, { claim_id: claimId, prompt_type: "decision", expected: "{not json" }, null)).rejects.toMatchObject({
      message: "Expected output must be JSON",
    });
  });
});

describe("ground-truth replay", () => {
  it("replays claim ground truths beside prior-auth ones with per-line decision, code and units accuracy", async () => {
    await t.database.prisma.groundTruth.deleteMany({ where: { organization_id: orgId } });
    // the reviewer expects an approval (the AI denies): decision wrong, code and units right
    await createClaimGroundTruth(
      t.database,
      orgId,
      { claim_id: claimId, prompt_type: "decision", expected: [{ line_number: 1, code: "E0601", units: 1, final_decision: "approved" }] },
      userId,
    );
    await createClaimGroundTruth(t.database, orgId, { claim_id: claimId, prompt_type: "extraction", expected: { patient: { last_name: "Reyes" } } }, userId);
    expect((await listGroundTruths(t.database, orgId)).every((g) => g.kind === "claim")).toBe(true);

    const { rows, mean_by_prompt_type, claims } = await evaluateGroundTruths(t.database, orgId);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === "claim" && r.case_id === claimId && !r.error)).toBe(true);
    const decision = rows.find((r) => r.prompt_type === "decision")!;
    expect(decision.lines).toEqual({ lines: 1, decisions: 1, decisions_matched: 0, codes: 1, codes_matched: 1, units: 1, units_matched: 1 });
    expect(decision.mismatches).toEqual([{ path: "[0].final_decision", expected: "approved", actual: "denied" }]);
    expect(mean_by_prompt_type).toEqual({});
    expect(claims).toMatchObject({
      ground_truths: 2,
      mean_by_prompt_type: { decision: 0.75, extraction: 1 },
      line_decision_accuracy: 0,
      code_accuracy: 1,
      units_accuracy: 1,
      lines: 1,
    });
    // another organization's replay sees none of them
    expect((await evaluateGroundTruths(t.database, otherOrgId)).rows).toHaveLength(0);
  });
});
