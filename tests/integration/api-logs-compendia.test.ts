/**
 * The /api request log, through the real Express app (createWebApp: the middleware around the React
 * Router handler) over HTTP: one row per call with the caller (API key vs session user), method,
 * path without query, status and duration; probes of another organization are logged without any
 * organization (so nobody's log shows them); retention pruning. And compendium connections: the
 * access key is stored encrypted (AES-256-GCM) and never returned; validation and tenancy.
 */
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createWebApp } from "~/lib/web-app.server";
import { listApiLogs, pruneApiLogs } from "~/api-logs/api-logs.server";
import { openSecret } from "~/lib/secret-box.server";

let t: TestDatabase;
let app: AppHandler;
let server: http.Server;
let base: string;
let orgA: string;
let orgB: string;
let userA: string;
let cookieA: string;
let keyA: { token: string; id: string };
let keyB: string;

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createAppHandler();
  const a = await createOrgWithUser(t.database, { orgName: "Logs A" });
  const b = await createOrgWithUser(t.database, { orgName: "Logs B" });
  orgA = a.organization.id;
  orgB = b.organization.id;
  userA = a.user.id;
  cookieA = await signInCookie(t.database, a.user.id);
  keyA = await createApiKey(t.database, orgA, "integration");
  keyB = (await createApiKey(t.database, orgB)).token;
  server = createWebApp({ build: app.build, trustProxy: "loopback", clientDir: "/nonexistent" }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await app?.close();
  await t?.cleanup();
});

