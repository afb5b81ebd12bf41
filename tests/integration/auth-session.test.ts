/**
 * Sessions and API keys: sign-out revokes the Session row so the old cookie stops working; expired,
 * revoked and forged cookies are rejected; API keys authenticate only for their own organization
 * and stop working once revoked; only the key's digest is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";
import { revokeApiKey, listApiKeys, digestApiKey } from "~/auth/api-keys.server";
import { AppError } from "~/lib/errors";
import { fail, handleApiError, ok } from "~/lib/http.server";
import { z } from "zod";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { resetEnvForTests } from "~/env.server";
import { seedReviewedCase } from "./api-prior-auths.seed";

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

/** Flips one character in the middle of the cookie's HMAC signature. */
function forge(cookie: string): string {
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1))];
  const dot = value.lastIndexOf(".");
  const i = dot + 10;
  const flipped = value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);
  return `${name}=${encodeURIComponent(flipped)}`;
}

describe("sessions", () => {
  it("a signed-in member sees the workspace; sign-out revokes the row and the old cookie no longer works", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const cookie = await signInCookie(tdb.database, user.id);
    const dashboard = `/o/${organization.id}/dashboard`;

    const ok1 = await app.fetch(dashboard, { headers: { Cookie: cookie } });
    expect(ok1.status).toBe(200);
    const html = await ok1.text();
    expect(html).toContain(user.email);
    expect(html).toContain("Prior Auths");

    const confirm = await app.fetch("/signout", { headers: { Cookie: cookie } });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Sign out?");
    // GET does not sign out.
    expect((await app.fetch(dashboard, { headers: { Cookie: cookie } })).status).toBe(200);

    const out = await app.fetch("/signout", formPost({}, cookie));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login");
    expect(out.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const rows = await tdb.database.prisma.session.findMany({ where: { user_id: user.id } });
    expect(rows[0]!.revoked_at).not.toBeNull();

    // Replaying the old cookie after sign-out is refused.
    const replay = await app.fetch(dashboard, { headers: { Cookie: cookie } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe(`/continue?redirect_to=${encodeURIComponent(dashboard)}`);
  });

  it("rejects expired, revoked and forged session cookies", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const url = `/o/${organization.id}/dashboard`;
    for (const cookie of [
      await signInCookie(tdb.database, user.id, { expired: true }),
      await signInCookie(tdb.database, user.id, { revoked: true }),
      forge(await signInCookie(tdb.database, user.id)),
    ]) {
      const res = await app.fetch(url, { headers: { Cookie: cookie } });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/continue\?redirect_to=/);
    }
  });

  it("unauthenticated pages redirect to /continue with the return path", async () => {
    const res = await app.fetch("/o/anything/dashboard?page=2");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/continue?redirect_to=${encodeURIComponent("/o/anything/dashboard?page=2")}`);
  });

  it("/o/{org} redirects members to the dashboard", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const res = await app.fetch(`/o/${organization.id}`, { headers: { Cookie: await signInCookie(tdb.database, user.id) } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/o/${organization.id}/dashboard`);
  });

  it("membership of a live organization opens its sandbox too", async () => {
    const { user, sandbox } = await createOrgWithUser(tdb.database);
    const res = await app.fetch(`/o/${sandbox.id}/dashboard`, { headers: { Cookie: await signInCookie(tdb.database, user.id) } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Sandbox");
  });

  it("a sandbox invitation opens the sandbox only, never the live organization (pages, .data, /api)", async () => {
    const { user: owner, organization: live, sandbox } = await createOrgWithUser(tdb.database);
    const ownerCookie = await signInCookie(tdb.database, owner.id);
    const invite = await app.fetch(`/api/o/${sandbox.id}/users`, {
      method: "POST",
      headers: { Cookie: ownerCookie, "Content-Type": "application/json" },
      body: JSON.stringify({ email: `sandboxer-${sandbox.id}@example.test`, username: "Sandboxer", roles: ["clinical_reviewer"] }),
    });
    expect(invite.status).toBe(200);
    const guest = (await invite.json()).user as { id: string };
    const cookie = await signInCookie(tdb.database, guest.id);
    const { priorAuthId } = await seedReviewedCase(tdb.database, live.id, { aiDecision: "denied" });

    const sandboxPage = await app.fetch(`/o/${sandbox.id}/prior-auths`, { headers: { Cookie: cookie } });
    expect(sandboxPage.status).toBe(200);
    expect(await sandboxPage.text()).not.toContain(`/o/${live.id}/`); // no switch to a live organization they cannot open
    const ownerSandbox = await (await app.fetch(`/o/${sandbox.id}/prior-auths`, { headers: { Cookie: ownerCookie } })).text();
    expect(ownerSandbox).toContain(`/o/${live.id}/prior-auths`);
    expect((await app.fetch(`/api/o/${sandbox.id}/prior_auths.json`, { headers: { Cookie: cookie } })).status).toBe(200);
    for (const url of [
      `/o/${live.id}/dashboard`,
      `/o/${live.id}/prior-auths`,
      `/o/${live.id}/prior-auths/${priorAuthId}`,
      `/o/${live.id}/prior-auths/${priorAuthId}.data`,
      `/api/o/${live.id}/prior_auths.json`,
      `/api/o/${live.id}/prior_auths/${priorAuthId}.json`,
      `/api/o/${live.id}/users`,
    ]) {
      const res = await app.fetch(url, { headers: { Cookie: cookie } });
      expect(res.status, url).toBe(404);
      await res.body?.cancel();
    }
    const signOff = await app.fetch(`/api/o/${live.id}/prior_auths/${priorAuthId}/generate_denial_letter`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ clinician_sign_off: true }),
    });
    expect(signOff.status).toBe(404);
    expect(await tdb.database.prisma.auditEvent.count({ where: { organization_id: live.id, user_id: guest.id } })).toBe(0);

    // The live team does not list the sandbox guest; from the sandbox, a live member's roles cannot change.
    const liveTeam = await (await app.fetch(`/api/o/${live.id}/users`, { headers: { Cookie: ownerCookie } })).json();
    expect(liveTeam.users.map((u: { id: string }) => u.id)).not.toContain(guest.id);
    const { user: colleague } = await createOrgWithUser(tdb.database);
    await tdb.database.prisma.membership.create({ data: { user_id: colleague.id, organization_id: live.id, roles: ["reviewer"] } });
    const fromSandbox = await app.fetch(`/api/o/${sandbox.id}/users/${colleague.id}`, {
      method: "PATCH",
      headers: { Cookie: ownerCookie, "Content-Type": "application/json" },
      body: JSON.stringify({ roles: ["policy_author"] }),
    });
    expect(fromSandbox.status).toBe(403);
  });

  it("the code view preference is stored per user by a POST to the workspace", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const cookie = await signInCookie(tdb.database, user.id);
    const back = `/o/${organization.id}/dashboard`;
    const res = await app.fetch(`/o/${organization.id}`, formPost({ intent: "toggle-code-view", code_view: "on", redirect_to: back }, cookie));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(back);
    expect((await tdb.database.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).code_view).toBe(true);
    expect(await (await app.fetch(back, { headers: { Cookie: cookie } })).text()).toContain("CODE VIEW");
  });
});

