/**
 * Issue 8, sign-in codes under attack, through the real request handler:
 *  - defect 5: a code is single-use (replaying the cookies and the used code signs in no one);
 *  - defect 3: the attempt limit holds under a burst of concurrent wrong codes;
 *  - defect 4: a stranger cannot lock a user out (wrong codes, code requests).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser, latestSignInCode } from "../support/fixtures";
import { CookieJar, createAppHandler, formPost, randomTestIp, type AppHandler } from "../support/fixtures-app";
import { ATTEMPTS_PER_CODE_OVER_CEILING, MAX_ATTEMPTS_PER_CODE, SEND_LIMITS, VERIFY_LIMITS } from "~/auth/sign-in.server";

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

function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, "0");
}

function setsSession(res: Response): boolean {
  return res.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;"));
}

function jsonPost(body: object, cookie?: string): RequestInit {
  return { method: "POST", headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) };
}

describe("defect 5: a code is single-use", () => {
  it("replaying the pending sign-in cookies with the used code does not sign in again (pages)", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "replay@example.test" });
    const jar = new CookieJar();
    jar.absorb(await app.fetch("/login", formPost({ intent: "email", email: "replay@example.test" })));
    const pending = jar.header();
    const code = await latestCode("replay@example.test");

    const first = await app.fetch("/login", formPost({ intent: "code", code }, pending));
    expect(first.status).toBe(302);
    expect(setsSession(first)).toBe(true);

    const replay = await app.fetch("/login", formPost({ intent: "code", code }, pending));
    expect(setsSession(replay)).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });

  it("replaying /api/verify_code with the used code does not sign in again, even concurrently", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "replay-api@example.test" });
    const check = await app.fetch("/api/check_account", jsonPost({ email: "replay-api@example.test" }));
    expect(check.status).toBe(200);
    const pending = new CookieJar().absorb(check).header();
    const code = await latestCode("replay-api@example.test");

    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.fetch("/api/verify_code", jsonPost({ email: "replay-api@example.test", code }, pending))),
    );
    expect(results.filter(setsSession)).toHaveLength(1);
    const later = await app.fetch("/api/verify_code", jsonPost({ email: "replay-api@example.test", code }, pending));
    expect(later.status).toBeGreaterThanOrEqual(400);
    expect(later.status).toBeLessThan(500);
    expect(await later.json()).toMatchObject({ success: false });
    expect(setsSession(later)).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });
});

/** Requests a code for `email` from `ip` by the API; returns the pending sign-in cookies. */
async function apiRequestCode(email: string, ip: string): Promise<string> {
  const res = await app.fetch("/api/check_account", jsonPost({ email }), { clientIp: ip });
  expect(res.status, `check_account ${email} from ${ip}`).toBe(200);
  return new CookieJar().absorb(res).header();
}

function apiVerify(email: string, code: string, cookie: string, ip = randomTestIp()) {
  return app.fetch("/api/verify_code", jsonPost({ email, code }, cookie), { clientIp: ip });
}

