/**
 * Settings → Organization → Decisions: "A denial requires a clinical reviewer's sign-off"
 * (GET/PATCH /api/o/{org}/decision_settings, app/organizations/decision-settings.server.ts):
 *  - on by default, for a new organization and as the column's default;
 *  - locked on while the built-in engine decides (the reason says so), and while a model decides;
 *  - an administrator's request to turn it off is refused with 409 and the reason, and nothing is
 *    stored; turning it on is accepted;
 *  - roles: a reviewer (no team.manage) and an API key without team.manage get 403 on PATCH, and
 *    may read it; another organization's administrator gets 404;
 * What it reflects is enforced and tested where it happens: an AI denial stays A4 until a clinical
 * reviewer signs off (fhir-pas-submit.test.ts), a letter needs the sign-off (letters.test.ts).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { setDatabase } from "~/lib/db.server";
import { resetEnvForTests } from "~/env.server";
import { getDecisionSettings, updateDecisionSettings } from "~/organizations/decision-settings.server";

let t: TestDatabase;
let app: AppHandler;
let orgA = "";
let adminA = "";
let reviewerA = "";
let adminB = "";
let keyA = "";

beforeAll(async () => {
  t = await createTestDatabase();
  setDatabase(t.database);
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Settings A" });
  const b = await createOrgWithUser(t.database, { orgName: "Settings B" });
  orgA = a.organization.id;
  adminA = await signInCookie(t.database, a.user.id);
  adminB = await signInCookie(t.database, b.user.id);
  const reviewer = await t.database.prisma.user.create({ data: { email: `rev-${crypto.randomUUID()}@example.test`, username: "Reviewer A" } });
  await t.database.prisma.membership.create({ data: { user_id: reviewer.id, organization_id: orgA, roles: ["reviewer", "clinical_reviewer"] } });
  reviewerA = await signInCookie(t.database, reviewer.id);
  keyA = (await createApiKey(t.database, orgA)).token;
}, 300_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

function call(method: "GET" | "PATCH", headers: Record<string, string>, body?: unknown, org = orgA) {
  return app.fetch(`/api/o/${org}/decision_settings`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe("decision settings: a denial requires a clinical reviewer's sign-off", () => {
  it("is on by default and locked while the built-in engine decides, with the reason", async () => {
    const row = await t.database.prisma.organization.findUniqueOrThrow({ where: { id: orgA } });
    expect(row.denial_requires_sign_off).toBe(true);
    const res = await call("GET", { Cookie: adminA });
    expect(res.status).toBe(200);
    const { decision_settings: s } = await res.json();
    expect(s).toMatchObject({ denial_requires_sign_off: true, locked: true, decision_engine: { builtin: true } });
    expect(s.locked_reason).toMatch(/built-in clinical engine decides .* cannot be turned off/);
  });

  it("refuses an administrator's request to turn it off (409, the reason) and stores nothing; turning it on is accepted", async () => {
    const off = await call("PATCH", { Cookie: adminA }, { denial_requires_sign_off: false });
    expect(off.status).toBe(409);
    const body = await off.json();
    expect(body.success).toBe(false);
    expect(body.errors.join(" ")).toMatch(/built-in clinical engine .* cannot be turned off/);
    expect((await t.database.prisma.organization.findUniqueOrThrow({ where: { id: orgA } })).denial_requires_sign_off).toBe(true);
    const on = await call("PATCH", { Cookie: adminA }, { denial_requires_sign_off: true });
    expect(on.status).toBe(200);
    expect((await on.json()).decision_settings.denial_requires_sign_off).toBe(true);
    expect((await call("PATCH", { Cookie: adminA }, { denial_requires_sign_off: "no" })).status).toBe(422);
  });

  it("a reviewer, even a clinical one, and an API key without team.manage cannot change it; both can read it", async () => {
    expect((await call("PATCH", { Cookie: reviewerA }, { denial_requires_sign_off: true })).status).toBe(403);
    expect((await call("PATCH", { Authorization: `Bearer ${keyA}` }, { denial_requires_sign_off: false })).status).toBe(403);
    expect((await call("GET", { Cookie: reviewerA })).status).toBe(200);
    expect((await call("GET", { Authorization: `Bearer ${keyA}` })).status).toBe(200);
    expect((await call("GET", {})).status).toBe(401);
  });

  it("another organization's administrator gets 404 for this organization's settings", async () => {
    expect((await call("GET", { Cookie: adminB })).status).toBe(404);
    expect((await call("PATCH", { Cookie: adminB }, { denial_requires_sign_off: false })).status).toBe(404);
  });

  it("stays locked while a model decides the cases, naming the model", async () => {
    const saved = { url: process.env.OPENAI_BASE_URL, model: process.env.OPENAI_MODEL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:9/v1";
    process.env.OPENAI_MODEL = "gpt-test";
    process.env.OPENAI_API_KEY = "test-key";
    resetEnvForTests();
    try {
      const s = await getDecisionSettings(t.database, orgA);
      expect(s).toMatchObject({ locked: true, decision_engine: { builtin: false, name: "model gpt-test" } });
      expect(s.locked_reason).toMatch(/AI model \(model gpt-test\) decides/);
      await expect(updateDecisionSettings(t.database, orgA, { denial_requires_sign_off: false })).rejects.toMatchObject({ code: "conflict" });
    } finally {
      for (const [k, v] of [
        ["OPENAI_BASE_URL", saved.url],
        ["OPENAI_MODEL", saved.model],
        ["OPENAI_API_KEY", saved.key],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      resetEnvForTests();
    }
  });
});
