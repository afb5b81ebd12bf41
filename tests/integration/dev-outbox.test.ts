/**
 * Issue 8, defect 6 (codes stored and shown in clear): the sign-in code is never in an email subject;
 * with SMTP the email goes out and no outbox row keeps it; /dev/outbox exists only on an instance
 * started with DEV_OUTBOX=1, and only for requests made directly from this machine.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createOrgWithUser } from "../support/fixtures";
import { createAppHandler, formPost, randomTestIp, type AppHandler } from "../support/fixtures-app";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp";
import { resetEnvForTests } from "~/env.server";

let tdb: TestDatabase;
let app: AppHandler;
let smtp: FakeSmtp;
const saved = { SMTP_URL: process.env.SMTP_URL, DEV_OUTBOX: process.env.DEV_OUTBOX };

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await createAppHandler();
  smtp = await startFakeSmtp();
});

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
});

afterAll(async () => {
  await smtp?.close();
  await app?.close();
  await tdb?.cleanup();
});

function useEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

const LOOPBACK = { clientIp: "127.0.0.1", peerIp: "127.0.0.1", forwarded: false };

async function requestCode(email: string) {
  const res = await app.fetch("/login", formPost({ intent: "email", email }));
  expect(res.status).toBe(302);
}

describe("sign-in code emails", () => {
  it("keep the code out of the subject", async () => {
    useEnv({ SMTP_URL: undefined });
    await createOrgWithUser(tdb.database, { email: "subject@example.test" });
    await requestCode("subject@example.test");
    const row = await tdb.database.prisma.emailOutbox.findFirstOrThrow({ where: { to: "subject@example.test" } });
    const code = row.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(row.subject).not.toMatch(/\d{6}/);
    expect(row.html ?? "").toContain(code);
  });

  it("with SMTP go out by mail and leave no outbox row", async () => {
    useEnv({ SMTP_URL: smtp.url });
    await createOrgWithUser(tdb.database, { email: "smtp@example.test" });
    const before = smtp.messages.length;
    await requestCode("smtp@example.test");
    expect(smtp.messages.length).toBe(before + 1);
    const raw = smtp.messages.at(-1)!;
    const subject = raw.match(/^Subject: (.*)$/m)?.[1] ?? "";
    expect(subject).toContain("sign-in code");
    expect(subject).not.toMatch(/\d{6}/);
    expect(raw).toMatch(/\b\d{6}\b/);
    expect(await tdb.database.prisma.emailOutbox.count({ where: { to: "smtp@example.test" } })).toBe(0);
  });
});

describe("/dev/outbox", () => {
  it("is not served without DEV_OUTBOX=1, even outside production and from loopback", async () => {
    useEnv({ DEV_OUTBOX: undefined, SMTP_URL: undefined });
    const res = await app.fetch("/dev/outbox", {}, LOOPBACK);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/sign-in code is \d{6}/);
  });

  it("with DEV_OUTBOX=1 is served to direct loopback requests only", async () => {
    useEnv({ DEV_OUTBOX: "1", SMTP_URL: undefined });
    await createOrgWithUser(tdb.database, { email: "outbox@example.test" });
    await requestCode("outbox@example.test");

    const local = await app.fetch("/dev/outbox", {}, LOOPBACK);
    expect(local.status).toBe(200);
    expect(await local.text()).toMatch(/sign-in code is \d{6}/);

    for (const context of [
      { clientIp: randomTestIp(), peerIp: randomTestIp(), forwarded: false },
      { clientIp: "203.0.113.7", peerIp: "127.0.0.1", forwarded: true },
      { clientIp: "127.0.0.1", peerIp: "127.0.0.1", forwarded: true },
      {},
    ]) {
      const res = await app.fetch("/dev/outbox", {}, context);
      expect(res.status, JSON.stringify(context)).toBe(404);
      expect(await res.text()).not.toMatch(/sign-in code is \d{6}/);
      const data = await app.fetch("/dev/outbox.data", {}, context);
      expect(await data.text()).not.toMatch(/sign-in code is \d{6}/);
    }
  });
});
