/**
 * Issue 8, defect 7: /api must not act on cross-site requests that carry the browser's cookies.
 * A state-changing /api call needs an API key, or a JSON body, or a same-origin Origin; a
 * cookie-authenticated call from another Origin (or another site per Sec-Fetch-Site) is refused
 * with 403 JSON, whatever its content type. Multipart uploads from the app's own pages
 * (same-origin Origin) and API-key integrations keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";

let tdb: TestDatabase;
let app: AppHandler;
let orgId: string;
let cookie: string;
let apiKey: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(tdb.database);
  orgId = a.organization.id;
  cookie = await signInCookie(tdb.database, a.user.id);
  apiKey = (await createApiKey(tdb.database, orgId)).token;
});

afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

const PLAN = {
  title: "Gold PPO",
  identification: "GOLD-1",
  document_type: "pharmacy",
  line_of_business: "Commercial",
  plan_type: "PPO",
  state: "IL",
  effective_date: "2026-01-01",
  is_active: "true",
};
const EVIL = "https://evil.example";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function planCount(): Promise<number> {
  return tdb.database.prisma.plan.count({ where: { organization_id: orgId } });
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ success: false, errors: ["Cross-site request refused"] });
}

describe("cross-site requests to /api", () => {
  it("refuses a cross-site form post (urlencoded, multipart, text/plain) with the session cookie and changes nothing", async () => {
    const before = await planCount();
    const url = `/api/o/${orgId}/plans`;
    await expectRefused(
      await app.fetch(url, {
        method: "POST",
        headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(PLAN).toString(),
      }),
    );
    await expectRefused(await app.fetch(url, { method: "POST", headers: { Cookie: cookie, Origin: EVIL }, body: form(PLAN) }));
    await expectRefused(
      await app.fetch(url, { method: "POST", headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "text/plain" }, body: JSON.stringify(PLAN) }),
    );
    // Even JSON is refused from another origin (CORS could be opened one day).
    await expectRefused(
      await app.fetch(url, { method: "POST", headers: { Cookie: cookie, Origin: EVIL, "Content-Type": "application/json" }, body: JSON.stringify(PLAN) }),
    );
    await expectRefused(await app.fetch(url, { method: "POST", headers: { Cookie: cookie, Origin: "null" }, body: form(PLAN) }));
    // A browser that sends no Origin but says the request is cross-site.
    await expectRefused(
      await app.fetch(new Request(`http://localhost${url}`, { method: "POST", headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" }, body: form(PLAN) })),
    );
    // No Origin at all (old browser, or a form post stripped of it): only JSON is accepted.
    const noOrigin = new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(PLAN).toString(),
    });
    await expectRefused(await app.fetch(noOrigin));
    expect(await planCount()).toBe(before);
  });

  it("refuses cross-site posts to the DELETE/PATCH-style and sign-off endpoints too", async () => {
    const plan = await tdb.database.prisma.plan.create({
      data: {
        organization_id: orgId,
        title: "Keep me",
        identification: "KEEP",
        line_of_business: "Commercial",
        plan_type: "PPO",
        state: "IL",
        effective_date: new Date("2026-01-01"),
      },
    });
    await expectRefused(await app.fetch(`/api/o/${orgId}/plans/${plan.id}`, { method: "DELETE", headers: { Cookie: cookie, Origin: EVIL } }));
    expect(await tdb.database.prisma.plan.count({ where: { id: plan.id } })).toBe(1);
  });

  it("refuses cross-site sign-in steps (login CSRF)", async () => {
    await expectRefused(
      await app.fetch("/api/check_account", {
        method: "POST",
        headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=a%40example.test",
      }),
    );
    await expectRefused(
      await app.fetch("/api/verify_code", {
        method: "POST",
        headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
        body: "code=123456",
      }),
    );
  });

  it("accepts the app's own pages (same-origin Origin, multipart), JSON clients and API keys", async () => {
    const before = await planCount();
    const url = `/api/o/${orgId}/plans`;
    const own = await app.fetch(url, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
      body: form(PLAN),
    });
    expect(own.status).toBe(200);
    const jsonClient = new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ ...PLAN, is_active: true }),
    });
    const json = await app.fetch(jsonClient);
    expect(json.status).toBe(200);
    const key = await app.fetch(url, { method: "POST", headers: { Authorization: `Bearer ${apiKey}`, Origin: EVIL }, body: form(PLAN) });
    expect(key.status).toBe(200);
    expect(await planCount()).toBe(before + 3);
    // Reads are not affected.
    expect((await app.fetch(`/api/o/${orgId}/plans.json`, { headers: { Cookie: cookie, Origin: EVIL } })).status).toBe(200);
  });
});
