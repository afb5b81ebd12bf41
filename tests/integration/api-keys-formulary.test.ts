/**
 * Issue 24 item E: GET /api/o/{org}/api_keys and GET /api/o/{org}/formulary_drug_requirements.json
 * answered 404 (PRODUCT-SPEC §7). Both exist now with the tenancy and permission checks of the other
 * /api routes: API keys need keys.manage (a reviewer and a default-scoped key get 403), never show
 * a secret, are created by a signed-in person only and deleted per organization; the formulary list
 * and detail are readable by any member or key of the organization; another organization is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { callRoute } from "./api-prior-auths.seed";
import * as keysRoute from "~/routes/api/api-keys/collection";
import * as keyRoute from "~/routes/api/api-keys/item";
import * as formularyRoute from "~/routes/api/formulary/collection";
import * as formularyItemRoute from "~/routes/api/formulary/item";

let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let ownerCookie: string;
let reviewerCookie: string;
let otherCookie: string;
let apiKey: { token: string; id: string };
let otherKey: { token: string; id: string };
let requirementId: string;
let otherRequirementId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOrgWithUser(t.database, { orgName: "Keys org" });
  const b = await createOrgWithUser(t.database, { orgName: "Other keys org" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  ownerCookie = await signInCookie(t.database, a.user.id);
  otherCookie = await signInCookie(t.database, b.user.id);
  const reviewer = await t.database.prisma.user.create({ data: { email: "rev@keys.test", username: "Rev" } });
  await t.database.prisma.membership.create({ data: { user_id: reviewer.id, organization_id: orgId, roles: ["reviewer"] } });
  reviewerCookie = await signInCookie(t.database, reviewer.id);
  apiKey = await createApiKey(t.database, orgId);
  otherKey = await createApiKey(t.database, otherOrgId);
  const row = (org: string, drug: string) =>
    t.database.prisma.formularyDrugRequirement.create({
      data: { organization_id: org, drug_name: drug, ndc: "00074-4339-02", tier: 5, quantity_limit: { amount: 2, unit: "pens", period_days: 28 } },
    });
  requirementId = (await row(orgId, "Humira")).id;
  otherRequirementId = (await row(otherOrgId, "Enbrel")).id;
});

afterAll(async () => {
  await t?.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const as = (cookie: string, body?: unknown) => ({ headers: { Cookie: cookie }, ...(body === undefined ? {} : { body }) });
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe("GET/POST/DELETE /api/o/{org}/api_keys", () => {
  it("lists the organization's keys without secrets; needs keys.manage; other organization 404", async () => {
    const res = await callRoute(keysRoute, "GET", `/api/o/${orgId}/api_keys`, { orgId }, as(ownerCookie));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.api_keys.map((k: { token: string }) => k.token)).toEqual([apiKey.id]);
    expect(JSON.stringify(body)).not.toContain(apiKey.token);
    expect(body.api_keys[0]).toMatchObject({ status: "Active", revoked: false });
    expect((await callRoute(keysRoute, "GET", `/api/o/${orgId}/api_keys.json`, { orgId }, as(reviewerCookie))).status).toBe(403);
    expect((await callRoute(keysRoute, "GET", `/api/o/${orgId}/api_keys`, { orgId }, bearer(apiKey.token))).status).toBe(403);
    expect((await callRoute(keysRoute, "GET", `/api/o/${otherOrgId}/api_keys`, { orgId: otherOrgId }, as(ownerCookie))).status).toBe(404);
    expect((await callRoute(keysRoute, "GET", `/api/o/${orgId}/api_keys`, { orgId })).status).toBe(401);
  });

  it("creates a key once (plaintext returned), capped to the creator; deletes only its own organization's keys", async () => {
    const res = await callRoute(
      keysRoute,
      "POST",
      `/api/o/${orgId}/api_keys`,
      { orgId },
      as(ownerCookie, { name: "CI", scopes: ["cases.read", "denials.sign_off"] }),
    );
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created.token).toMatch(/^pa_live_/);
    expect(created.api_key).toMatchObject({ name: "CI", scopes: ["cases.read"] });
    const other = await callRoute(keyRoute, "DELETE", `/api/o/${orgId}/api_keys/${otherKey.id}`, { orgId, keyId: otherKey.id }, as(ownerCookie));
    expect(other.status).toBe(404);
    expect(await t.database.prisma.apiKey.count({ where: { id: otherKey.id } })).toBe(1);
    const del = await callRoute(
      keyRoute,
      "DELETE",
      `/api/o/${orgId}/api_keys/${created.api_key.token}`,
      { orgId, keyId: created.api_key.token },
      as(ownerCookie),
    );
    expect(del.status).toBe(200);
    expect(await t.database.prisma.apiKey.count({ where: { id: created.api_key.token } })).toBe(0);
    expect((await callRoute(keyRoute, "DELETE", `/api/o/${orgId}/api_keys/${apiKey.id}`, { orgId, keyId: apiKey.id }, as(reviewerCookie))).status).toBe(403);
  });
});

describe("GET /api/o/{org}/formulary_drug_requirements.json", () => {
  it("lists the organization's requirements for members and keys; other organization 404", async () => {
    for (const who of [as(ownerCookie), as(reviewerCookie), bearer(apiKey.token)]) {
      const res = await callRoute(formularyRoute, "GET", `/api/o/${orgId}/formulary_drug_requirements.json`, { orgId }, who);
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.formulary_drug_requirements).toEqual([expect.objectContaining({ token: requirementId, drug_name: "Humira", tier: 5, ndc: "00074-4339-02" })]);
    }
    expect(
      (await callRoute(formularyRoute, "GET", `/api/o/${otherOrgId}/formulary_drug_requirements.json`, { orgId: otherOrgId }, bearer(apiKey.token))).status,
    ).toBe(404);
    expect((await callRoute(formularyRoute, "GET", `/api/o/${orgId}/formulary_drug_requirements.json`, { orgId }, as(otherCookie))).status).toBe(404);
  });

  it("reads one requirement; another organization's id is 404", async () => {
    const res = await callRoute(
      formularyItemRoute,
      "GET",
      `/api/o/${orgId}/formulary_drug_requirements/${requirementId}.json`,
      { orgId, requirementId: `${requirementId}.json` },
      bearer(apiKey.token),
    );
    expect(res.status).toBe(200);
    expect(JSON.stringify(await json(res))).toContain("Humira");
    const other = await callRoute(
      formularyItemRoute,
      "GET",
      `/api/o/${orgId}/formulary_drug_requirements/${otherRequirementId}.json`,
      { orgId, requirementId: `${otherRequirementId}.json` },
      bearer(apiKey.token),
    );
    expect(other.status).toBe(404);
  });
});
