/**
 * Issue 8, defect 18: the web app sends a Content-Security-Policy with a per-response nonce that
 * every inline script carries, forbids framing by other sites (frame-ancestors / X-Frame-Options),
 * sends HSTS on HTTPS (per a trusted proxy) only, and marks pages, data and documents with PHI
 * `Cache-Control: no-store`, and sends a Permissions-Policy on every response. Served by the same Express app as server.ts, over real HTTP.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { createWebApp } from "~/lib/web-app.server";
import { signDocumentUrl } from "~/documents/signed-url.server";

let tdb: TestDatabase;
let app: AppHandler;
let server: http.Server;
let base: string;
let orgId: string;
let cookie: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  server = createWebApp({ build: app.build, trustProxy: "loopback", clientDir: "build/does-not-exist" }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const a = await createOrgWithUser(tdb.database);
  orgId = a.organization.id;
  cookie = await signInCookie(tdb.database, a.user.id);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
  await tdb?.cleanup();
});

function cspOf(res: Response): Map<string, string[]> {
  const header = res.headers.get("Content-Security-Policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("security headers", () => {
  it("pages carry a nonce CSP that every inline script of the page satisfies, and cannot be framed", async () => {
    const res = await fetch(`${base}/login`);
    expect(res.status).toBe(200);
    const csp = cspOf(res);
    const nonce = csp
      .get("script-src")
      ?.find((v) => v.startsWith("'nonce-"))
      ?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Not no-referrer: browsers would then send `Origin: null` on the app's own form posts.
    expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();

    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attrs]) => !/\bsrc=/.test(attrs!));
    expect(inline.length).toBeGreaterThan(0);
    for (const [tag, attrs] of inline) expect(attrs, tag).toContain(`nonce="${nonce}"`);

    const again = cspOf(await fetch(`${base}/login`))
      .get("script-src")
      ?.find((v) => v.startsWith("'nonce-"));
    expect(again).not.toBe(`'nonce-${nonce}'`);
  });

  it("PHI pages, their data and API answers are Cache-Control: no-store", async () => {
    for (const path of [`/o/${orgId}/dashboard`, `/o/${orgId}/prior-auths`, `/o/${orgId}/prior-auths.data`, `/api/o/${orgId}/prior_auths.json`, "/login"]) {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get("Cache-Control"), path).toMatch(/no-store/);
      await res.arrayBuffer();
    }
  });

  it("stored documents are no-store and may be framed by the app itself only", async () => {
    const doc = await tdb.database.prisma.document.create({
      data: {
        organization_id: orgId,
        kind: "attachment",
        filename: "fax.txt",
        content_type: "text/plain",
        byte_size: 4,
        sha256: "0".repeat(64),
        data: new Uint8Array(Buffer.from("note")),
      },
    });
    const res = await fetch(`${base}${signDocumentUrl(doc.id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(cspOf(res).get("frame-ancestors")).toEqual(["'self'"]);
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  });

  it("every response carries a Permissions-Policy that turns off the features the app does not use", async () => {
    const doc = await tdb.database.prisma.document.create({
      data: {
        organization_id: orgId,
        kind: "attachment",
        filename: "pp.txt",
        content_type: "text/plain",
        byte_size: 4,
        sha256: "0".repeat(64),
        data: new Uint8Array(Buffer.from("note")),
      },
    });
    for (const path of [
      "/login",
      `/o/${orgId}/dashboard`,
      `/o/${orgId}/prior-auths.data`,
      `/api/o/${orgId}/prior_auths.json`,
      signDocumentUrl(doc.id),
      "/no-such-page",
    ]) {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      await res.arrayBuffer();
      const policy = new Map(
        (res.headers.get("Permissions-Policy") ?? "")
          .split(",")
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => d.split("=") as [string, string]),
      );
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "display-capture", "browsing-topics"])
        expect(policy.get(feature), `${path}: ${feature}`).toBe("()");
      expect(policy.get("fullscreen"), path).toBe("(self)");
    }
  });

  it("sends HSTS on HTTPS through a trusted proxy, not on plain HTTP", async () => {
    const viaTls = await fetch(`${base}/login`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(viaTls.headers.get("Strict-Transport-Security")).toMatch(/max-age=31536000; includeSubDomains/);
    expect((await fetch(`${base}/login`)).headers.get("Strict-Transport-Security")).toBeNull();
  });
});
