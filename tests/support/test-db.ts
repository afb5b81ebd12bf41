/**
 * A fresh, migrated database for one test file.
 *
 * With PostgreSQL reachable (TEST_DATABASE_URL, or DATABASE_URL, or 127.0.0.1:5432 as postgres), each
 * call creates its own database `t_<random>` from the server and drops it in `cleanup()`, so test
 * files can run in parallel. Otherwise it uses an in-memory embedded PGlite.
 * `hasPostgres()` tells multi-process tests whether they can run at all.
 *
 * Under vitest the run migrates once (tests/support/db-template.global.ts): a PostgreSQL database is
 * a clone of the run's migrated template, an embedded one a copy of the run's migrated data
 * directory. Each is then passed through `migrate()` again, which finds nothing to apply (a clone
 * that missed a migration would get it). Outside vitest (bench/) every call migrates from scratch.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, setDatabase, type Database } from "~/lib/db.server";
import { migrate } from "~/lib/migrate.server";

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

let reachable: Promise<boolean> | undefined;

/** True when a PostgreSQL server with pgvector answers at adminUrl(). */
export function hasPostgres(): Promise<boolean> {
  if (process.env.TEST_EMBEDDED_ONLY === "1") return Promise.resolve(false);
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      const rows = await client.query("select 1 from pg_available_extensions where name = 'vector'");
      return rows.rowCount === 1;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

export interface TestDatabase {
  database: Database;
  /** connection string of the fresh database (PostgreSQL only) */
  url: string | null;
  cleanup(): Promise<void>;
}

/**
 * Creates and migrates a fresh database; also installs it as the process database so domain code
 * calling getDatabase() uses it. `kind: "embedded"` forces PGlite, `"postgres"` requires a server.
 */
export async function createTestDatabase(opts: { kind?: "auto" | "embedded" | "postgres" } = {}): Promise<TestDatabase> {
  const want = opts.kind ?? "auto";
  const usePg = want === "postgres" || (want === "auto" && (await hasPostgres()));
  if (!usePg) {
    const snapshot = await migratedEmbeddedSnapshot();
    const database = await openDatabase({ inMemory: true, loadDataDir: snapshot ?? undefined });
    await migrate(database);
    if (!snapshot) await saveEmbeddedSnapshot(database);
    setDatabase(database);
    return { database, url: null, cleanup: () => database.close() };
  }
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const template = provided("pgTemplate");
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrate(database);
  setDatabase(database);
  return {
    database,
    url: url.toString(),
    async cleanup() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

/** A value from the run's globalSetup, or undefined outside vitest (or without that setup). */
function provided<K extends "pgTemplate" | "pgliteRunDir">(key: K): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // not inside a vitest worker (bench/)
  }
}

const SNAPSHOT = "pglite-migrated.tar";

/** The run's migrated embedded data directory, or null when no test file has written it yet. */
async function migratedEmbeddedSnapshot(): Promise<Blob | null> {
  const dir = provided("pgliteRunDir");
  if (!dir) return null;
  try {
    return new Blob([await fs.promises.readFile(path.join(dir, SNAPSHOT))]);
  } catch {
    return null;
  }
}

/**
 * Writes `database`'s data directory (just migrated from scratch, nothing else in it yet) as the
 * run's snapshot; written under a temporary name and renamed, so a reader never sees half a file
 * and two files racing to write it both leave a whole one.
 */
async function saveEmbeddedSnapshot(database: Database): Promise<void> {
  const dir = provided("pgliteRunDir");
  if (!dir || !database.dumpDataDir) return;
  const tmp = path.join(dir, `${SNAPSHOT}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`);
  await fs.promises.writeFile(tmp, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
  await fs.promises.rename(tmp, path.join(dir, SNAPSHOT));
}
