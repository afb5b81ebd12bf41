/**
 * PHI audit rows without the request-path cost (issue 23, item 10): concurrent requests' audit rows
 * are committed together (app/audit/audit-writer.server.ts), still durably and in the hash chain.
 *
 * The cost an audit insert has under load is modelled on the test database with a statement-level
 * trigger that sleeps 200 ms inside the inserting transaction, while the chain's lock is held (what a
 * slow commit does). Ten concurrent reads, each writing its row with its own INSERT, would run ten
 * statements in a row (the last waiting about 2 s); committed together they run one to three, counted by
 * the same trigger (the test asserts statements, not seconds: wall time is a bench's matter).
 * Also: each caller is answered only once its row is committed, the chain verifies, and a row the
 * database refuses fails its own request only (fail closed), not the others of its batch.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { recordAuditEvent, type AuditActor } from "~/audit/record-audit-event.server";
import { auditWriterStats } from "~/audit/audit-writer.server";
import { verifyAuditChain } from "~/audit/audit-chain.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let database: Database;
let actor: AuditActor;
const SLEEP_MS = 200;

beforeAll(async () => {
  t = await createTestDatabase();
  database = t.database;
  const org = await database.prisma.organization.create({ data: { name: "Audit load" } });
  actor = { organization: { id: org.id }, user: { id: "u1", email: "reviewer@example.test" }, via: "page" };
  // (each INSERT statement on audit_events is counted: the grouping is asserted on statements, never on
  // wall time, which a loaded machine stretches)
  await database.query(`CREATE TABLE test_audit_statements (at timestamptz NOT NULL DEFAULT now())`);
  await database.query(`CREATE FUNCTION test_slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO test_audit_statements DEFAULT VALUES; PERFORM pg_sleep(${SLEEP_MS / 1000}); RETURN NULL; END $$`);
  await database.query(`CREATE TRIGGER test_slow_commit AFTER INSERT ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION test_slow_commit()`);
  await database.query(`CREATE FUNCTION test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.action = 'test.poison' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$`);
  await database.query(`CREATE TRIGGER test_poison BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION test_poison()`);
}, 120_000);
afterAll(async () => {
  await t?.cleanup();
});

const read = (n: number) =>
  recordAuditEvent(actor, new Request(`http://localhost/o/x/prior-auths/pa-${n}`), { action: "prior_auth.view", prior_auth_id: `pa-${n}` });

describe("audit rows under concurrent load", () => {
  it("ten concurrent reads are audited in about one or two commits, not ten in a row", async () => {
    await read(0); // warm up (first statement compiles and plans)
    const before = auditWriterStats();
    const statements = async () => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM test_audit_statements`))[0]!.n;
    const statementsBefore = await statements();
    await Promise.all(Array.from({ length: 10 }, (_, i) => read(i + 1)));
    // Each row is committed when its caller is answered: visible from the database now.
    const rows = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE prior_auth_id LIKE 'pa-%'`);
    expect(rows[0]!.n).toBe(11);
    const after = auditWriterStats();
    expect(after.rows - before.rows).toBe(10);
    expect(after.batches - before.batches).toBeLessThanOrEqual(3);
    // One by one: ten INSERT statements, each holding the chain's lock through a slow commit. Together:
    // a few statements, each carrying several rows.
    expect((await statements()) - statementsBefore).toBeLessThanOrEqual(3);
    const chain = await verifyAuditChain(database);
    expect(chain.ok, JSON.stringify(chain.broken)).toBe(true);
    expect(chain.checked).toBe(11);
  }, 60_000);

  it("a row the database refuses fails its own request, and only that one", async () => {
    const results = await Promise.allSettled([
      read(100),
      recordAuditEvent(actor, new Request("http://localhost/o/x/prior-auths/poison"), { action: "test.poison" }),
      read(101),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/poisoned row/);
    const ids = await database.query<{ prior_auth_id: string }>(`SELECT prior_auth_id FROM audit_events WHERE prior_auth_id IN ('pa-100', 'pa-101')`);
    expect(ids).toHaveLength(2);
    expect((await verifyAuditChain(database)).ok).toBe(true);
  }, 60_000);
});
