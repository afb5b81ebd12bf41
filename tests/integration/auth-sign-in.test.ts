/**
 * Sign-in by emailed code through the real request handler: the email step sends a code to the
 * outbox, a wrong code says 'Invalid code', the right code creates a Session row and sets the
 * session cookie, the pending sign-in cookie cannot be re-pointed at another address, and brute
 * force is bounded by AuthAttempt rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, latestSignInCode } from "../support/fixtures";
import { CookieJar, createAppHandler, formPost, randomTestIp, type AppHandler } from "../support/fixtures-app";
import { SEND_LIMITS } from "~/auth/sign-in.server";

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

const latestCode = (email: string) => latestSignInCode(tdb.database, email);

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

async function requestCode(jar: CookieJar, page: string, email: string) {
  const res = await app.fetch(page, formPost({ intent: "email", email }, jar.header()));
  jar.absorb(res);
  return res;
}

describe("sign-in by code", () => {
  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    await createOrgWithUser(tdb.database, { email: "known@example.test" });
    const known = await app.fetch("/login", formPost({ intent: "email", email: "known@example.test" }));
    const unknown = await app.fetch("/login", formPost({ intent: "email", email: "nobody@example.test" }));
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get("Location")).toBe(known.headers.get("Location"));
    const names = (r: Response) =>
      r.headers
        .getSetCookie()
        .map((c) => c.split("=")[0])
        .sort();
    expect(names(unknown)).toEqual(names(known));
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "nobody@example.test" } })).toBe(0);

    // The code step looks the same too, and any code is just 'Invalid code'.
    const jar = new CookieJar().absorb(unknown);
    const page = await (await app.fetch("/login", { headers: { Cookie: jar.header() } })).text();
    expect(page).toContain("Check your email");
    expect(page).not.toContain("not associated");
    const guess = await app.fetch("/login", formPost({ intent: "code", code: "123456" }, jar.header()));
    jar.absorb(guess);
    const after = await (await app.fetch("/login", { headers: { Cookie: jar.header() } })).text();
    expect(after).toContain("Invalid code");
  });

  it("emails a 6-digit code, rejects a wrong one, accepts the right one and lands on redirect_to", async () => {
    const { user, organization } = await createOrgWithUser(tdb.database, { email: "reviewer@example.test" });
    const target = `/o/${organization.id}/settings/api-keys`;
    const page = `/continue?redirect_to=${encodeURIComponent(target)}`;
    const jar = new CookieJar();

    const sent = await requestCode(jar, page, "Reviewer@Example.test");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(page);
    const code = await latestCode("reviewer@example.test");
    expect(code).toMatch(/^\d{6}$/);

    const codeStep = await app.fetch(page, { headers: { Cookie: jar.header() } });
    const html = await codeStep.text();
    expect(html).toContain("Resend code");
    expect(html).toContain("Change email");
    expect(html).toContain("reviewer@example.test");

    const wrong = await app.fetch(page, formPost({ intent: "code", code: wrongCode(code) }, jar.header()));
    expect(wrong.status).toBe(302);
    jar.absorb(wrong);
    const after = await app.fetch(page, { headers: { Cookie: jar.header() } });
    expect(await after.text()).toContain("Invalid code");
    jar.absorb(after);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);

    const right = await app.fetch(page, formPost({ intent: "code", code }, jar.header()));
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe(target);
    const sessionCookie = right.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    jar.absorb(right);

    const sessions = await tdb.database.prisma.session.findMany({ where: { user_id: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.revoked_at).toBeNull();
    // The cookie holds only the (signed) session id.
    const signed = decodeURIComponent(jar.get("__session")!);
    const payload = signed.slice(0, signed.lastIndexOf("."));
    expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toBe(sessions[0]!.id);
    const reloaded = await tdb.database.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(reloaded.last_sign_in_at).not.toBeNull();

    const landed = await app.fetch(target, { headers: { Cookie: jar.header() } });
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain("reviewer@example.test");
  });

  it("ignores an unsafe redirect_to and lands on the user's dashboard", async () => {
    const { organization } = await createOrgWithUser(tdb.database, { email: "redirect@example.test" });
    const page = `/login?redirect_to=${encodeURIComponent("https://evil.example/phish")}`;
    const jar = new CookieJar();
    await requestCode(jar, page, "redirect@example.test");
    const res = await app.fetch(page, formPost({ intent: "code", code: await latestCode("redirect@example.test") }, jar.header()));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/o/${organization.id}/dashboard`);
  });

  it("does not let a visitor re-point the pending sign-in cookie at another address", async () => {
    await createOrgWithUser(tdb.database, { email: "attacker@example.test" });
    const { user: victim } = await createOrgWithUser(tdb.database, { email: "victim@example.test" });
    const jar = new CookieJar();
    await requestCode(jar, "/login", "attacker@example.test");
    const code = await latestCode("attacker@example.test");
    // Edit the unsigned-by-the-library `_totp` cookie to carry the victim's address.
    const raw = jar.get("_totp")!;
    const params = new URLSearchParams(raw);
    params.set("email", "victim@example.test");
    jar.set("_totp", params.toString());
    const res = await app.fetch("/login", formPost({ intent: "code", code }, jar.header()));
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;"))).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: victim.id } })).toBe(0);
  });

  it("resend sends a new code and says 'Code resent'; change email returns to the email step", async () => {
    await createOrgWithUser(tdb.database, { email: "resend@example.test" });
    const jar = new CookieJar();
    await requestCode(jar, "/login", "resend@example.test");
    const resent = await app.fetch("/login", formPost({ intent: "resend" }, jar.header()));
    expect(resent.status).toBe(302);
    jar.absorb(resent);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "resend@example.test" } })).toBe(2);
    const page = await app.fetch("/login", { headers: { Cookie: jar.header() } });
    expect(await page.text()).toContain("Code resent");
    jar.absorb(page);

    const changed = await app.fetch("/login", formPost({ intent: "change-email" }, jar.header()));
    jar.absorb(changed);
    const emailStep = await (await app.fetch("/login", { headers: { Cookie: jar.header() } })).text();
    expect(emailStep).toContain("Continue to your account");
    expect(emailStep).not.toContain("Resend code");
  });

  it("blocks a sixth wrong code within ten minutes, even when the right code follows", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "brute@example.test" });
    const jar = new CookieJar();
    await requestCode(jar, "/login", "brute@example.test");
    const code = await latestCode("brute@example.test");
    for (let i = 0; i < 5; i++) {
      const res = await app.fetch("/login", formPost({ intent: "code", code: wrongCode(code) }, jar.header()));
      jar.absorb(res);
    }
    expect(await tdb.database.prisma.authAttempt.count({ where: { email: "brute@example.test", kind: "code_failed" } })).toBe(5);
    const blocked = await app.fetch("/login", formPost({ intent: "code", code }, jar.header()));
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts, try again later.");
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(0);
  });

  it("past an address's email ceiling, each requester gets one code per window; a fresh requester still gets theirs", async () => {
    await createOrgWithUser(tdb.database, { email: "flood@example.test" });
    const requester = randomTestIp();
    for (let i = 0; i < SEND_LIMITS.perEmail.max; i++) {
      const res = await app.fetch("/login", formPost({ intent: "email", email: "flood@example.test" }), { clientIp: i === 0 ? requester : randomTestIp() });
      expect(res.status).toBe(302);
    }
    // The first requester already had a code: past the ceiling, no second one.
    const over = await app.fetch("/login", formPost({ intent: "email", email: "flood@example.test" }), { clientIp: requester });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain("Too many attempts, try again later.");
    const fresh = await app.fetch("/login", formPost({ intent: "email", email: "flood@example.test" }), { clientIp: randomTestIp() });
    expect(fresh.status).toBe(302);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "flood@example.test" } })).toBe(SEND_LIMITS.perEmail.max + 1);
  });

  it("/register creates the user with a live and a sandbox organization and sends a code", async () => {
    const jar = new CookieJar();
    const res = await app.fetch(
      "/register",
      formPost({ intent: "email", email: "new-owner@example.test", username: "Nia Owner", organization_name: "Acme Health" }),
    );
    expect(res.status).toBe(302);
    jar.absorb(res);
    const user = await tdb.database.prisma.user.findUniqueOrThrow({
      where: { email: "new-owner@example.test" },
      include: { memberships: { include: { organization: true } } },
    });
    expect(user.memberships).toHaveLength(2);
    const live = user.memberships.find((m) => !m.organization.sandbox)!;
    const sandbox = user.memberships.find((m) => m.organization.sandbox)!;
    expect(live.owner && sandbox.owner).toBe(true);
    expect(sandbox.organization.parent_id).toBe(live.organization_id);
    const signedIn = await app.fetch("/register", formPost({ intent: "code", code: await latestCode("new-owner@example.test") }, jar.header()));
    expect(signedIn.headers.get("Location")).toBe(`/o/${live.organization_id}/dashboard`);
  });
});

describe("defect 8: no account enumeration through check_account or the sign-in pages", () => {
  it("check_account answers the same status, body and cookies for known, unknown and wrong-organization addresses", async () => {
    const { organization } = await createOrgWithUser(tdb.database, { email: "member@example.test" });
    const other = await createOrgWithUser(tdb.database);
    const post = (body: object) =>
      app.fetch("/api/check_account", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answers = [
      await post({ email: "member@example.test" }),
      await post({ email: "member@example.test", organization_id: organization.id }),
      await post({ email: "stranger@example.test" }),
      await post({ email: "member@example.test", organization_id: other.organization.id }),
    ];
    const shape = async (r: Response) => ({
      status: r.status,
      body: await r.json(),
      cookies: r.headers.getSetCookie().map((c) => `${c.split("=")[0]} ${c.split(";").slice(1).join(";").trim()}`),
    });
    const [first, ...rest] = await Promise.all(answers.map(shape));
    expect(first!.status).toBe(200);
    for (const r of rest) expect(r).toEqual(first);
    // Only the real member in a real organization of theirs got an email.
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "member@example.test" } })).toBe(2);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "stranger@example.test" } })).toBe(0);
  });

  it("/register with an existing address does not say so: it sends that account a sign-in code", async () => {
    await createOrgWithUser(tdb.database, { email: "taken@example.test" });
    const res = await app.fetch("/register", formPost({ intent: "email", email: "taken@example.test", username: "X", organization_name: "Other" }));
    expect(res.status).toBe(302);
    expect(await tdb.database.prisma.organization.count({ where: { name: "Other" } })).toBe(0);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "taken@example.test" } })).toBe(1);
  });
});

describe("sign-in API", () => {
  it("check_account + verify_code sign in and /api/logged_in_user.json describes the user and organization", async () => {
    const { organization, sandbox } = await createOrgWithUser(tdb.database, { email: "api-user@example.test", username: "Api User" });
    const jar = new CookieJar();
    const unknown = await app.fetch("/api/check_account", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "ghost@example.test" }),
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ success: true, error: null, errors: [] });
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "ghost@example.test" } })).toBe(0);

    const check = await app.fetch("/api/check_account", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "api-user@example.test", organization_id: organization.id }),
    });
    expect(await check.json()).toEqual({ success: true, error: null, errors: [] });
    jar.absorb(check);
    const code = await latestCode("api-user@example.test");

    const bad = await app.fetch("/api/verify_code", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: jar.header() },
      body: JSON.stringify({ email: "api-user@example.test", code: wrongCode(code) }),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ success: false, errors: ["Invalid code"] });
    jar.absorb(bad);

    const good = await app.fetch("/api/verify_code", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: jar.header() },
      body: JSON.stringify({ email: "api-user@example.test", code }),
    });
    expect(await good.json()).toEqual({ success: true, errors: [] });
    jar.absorb(good);
    expect(jar.get("__session")).toBeTruthy();

    const me = await app.fetch("/api/logged_in_user.json", { headers: { Cookie: jar.header() } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      success: true,
      errors: [],
      current_user: { avatar: null, username: "Api User", email: "api-user@example.test" },
      organization: {
        token: organization.id,
        name: organization.name,
        title: organization.title,
        avatar: null,
        sandbox: false,
        sandbox_organization: { token: sandbox.id },
        parent_organization: null,
      },
    });
  });

  it("answers 401 JSON to API calls without credentials", async () => {
    const me = await app.fetch("/api/logged_in_user.json");
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ success: false, errors: ["Unauthorized"] });
  });
});