describe("API log", () => {
  it("writes one row per /api call with key or user, method, path, status and duration; nothing for pages", async () => {
    // Rows are written after each response finishes, without awaiting: wait for each one before the
    // next call so that id order is request order (under load a later insert can otherwise win).
    const logged = (n: number) => until(async () => (await t.database.prisma.apiLog.count()) >= n);
    const r1 = await fetch(`${base}/api/o/${orgA}/plans.json?secret=1`, { headers: { Authorization: `Bearer ${keyA.token}` } });
    expect(r1.status).toBe(200);
    await logged(1);
    const r2 = await fetch(`${base}/api/o/${orgA}/webhook_endpoints.json`, { headers: { cookie: cookieA } });
    expect(r2.status).toBe(200);
    await logged(2);
    const r3 = await fetch(`${base}/api/o/${orgA}/webhook_endpoints`, {
      method: "POST",
      headers: { Authorization: `Bearer ${keyA.token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "nope", event_types: [] }),
    });
    expect(r3.status).toBe(422);
    await logged(3);
    // Another organization's key probing A: 404, logged under no organization.
    expect((await fetch(`${base}/api/o/${orgA}/plans.json`, { headers: { Authorization: `Bearer ${keyB}` } })).status).toBe(404);
    await logged(4);
    expect((await fetch(`${base}/api/o/${orgA}/plans.json`)).status).toBe(401);
    await fetch(`${base}/login`);

    const rows = await until(async () => {
      const r = await t.database.prisma.apiLog.findMany({ orderBy: { id: "asc" } });
      return r.length >= 5 ? r : null;
    });
    await new Promise((r) => setTimeout(r, 200));
    const all = await t.database.prisma.apiLog.findMany({ orderBy: { id: "asc" } });
    expect(all).toHaveLength(5); // the /login page is not logged
    expect(all[0]).toMatchObject({
      organization_id: orgA,
      via: "api_key",
      api_key_id: keyA.id,
      user_id: null,
      method: "GET",
      path: `/api/o/${orgA}/plans.json`,
      status: 200,
    });
    expect(all[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(all[1]).toMatchObject({ organization_id: orgA, via: "session", user_id: userA, api_key_id: null, status: 200 });
    expect(all[2]).toMatchObject({ organization_id: orgA, via: "api_key", method: "POST", status: 422 });
    expect(all[3]).toMatchObject({ organization_id: null, status: 404 });
    expect(all[4]).toMatchObject({ organization_id: null, via: "anonymous", status: 401 });
    expect(rows.every((r) => !r.path.includes("?"))).toBe(true);

    const page = await listApiLogs(t.database, orgA, { page: 1 });
    expect(page.total).toBe(3);
    expect(page.logs.map((l) => l.caller)).toEqual([
      "pa_live_" + keyA.token.slice(8, 12) + "•••• (integration)",
      expect.stringContaining("@"),
      "pa_live_" + keyA.token.slice(8, 12) + "•••• (integration)",
    ]);
    expect((await listApiLogs(t.database, orgA, { page: 1, via: "session" })).total).toBe(1);
    expect((await listApiLogs(t.database, orgA, { page: 1, status: "4xx" })).logs.map((l) => l.status)).toEqual([422]);
    expect((await listApiLogs(t.database, orgA, { page: 1, method: "POST" })).total).toBe(1);
    expect((await listApiLogs(t.database, orgA, { page: 1, path: "webhook" })).total).toBe(2);
    expect((await listApiLogs(t.database, orgB, { page: 1 })).total).toBe(0);
  });

  it("the settings page shows the rows to members only (another organization's id → 404)", async () => {
    const html = await (await fetch(`${base}/o/${orgA}/settings/api-logs?via=api_key`, { headers: { cookie: cookieA } })).text();
    expect(html).toContain(`/api/o/${orgA}/plans.json`);
    expect((await fetch(`${base}/o/${orgB}/settings/api-logs`, { headers: { cookie: cookieA } })).status).toBe(404);
  });

  it("prunes rows older than the retention", async () => {
    const old = await t.database.prisma.apiLog.create({
      data: { organization_id: orgA, method: "GET", path: "/api/old", status: 200, duration_ms: 1, created_at: new Date(Date.now() - 31 * 86_400_000) },
    });
    const recent = await t.database.prisma.apiLog.create({
      data: { organization_id: orgA, method: "GET", path: "/api/recent", status: 200, duration_ms: 1, created_at: new Date(Date.now() - 29 * 86_400_000) },
    });
    expect(await pruneApiLogs(t.database, 30)).toBe(1);
    expect(await t.database.prisma.apiLog.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await t.database.prisma.apiLog.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });
});

describe("compendium connections", () => {
  const KEY = "ahfs-live-key-0123456789-abcd";

  it("lists the catalogue", async () => {
    const res = await app.fetch("/api/compendia.json", { headers: { cookie: cookieA } });
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.compendia.map((c: { name: string }) => c.name)).toContain("AHFS Drug Information");
    expect(body.compendia[0]).toHaveProperty("logo");
    expect((await app.fetch("/api/compendia.json")).status).toBe(401);
    expect((await app.fetch("/api/compendia.json", { headers: { Authorization: `Bearer ${keyA.token}` } })).status).toBe(200);
  });

  it("connects with a key that is stored encrypted and never returned; empty key → 422; toggles; other orgs → 404", async () => {
    const auth = { Authorization: `Bearer ${keyA.token}`, "content-type": "application/json" };
    const empty = await app.fetch(`/api/o/${orgA}/compendium_integrations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ compendium_id: "cmp_ahfs_di", access_key: "  " }),
    });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.join(" ")).toMatch(/Access key is required/);
    const unknown = await app.fetch(`/api/o/${orgA}/compendium_integrations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ compendium_id: "nope", access_key: KEY }),
    });
    expect(unknown.status).toBe(404);

    const res = await app.fetch(`/api/o/${orgA}/compendium_integrations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ compendium_id: "cmp_ahfs_di", access_key: KEY }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).compendium.integration).toMatchObject({ active: true, access_key_hint: "••••abcd" });
    const row = await t.database.prisma.compendiumIntegration.findFirstOrThrow({ where: { organization_id: orgA, compendium_id: "cmp_ahfs_di" } });
    expect(row.access_key).not.toContain(KEY);
    expect(row.access_key).toMatch(/^v1:/);
    expect(openSecret(row.access_key, "compendium-access-key")).toBe(KEY);

    const list = await (await app.fetch(`/api/o/${orgA}/compendium_integrations`, { headers: { cookie: cookieA } })).text();
    expect(list).not.toContain(KEY);
    expect(list).not.toContain(row.access_key);
    const off = await app.fetch(`/api/o/${orgA}/compendium_integrations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ compendium_id: "cmp_ahfs_di", active: false }),
    });
    expect((await off.json()).compendium.integration.active).toBe(false);

    // Tenancy: B's key cannot read or write A's connections; B sees none of its own.
    expect((await app.fetch(`/api/o/${orgA}/compendium_integrations`, { headers: { Authorization: `Bearer ${keyB}` } })).status).toBe(404);
    expect(
      (
        await app.fetch(`/api/o/${orgA}/compendium_integrations`, {
          method: "POST",
          headers: { Authorization: `Bearer ${keyB}`, "content-type": "application/json" },
          body: JSON.stringify({ compendium_id: "cmp_ahfs_di", access_key: "x" }),
        })
      ).status,
    ).toBe(404);
    const bList = await (await app.fetch(`/api/o/${orgB}/compendium_integrations`, { headers: { Authorization: `Bearer ${keyB}` } })).json();
    expect(bList.compendia.every((c: { integration: unknown }) => c.integration === null)).toBe(true);
  });

  it("the page connects with a success message (not the spec's inverted text)", async () => {
    const form = new URLSearchParams({ intent: "connect", compendium_id: "cmp_nccn", access_key: "nccn-key-value-9999" });
    const res = await app.fetch(`/o/${orgA}/compendiums`, {
      method: "POST",
      headers: { cookie: cookieA, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(res.status).toBe(302);
    const toastCookie = res.headers.get("set-cookie") ?? "";
    expect(toastCookie).toBeTruthy();
    const page = await app.fetch(`/o/${orgA}/compendiums`, { headers: { cookie: `${cookieA}; ${toastCookie.split(";")[0]}` } });
    const html = await page.text();
    expect(html).toContain("Connected to NCCN Drugs &amp; Biologics Compendium");
    expect(html).not.toContain("Connection failed");
    expect(html).not.toContain("nccn-key-value-9999");
  });
});