describe("defect 3: code attempts are counted atomically and bounded per code, per email and per address", () => {
  it("of 50 concurrent wrong codes (from 50 addresses) at most 5 are checked, and the right code then fails", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "burst@example.test" });
    const cookie = await apiRequestCode("burst@example.test", randomTestIp());
    const code = await latestCode("burst@example.test");

    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => apiVerify("burst@example.test", wrongCode(code, i + 1), cookie)));
    const checked = burst.filter((r) => r.status === 401);
    const refused = burst.filter((r) => r.status === 429);
    expect(checked.length).toBe(MAX_ATTEMPTS_PER_CODE);
    expect(refused.length).toBe(50 - MAX_ATTEMPTS_PER_CODE);
    expect(await refused[0]!.json()).toEqual({ success: false, errors: ["Too many attempts, try again later."] });

    const right = await apiVerify("burst@example.test", code, cookie);
    expect(right.status).toBe(429);
    expect(setsSession(right)).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(0);
    const row = await tdb.database.prisma.signInCode.findFirstOrThrow({ where: { email: "burst@example.test" } });
    expect(row.attempts).toBe(MAX_ATTEMPTS_PER_CODE);
    expect(row.used_at).toBeNull();
  });

  it("the same burst through the sign-in page is bounded too", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "burst-page@example.test" });
    const jar = new CookieJar();
    jar.absorb(await app.fetch("/login", formPost({ intent: "email", email: "burst-page@example.test" })));
    const code = await latestCode("burst-page@example.test");
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => app.fetch("/login", formPost({ intent: "code", code: wrongCode(code, i + 1) }, jar.header()))),
    );
    expect(burst.filter((r) => r.status !== 429).length).toBe(MAX_ATTEMPTS_PER_CODE);
    const right = await app.fetch("/login", formPost({ intent: "code", code }, jar.header()));
    expect(setsSession(right)).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(0);
  });

  it("attempts on one address are bounded across many codes and addresses", async () => {
    await createOrgWithUser(tdb.database, { email: "spread@example.test" });
    let checked = 0;
    for (let i = 0; i < 15; i++) {
      const ip = randomTestIp();
      const res = await app.fetch("/api/check_account", jsonPost({ email: "spread@example.test" }), { clientIp: ip });
      const cookie = new CookieJar().absorb(res).header();
      for (let j = 0; j < MAX_ATTEMPTS_PER_CODE; j++) {
        const r = await app.fetch("/api/verify_code", jsonPost({ email: "spread@example.test", code: "000000" }, cookie), { clientIp: ip });
        if (r.status === 401) checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    // Up to the email's ceiling, then one check per code (each from an address new to this email).
    const codesPastCeiling = 15 - Math.floor(VERIFY_LIMITS.perEmail.max / MAX_ATTEMPTS_PER_CODE);
    expect(checked).toBeLessThanOrEqual(VERIFY_LIMITS.perEmail.max + codesPastCeiling * ATTEMPTS_PER_CODE_OVER_CEILING);
  });

  it("one address is stopped after its attempt budget, on any code, while others are not", async () => {
    const ip = randomTestIp();
    const perCode = MAX_ATTEMPTS_PER_CODE;
    const emails = Array.from({ length: Math.ceil(VERIFY_LIMITS.perIp.max / perCode) + 1 }, (_, i) => `ip-budget-${i}@example.test`);
    for (const email of emails) await createOrgWithUser(tdb.database, { email });
    let checked = 0;
    let refused = 0;
    for (const email of emails) {
      const cookie = await apiRequestCode(email, ip);
      for (let j = 0; j < perCode; j++) {
        const r = await apiVerify(email, "000000", cookie, ip);
        if (r.status === 401) checked++;
        if (r.status === 429) refused++;
      }
    }
    expect(checked).toBe(VERIFY_LIMITS.perIp.max);
    expect(refused).toBe(emails.length * perCode - VERIFY_LIMITS.perIp.max);

    // Someone else, elsewhere, signs in normally.
    const { user } = await createOrgWithUser(tdb.database, { email: "elsewhere@example.test" });
    const cookie = await apiRequestCode("elsewhere@example.test", randomTestIp());
    const ok = await apiVerify("elsewhere@example.test", await latestCode("elsewhere@example.test"), cookie);
    expect(ok.status).toBe(200);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });
});

