/**
 * Issue 8, defect 2 (open redirect): a `redirect_to` that normalises to a protocol-relative URL
 * (`/.//evil.example/` → `//evil.example/`) must never reach a Location header — not from the sign-in
 * page loader, not after the full sign-in by code, not from the workspace layout action.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, signInCookie, latestSignInCode } from "../support/fixtures";
import { CookieJar, createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { safeRedirectPath } from "~/auth/safe-redirect";

let tdb: TestDatabase;
let app: AppHandler;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
});

afterAll(async () => {
  await app?.close();
  await tdb?.cleanup();
});

/** Targets that a browser would follow to another origin once normalised. */
const OFFSITE = [
  "/.//evil.example/",
  "/./\\evil.example/",
  "/..//evil.example/x",
  "/a/..//evil.example",
  "/%2e//evil.example/",
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "/\t/evil.example",
];

/** True when a browser at http://localhost would leave the origin following this Location. */
function leavesOrigin(location: string | null): boolean {
  if (!location) return false;
  return new URL(location, "http://localhost/login").origin !== "http://localhost";
}

const latestCode = (email: string) => latestSignInCode(tdb.database, email);

describe("redirect targets from input", () => {
  it("safeRedirectPath refuses every target that normalises to another origin and keeps same-origin paths", () => {
    for (const bad of OFFSITE) expect(safeRedirectPath(bad), bad).toBeNull();
    expect(safeRedirectPath("/o/1/prior-auths?x=1#top")).toBe("/o/1/prior-auths?x=1#top");
    expect(safeRedirectPath("/o/./1/../2/dashboard")).toBe("/o/2/dashboard");
    expect(safeRedirectPath("/.//evil.example/", "/fallback")).toBe("/fallback");
  });

  it("a signed-in visitor of /login?redirect_to=/.//evil.example/ stays on this site", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const cookie = await signInCookie(tdb.database, user.id);
    for (const target of OFFSITE) {
      const res = await app.fetch(`/login?redirect_to=${encodeURIComponent(target)}`, { headers: { Cookie: cookie } });
      expect(res.status, target).toBe(302);
      expect(leavesOrigin(res.headers.get("Location")), `${target} → ${res.headers.get("Location")}`).toBe(false);
      expect(res.headers.get("Location")).toBe(`/o/${organization.id}/dashboard`);
    }
  });

  it("the full sign-in by code with redirect_to=/.//evil.example/ lands on the dashboard", async () => {
    const { organization } = await createOrgWithUser(tdb.database, { email: "offsite@example.test" });
    const page = `/login?redirect_to=${encodeURIComponent("/.//evil.example/")}`;
    const jar = new CookieJar();
    const sent = await app.fetch(page, formPost({ intent: "email", email: "offsite@example.test" }));
    expect(sent.status).toBe(302);
    jar.absorb(sent);
    const res = await app.fetch(page, formPost({ intent: "code", code: await latestCode("offsite@example.test") }, jar.header()));
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;"))).toBe(true);
    expect(leavesOrigin(res.headers.get("Location"))).toBe(false);
    expect(res.headers.get("Location")).toBe(`/o/${organization.id}/dashboard`);
  });

  it("the workspace layout action ignores an offsite redirect_to", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const cookie = await signInCookie(tdb.database, user.id);
    for (const target of OFFSITE) {
      const res = await app.fetch(`/o/${organization.id}`, formPost({ intent: "toggle-code-view", code_view: "on", redirect_to: target }, cookie));
      expect(leavesOrigin(res.headers.get("Location")), `${target} → ${res.headers.get("Location")}`).toBe(false);
      expect([200, 302]).toContain(res.status);
      // The action stores the preference and does not redirect; rendering /o/{org} then sends the
      // browser to the workspace's own dashboard.
      expect(res.headers.get("Location") ?? "", target).not.toContain("evil.example");
    }
  });
});
