/**
 * The prior-auth /api through the real React Router request handler (route matching included):
 * `/prior_auths/{token}.json` reaches the detail route, signed fax links and letter PDFs download,
 * DELETE reaches the item route, and /docs/api renders the OpenAPI document as HTML.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { seedReviewedCase } from "./api-prior-auths.seed";
let t: TestDatabase;
let app: AppHandler;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});
it("matches every URL to the right route and answers it", async () => {
  const a = await createOrgWithUser(t.database);
  const cookie = await signInCookie(t.database, a.user.id);
  const org = a.organization.id;
  const { priorAuthId } = await seedReviewedCase(t.database, org, { aiDecision: "denied" });
  const h = { headers: { Cookie: cookie } };
  const d = await app.fetch(`/api/o/${org}/prior_auths/${priorAuthId}.json`, h);
  expect(d.status).toBe(200);
  const detail = await d.json();
  expect(detail.prior_auth.token).toBe(priorAuthId);
  const f = await app.fetch(detail.fax.s3_signed_url);
  expect(f.status).toBe(200);
  expect(f.headers.get("content-type")).toBe("application/pdf");
  const l = await app.fetch(`/api/o/${org}/prior_auths.json?per_page=5`, h);
  expect((await l.json()).pagination.per_page).toBe(5);
  const runs = await app.fetch(`/api/o/${org}/prior_auths/${priorAuthId}/ai_agent_runs.json`, h);
  expect(runs.status).toBe(200);
  const letter = await app.fetch(`/api/o/${org}/prior_auths/${priorAuthId}/generate_denial_letter`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ clinician_sign_off: true }),
  });
  const lj = await letter.json();
  expect(letter.status, JSON.stringify(lj)).toBe(200);
  const pdf = await app.fetch(lj.denial_letter.pdf_url, h);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get("content-type")).toBe("application/pdf");
  const docs = await app.fetch("/docs/api", { headers: { Accept: "text/html" } });
  expect(docs.status).toBe(200);
  const html = await docs.text();
  expect(html).toContain("PA Review API");
  expect(html).toContain("/api/o/{orgId}/prior_auths.json");
  const dj = await app.fetch("/docs/api.json");
  expect((await dj.json()).openapi).toBe("3.1.0");
  const del = await app.fetch(`/api/o/${org}/prior_auths/${priorAuthId}`, { method: "DELETE", headers: { Cookie: cookie } });
  expect(del.status).toBe(200);
  const p = await app.fetch(`/api/prompts.json?prompt_type=decision`, h);
  expect(p.status).toBe(200);
}, 120_000);