describe("defect 4: a stranger cannot lock a user out", () => {
  it("wrong codes from someone else do not block the user's own code", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "victim-codes@example.test" });
    const attacker = randomTestIp();
    const attackerCookie = await apiRequestCode("victim-codes@example.test", attacker);
    const attackerCode = await latestCode("victim-codes@example.test");
    for (let i = 0; i < MAX_ATTEMPTS_PER_CODE + 3; i++) await apiVerify("victim-codes@example.test", wrongCode(attackerCode, i + 1), attackerCookie, attacker);

    const victim = randomTestIp();
    const jar = new CookieJar();
    const sent = await app.fetch("/login", formPost({ intent: "email", email: "victim-codes@example.test" }), { clientIp: victim });
    expect(sent.status).toBe(302);
    jar.absorb(sent);
    const signedIn = await app.fetch("/login", formPost({ intent: "code", code: await latestCode("victim-codes@example.test") }, jar.header()), {
      clientIp: victim,
    });
    expect(signedIn.status).toBe(302);
    expect(setsSession(signedIn)).toBe(true);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });

  it("code requests from someone else do not use up the user's emails", async () => {
    const { user } = await createOrgWithUser(tdb.database, { email: "victim-mail@example.test" });
    const attacker = randomTestIp();
    const statuses: number[] = [];
    const attackerJar = new CookieJar();
    for (let i = 0; i < 12; i++) {
      const res = await app.fetch("/api/check_account", jsonPost({ email: "victim-mail@example.test" }), { clientIp: attacker });
      statuses.push(res.status);
      if (res.status === 200) attackerJar.absorb(res);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SEND_LIMITS.perIpEmail.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SEND_LIMITS.perIpEmail.max);
    // Resending through the pending sign-in cookie is the same requester: refused as well.
    const resend = await app.fetch("/login", formPost({ intent: "resend" }, attackerJar.header()), { clientIp: attacker });
    expect(resend.status).toBe(429);

    const victim = randomTestIp();
    const jar = new CookieJar();
    const sent = await app.fetch("/login", formPost({ intent: "email", email: "victim-mail@example.test" }), { clientIp: victim });
    expect(sent.status).toBe(302);
    jar.absorb(sent);
    const signedIn = await app.fetch("/login", formPost({ intent: "code", code: await latestCode("victim-mail@example.test") }, jar.header()), {
      clientIp: victim,
    });
    expect(setsSession(signedIn)).toBe(true);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "victim-mail@example.test" } })).toBe(SEND_LIMITS.perIpEmail.max + 1);
  });

  it("10 code requests and 50 wrong codes from 5 addresses do not lock the owner out: their code arrives and works from a fresh address", async () => {
    const email = "probe-victim@example.test";
    const { user } = await createOrgWithUser(tdb.database, { email });
    const attackers = Array.from({ length: 5 }, () => randomTestIp());
    let wrong = 0;
    for (const ip of attackers) {
      for (let c = 0; c < 2; c++) {
        const cookie = await apiRequestCode(email, ip);
        const code = await latestCode(email);
        for (let i = 0; i < MAX_ATTEMPTS_PER_CODE; i++) {
          await apiVerify(email, wrongCode(code, i + 1), cookie, ip);
          wrong++;
        }
      }
    }
    expect(wrong).toBe(50);
    // Both per-email ceilings are now spent.
    expect(Number((await tdb.database.prisma.rateLimit.findUniqueOrThrow({ where: { key: `send:email:${email}` } })).count)).toBe(SEND_LIMITS.perEmail.max);
    expect(Number((await tdb.database.prisma.rateLimit.findUniqueOrThrow({ where: { key: `verify:email:${email}` } })).count)).toBe(VERIFY_LIMITS.perEmail.max);

    // Past the ceiling an address that already had a code gets no other; a new one gets one code,
    // and that code one check.
    expect((await app.fetch("/api/check_account", jsonPost({ email }), { clientIp: attackers[0]! })).status).toBe(429);
    const another = randomTestIp();
    const attackerCookie = await apiRequestCode(email, another);
    expect((await app.fetch("/api/check_account", jsonPost({ email }), { clientIp: another })).status).toBe(429);
    const attackerCode = await latestCode(email);
    expect((await apiVerify(email, wrongCode(attackerCode), attackerCookie, another)).status).toBe(401);
    const dead = await apiVerify(email, attackerCode, attackerCookie, another);
    expect(dead.status).toBe(429);
    expect(setsSession(dead)).toBe(false);

    // The owner, from a fresh address: the code arrives and signs in.
    const owner = randomTestIp();
    const jar = new CookieJar();
    const sent = await app.fetch("/login", formPost({ intent: "email", email }), { clientIp: owner });
    expect(sent.status).toBe(302);
    jar.absorb(sent);
    const signedIn = await app.fetch("/login", formPost({ intent: "code", code: await latestCode(email) }, jar.header()), { clientIp: owner });
    expect(signedIn.status).toBe(302);
    expect(setsSession(signedIn)).toBe(true);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });

  it("one address cannot request codes for unlimited addresses", async () => {
    const ip = randomTestIp();
    let refused = 0;
    for (let i = 0; i < SEND_LIMITS.perIp.max + 2; i++) {
      const res = await app.fetch("/api/check_account", jsonPost({ email: `sprayed-${i}@example.test` }), { clientIp: ip });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(2);
  });

  it("the limits live in PostgreSQL: a budget spent by another process is honoured here", async () => {
    await createOrgWithUser(tdb.database, { email: "shared-state@example.test" });
    const ip = randomTestIp();
    // Another web process spent this address's whole send budget a moment ago.
    await tdb.database.prisma.rateLimit.create({ data: { key: `send:ip:${ip}`, count: SEND_LIMITS.perIp.max, window_start_ms: BigInt(Date.now()) } });
    const res = await app.fetch("/api/check_account", jsonPost({ email: "shared-state@example.test" }), { clientIp: ip });
    expect(res.status).toBe(429);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "shared-state@example.test" } })).toBe(0);
    // ... and this process's hits are visible to the others.
    const other = randomTestIp();
    await app.fetch("/api/check_account", jsonPost({ email: "shared-state@example.test" }), { clientIp: other });
    expect(await tdb.database.prisma.rateLimit.findUnique({ where: { key: `send:ip:${other}` } })).toMatchObject({ count: 1 });
  });
});
