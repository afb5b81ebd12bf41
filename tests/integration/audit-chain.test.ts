/**
 * The PHI access audit's hash chain (migration *_audit_hash_chain, app/audit/audit-chain.server.ts,
 * `npm run audit:verify`): rows are chained by the database on INSERT, also under concurrent
 * inserts; editing a row, erasing one or writing one with the trigger off is reported at the first
 * broken link; the migration chains rows that were there before it.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { GENESIS_HASH, verifyAuditChain } from "~/audit/audit-chain.server";
import { openDatabase } from "~/lib/db.server";
import { migrate, migrationsDir } from "~/lib/migrate.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
});

const event = (i: number, extra: Record<string, string | null> = {}) => ({
  organization_id: "org_chain",
  actor_type: "user",
  user_id: `u${i}`,
  user_email: `u${i}@example.test`,
  via: "page",
  action: "prior_auth.view",
  method: "GET",
  path: `/o/org_chain/prior-auths/pa${i}?q=Zoë|x`,
  ip: null,
  ...extra,
});

/** Runs `sql` with the append-only trigger lifted, as the table's owner could. */
async function asOwner(sql: string) {
  await t.database.exec(`ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update_delete";
    ${sql};
    ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update_delete";`);
}

describe("audit hash chain", () => {
  it("chains every row on insert, also concurrent ones, and verifies", async () => {
    const first = await t.database.prisma.auditEvent.create({ data: event(0, { user_agent: "Agent\u{1F600}" }) });
    expect(first.seq).toBe(1n);
    expect(first.prev_hash).toBe(GENESIS_HASH);
    expect(first.content_hash).toMatch(/^[0-9a-f]{64}$/);
    await Promise.all(Array.from({ length: 20 }, (_, i) => t.database.prisma.auditEvent.create({ data: event(i + 1) })));
    const report = await verifyAuditChain(t.database);
    expect(report).toMatchObject({ ok: true, checked: 21, headSeq: "21", broken: null });
  });

  it("reports an edited row, then an erased one, at the first broken link; npm run audit:verify exits 1", async () => {
    const third = await t.database.prisma.auditEvent.findUniqueOrThrow({ where: { seq: 3n } });
    await asOwner(`UPDATE "audit_events" SET "user_email" = 'someone-else@example.test' WHERE "seq" = 3`);
    expect((await verifyAuditChain(t.database)).broken).toMatchObject({ seq: "3", id: third.id, reason: expect.stringMatching(/altered/) });
    await asOwner(`UPDATE "audit_events" SET "user_email" = '${third.user_email}' WHERE "seq" = 3`);
    expect((await verifyAuditChain(t.database)).ok).toBe(true);

    // Erased, and the positions renumbered to hide the gap: the next row no longer follows.
    await asOwner(`DELETE FROM "audit_events" WHERE "seq" = 5; UPDATE "audit_events" SET "seq" = "seq" - 1 WHERE "seq" > 5`);
    const report = await verifyAuditChain(t.database);
    expect(report.ok).toBe(false);
    expect(report.broken?.seq).toBe("5");
    expect(report.checked).toBe(4);

    if (t.url) {
      const run = promisify(execFile)("npx", ["tsx", "scripts/audit-verify.ts"], { env: { ...process.env, DATABASE_URL: t.url }, cwd: process.cwd() });
      const failed = await run.then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/audit chain BROKEN at seq 5/);
    }
  }, 120_000);

  it("README's app role (PostgreSQL): starts (nothing to migrate), appends to the trail, cannot edit, erase or unhook it", async () => {
    if (!t.url) return; // roles need a PostgreSQL server
    const role = `pa_app_${crypto.randomBytes(4).toString("hex")}`;
    const dbName = new URL(t.url).pathname.slice(1);
    // The README's grants, for this database and role.
    await t.database.exec(`CREATE ROLE ${role} LOGIN NOINHERIT;
      GRANT CONNECT ON DATABASE ${dbName} TO ${role};
      GRANT USAGE ON SCHEMA public TO ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
      REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ${role};
      GRANT SELECT, INSERT ON audit_events TO ${role};`);
    const url = new URL(t.url);
    url.username = role;
    const app = await openDatabase({ url: url.toString(), poolSize: 3 });
    try {
      expect(await migrate(app)).toEqual([]);
      const row = await app.prisma.auditEvent.create({ data: event(99) });
      expect(row.seq).not.toBeNull();
      for (const sql of [
        `UPDATE "audit_events" SET "path" = 'x'`,
        `DELETE FROM "audit_events"`,
        `TRUNCATE "audit_events"`,
        `ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_chain"`,
        `DROP TABLE "audit_events"`,
      ])
        await expect(app.exec(sql), sql).rejects.toThrow(/permission denied|must be owner/);
    } finally {
      await app.close();
      await t.database.exec(`DROP OWNED BY ${role}; DROP ROLE ${role};`);
    }
  });

  it("the migration chains the rows written before it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    const all = fs.readdirSync(migrationsDir()).filter((n) => fs.existsSync(path.join(migrationsDir(), n, "migration.sql")));
    for (const name of all.filter((n) => !n.endsWith("_audit_hash_chain"))) fs.symlinkSync(path.join(migrationsDir(), name), path.join(dir, name));
    const database = await openDatabase({ inMemory: true });
    try {
      await migrate(database, dir);
      for (let i = 0; i < 3; i++)
        await database.query(
          `insert into "audit_events" ("id", "organization_id", "actor_type", "via", "action", "method", "path", "created_at") values ($1, 'o', 'user', 'page', 'x', 'GET', '/p', now() + ($2 || ' ms')::interval)`,
          [`old${i}`, String(i)],
        );
      await migrate(database);
      const rows = await database.query<{ id: string; seq: string }>(`select "id", "seq"::text as "seq" from "audit_events" order by "seq"`);
      expect(rows).toEqual([
        { id: "old0", seq: "1" },
        { id: "old1", seq: "2" },
        { id: "old2", seq: "3" },
      ]);
      expect(await verifyAuditChain(database)).toMatchObject({ ok: true, checked: 3 });
      await database.query(
        `insert into "audit_events" ("id", "organization_id", "actor_type", "via", "action", "method", "path") values ('new', 'o', 'user', 'page', 'x', 'GET', '/p')`,
      );
      expect(await verifyAuditChain(database)).toMatchObject({ ok: true, checked: 4, headSeq: "4" });
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
