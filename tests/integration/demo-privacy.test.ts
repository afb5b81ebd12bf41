/**
 * The public demo stores nothing of a visitor (issue 23, item 7), through the real Express app over
 * HTTP: its /api calls are logged without the client address (other /api calls keep theirs), its
 * run limit is keyed by a fingerprint that does not contain the address, and every demo page says
 * so.
 */
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createWebApp } from "~/lib/web-app.server";
import { isPublicDemoPath } from "~/api-logs/api-logs.server";
import { DEMO_PRIVACY_NOTICE } from "~/demo/demo-kinds";
import { demoClientFingerprint } from "~/demo/run-demo.server";
import { seedPublicDemoOrganization } from "../../prisma/seed-public.server";

let t: TestDatabase;
let app: AppHandler;
let server: http.Server;
let base: string;
let demoOrgId: string;
// A documentation address (RFC 5737), sent through the trusted loopback proxy as X-Forwarded-For.
const VISITOR = "203.0.113.77";

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
  demoOrgId = await seedPublicDemoOrganization(t.database);
  server = createWebApp({ build: app.build, trustProxy: "loopback", clientDir: "/nonexistent" }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000); // seeding the demo organization renders its policies and trees: slow on a loaded machine

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await app?.close();
  await t?.cleanup();
});

describe("the public demo and visitors' addresses", () => {
  it("tells the demo's API paths from the others", () => {
    for (const p of ["/api/demos.json", "/api/demo_faxes.json", "/api/demo_faxes/demo-001.pdf", `/api/demo/${"x".repeat(25)}/run`, "/api/demo"]) {
      expect(isPublicDemoPath(p), p).toBe(true);
    }
    for (const p of ["/api/o/abc/prior_auths.json", "/api/demonstration", "/api/session", "/demo/abc"]) expect(isPublicDemoPath(p), p).toBe(false);
  });

  it("logs demo API calls without the address and keys the run limit by a fingerprint; other /api calls keep it", async () => {
    const headers = { "X-Forwarded-For": VISITOR };
    expect((await fetch(`${base}/api/demos.json`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/api/demo_faxes/demo-001.pdf`, { headers })).status).toBe(200);
    // A run with a bad kind: answered 422 after the run limit counted it (no agent runs).
    const run = await fetch(`${base}/api/demo/${demoOrgId}/run`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ kind: "nope" }),
    });
    expect(run.status).toBe(422);
    // Not the demo: an anonymous probe of an organization's API keeps its address (abuse forensics).
    expect((await fetch(`${base}/api/o/${demoOrgId}/plans.json`, { headers })).status).toBe(401);

    const rows = await until(async () => {
      const r = await t.database.prisma.apiLog.findMany({ orderBy: { id: "asc" } });
      return r.length >= 4 ? r : null;
    });
    const demoRows = rows.filter((r) => isPublicDemoPath(r.path));
    expect(demoRows).toHaveLength(3);
    expect(demoRows.map((r) => r.ip)).toEqual([null, null, null]);
    expect(rows.find((r) => !isPublicDemoPath(r.path))?.ip).toBe(VISITOR);

    const limits = await t.database.query<{ key: string }>(`SELECT key FROM rate_limits`);
    expect(limits.map((l) => l.key)).toContain(`demo:run:client:${demoClientFingerprint(VISITOR)}`);
    expect(limits.some((l) => l.key.includes(VISITOR))).toBe(false);
    expect(demoClientFingerprint(VISITOR)).toMatch(/^[0-9a-f]{32}$/);
    expect(demoClientFingerprint(VISITOR)).not.toBe(demoClientFingerprint("203.0.113.78"));
  });

  it("every demo page says that no address is stored", async () => {
    for (const path of [`/demo/${demoOrgId}`, `/demo/${demoOrgId}/intake`]) {
      const html = await (await app.fetch(path)).text();
      expect(html, path).toContain(DEMO_PRIVACY_NOTICE);
    }
  });
});
