/**
 * GET /api/logged_in_user.json with an API key answers with the key's identity and organization
 * (issue 13: it used to answer 401 to a key); a revoked or unknown key is still 401.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import * as me from "~/routes/api/session/logged-in-user";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

it("an API key is answered with the key's identity; revoked and unknown keys get 401", async () => {
  const a = await createOrgWithUser(t.database, { orgName: "Key Org" });
  const key = await createApiKey(t.database, a.organization.id, "integration key");
  const res = await callRoute(me, "GET", "/api/logged_in_user.json", {}, { headers: { Authorization: `Bearer ${key.token}` } });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({
    success: true,
    current_user: { username: "integration key", email: null, avatar: null },
    organization: { token: a.organization.id, name: "Key Org" },
  });
  expect(body.current_user.api_key.token_prefix).toBe(key.token.slice(0, body.current_user.api_key.token_prefix.length));

  await t.database.prisma.apiKey.updateMany({ where: { organization_id: a.organization.id }, data: { revoked: true } });
  const revoked = await callRoute(me, "GET", "/api/logged_in_user.json", {}, { headers: { Authorization: `Bearer ${key.token}` } });
  expect(revoked.status).toBe(401);
  const unknown = await callRoute(me, "GET", "/api/logged_in_user.json", {}, { headers: { Authorization: "Bearer pa_live_nope" } });
  expect(unknown.status).toBe(401);
  expect(await unknown.json()).toMatchObject({ success: false, errors: ["Invalid API key"] });
});