describe("defect 8: sessions end after an idle period", () => {
  /** A live session whose last request was `idleMs` ago. */
  async function idleCookie(userId: string, idleMs: number): Promise<{ cookie: string; id: string }> {
    const cookie = await signInCookie(tdb.database, userId);
    const session = await tdb.database.prisma.session.findFirstOrThrow({ where: { user_id: userId }, orderBy: { created_at: "desc" } });
    await tdb.database.prisma.session.update({ where: { id: session.id }, data: { last_seen_at: new Date(Date.now() - idleMs) } });
    return { cookie, id: session.id };
  }
  const HOUR = 60 * 60 * 1000;

  it("a session idle for more than 8 hours (the default) is refused and revoked; one idle for 7 hours works", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const url = `/o/${organization.id}/dashboard`;
    const fresh = await idleCookie(user.id, 7 * HOUR);
    expect((await app.fetch(url, { headers: { Cookie: fresh.cookie } })).status).toBe(200);

    const stale = await idleCookie(user.id, 8 * HOUR + 60_000);
    const res = await app.fetch(url, { headers: { Cookie: stale.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/continue\?redirect_to=/);
    expect((await tdb.database.prisma.session.findUniqueOrThrow({ where: { id: stale.id } })).revoked_at).not.toBeNull();
    const api = await app.fetch("/api/logged_in_user.json", { headers: { Cookie: stale.cookie } });
    expect(api.status).toBe(401);
  });

  it("SESSION_IDLE_TIMEOUT_MINUTES sets the idle period", async () => {
    const saved = process.env.SESSION_IDLE_TIMEOUT_MINUTES;
    process.env.SESSION_IDLE_TIMEOUT_MINUTES = "30";
    resetEnvForTests();
    try {
      const { user, organization } = await createOrgWithUser(tdb.database);
      const url = `/o/${organization.id}/dashboard`;
      expect((await app.fetch(url, { headers: { Cookie: (await idleCookie(user.id, 20 * 60_000)).cookie } })).status).toBe(200);
      expect((await app.fetch(url, { headers: { Cookie: (await idleCookie(user.id, 45 * 60_000)).cookie } })).status).toBe(302);
    } finally {
      if (saved === undefined) delete process.env.SESSION_IDLE_TIMEOUT_MINUTES;
      else process.env.SESSION_IDLE_TIMEOUT_MINUTES = saved;
      resetEnvForTests();
    }
  });

  it("requests keep a session alive: last_seen_at moves forward", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const { cookie, id } = await idleCookie(user.id, 2 * HOUR);
    expect((await app.fetch(`/o/${organization.id}/dashboard`, { headers: { Cookie: cookie } })).status).toBe(200);
    const row = await tdb.database.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });
});

