/**
 * Issue 8, sign-in codes under attack, through the real request handler:
 *  - defect 5: a code is single-use (replaying the cookies and the used code signs in no one);
 *  - defect 3: the attempt limit holds under a burst of concurrent wrong codes;
 *  - defect 4: a stranger cannot lock a user out (wrong codes, code requests).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser } from "../support/fixtures";
import { CookieJar, createAppHandler, formPost, type AppHandler } from "../support/fixtures-app";

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

async function latestCode(email: string): Promise<string> {
  const row = await tdb.database.prisma.emailOutbox.findFirst({ where: { to: email, kind: "sign_in_code" }, orderBy: { created_at: "desc" } });
  const match = row?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no sign-in code in the outbox for ${email}`);
  return match[1]!;
}

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

    const results = await Promise.all(Array.from({ length: 5 }, () => app.fetch("/api/verify_code", jsonPost({ email: "replay-api@example.test", code }, pending))));
    expect(results.filter(setsSession)).toHaveLength(1);
    const later = await app.fetch("/api/verify_code", jsonPost({ email: "replay-api@example.test", code }, pending));
    expect(later.status).toBeGreaterThanOrEqual(400);
    expect(later.status).toBeLessThan(500);
    expect(await later.json()).toMatchObject({ success: false });
    expect(setsSession(later)).toBe(false);
    expect(await tdb.database.prisma.session.count({ where: { user_id: user.id } })).toBe(1);
  });
});