describe("API keys", () => {
  it("a key works for its organization only, is stored as a digest and stops working when revoked", async () => {
    const a = await createOrgWithUser(tdb.database);
    const b = await createOrgWithUser(tdb.database);
    const { token, id } = await createApiKey(tdb.database, a.organization.id);
    expect(token).toMatch(/^pa_live_[A-Za-z0-9_-]{40,}$/);
    const row = await tdb.database.prisma.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.token_digest).toBe(digestApiKey(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const auth = { Authorization: `Bearer ${token}` };
    const own = await app.fetch(`/api/o/${a.organization.id}.json`, { headers: auth });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ success: true, errors: [], organization: { token: a.organization.id, sandbox: false } });

    for (const other of [b.organization.id, a.sandbox.id]) {
      const res = await app.fetch(`/api/o/${other}.json`, { headers: auth });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, errors: ["Not found"] });
    }

    await revokeApiKey(a.organization.id, id);
    expect((await listApiKeys(a.organization.id))[0]).toMatchObject({ status: "Revoked", revoked: true });
    const revoked = await app.fetch(`/api/o/${a.organization.id}.json`, { headers: auth });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ success: false, errors: ["Invalid API key"] });

    const garbage = await app.fetch(`/api/o/${a.organization.id}.json`, { headers: { Authorization: "Bearer pa_live_nope" } });
    expect(garbage.status).toBe(401);
  });

  it("revoking another organization's key is not found", async () => {
    const a = await createOrgWithUser(tdb.database);
    const b = await createOrgWithUser(tdb.database);
    const { id } = await createApiKey(tdb.database, a.organization.id);
    await expect(revokeApiKey(b.organization.id, id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("the API keys page creates a key shown once and revokes it", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database);
    const cookie = await signInCookie(tdb.database, user.id);
    const page = `/o/${organization.id}/settings/api-keys`;
    const created = await app.fetch(page, formPost({ intent: "create", name: "Intake bot" }, cookie));
    expect(created.status).toBe(200);
    const html = await created.text();
    const token = html.match(/pa_live_[A-Za-z0-9_-]{40,}/)?.[0];
    expect(token).toBeTruthy();
    expect((await app.fetch(`/api/o/${organization.id}.json`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const listed = await (await app.fetch(page, { headers: { Cookie: cookie } })).text();
    expect(listed).toContain("Intake bot");
    expect(listed).not.toContain(token!);
    const [key] = await listApiKeys(organization.id);
    const revoked = await app.fetch(page, formPost({ intent: "revoke", key_id: key!.token }, cookie));
    expect(revoked.status).toBe(302);
    expect((await app.fetch(`/api/o/${organization.id}.json`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe("http helpers", () => {
  it("ok/fail always carry success and errors; handleApiError maps AppError, zod and unknown errors", async () => {
    expect(await ok({ a: 1 }).json()).toEqual({ success: true, errors: [], a: 1 });
    const f = fail(409, ["Already exists"]);
    expect(f.status).toBe(409);
    expect(await f.json()).toEqual({ success: false, errors: ["Already exists"] });

    const notFound = handleApiError(new AppError("not_found", "Not found"));
    expect(notFound.status).toBe(404);
    const limited = handleApiError(new AppError("rate_limited", "Slow down"));
    expect(limited.status).toBe(429);
    const zodErr = z.object({ email: z.string().email() }).safeParse({ email: "x" }).error!;
    const invalid = handleApiError(zodErr);
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors[0]).toMatch(/^email: /);
    const original = console.error;
    console.error = () => {};
    const boom = handleApiError(new Error("db password is hunter2"));
    console.error = original;
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ success: false, errors: ["An error occurred"] });
  });

  it("safeRedirectPath keeps same-site paths only", () => {
    expect(safeRedirectPath("/o/1/prior-auths?x=1")).toBe("/o/1/prior-auths?x=1");
    for (const bad of ["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "o/1", "/\u0000x", null]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});
