/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records them in a
 * Prisma-compatible `_prisma_migrations` table, on PostgreSQL and on the embedded database.
 * Prisma 7's `migrate deploy` needs a native engine download; this runner needs nothing
 * (../shared/STACK.md). On PostgreSQL an advisory lock lets several processes start at once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "~/lib/db.server";

const LOCK_ID = 72_201_114; // arbitrary, constant: serialises concurrent migrators

export function migrationsDir() {
  const candidates = [path.resolve(process.cwd(), "prisma/migrations"), path.resolve(import.meta.dirname ?? ".", "../../prisma/migrations")];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`prisma/migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** Applies pending migrations; returns the names applied. Throws with the failing migration's name. */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  const names = fs
    .readdirSync(dir)
    .filter((n) => fs.existsSync(path.join(dir, n, "migration.sql")))
    .sort();
  return database.withAdvisoryLock(LOCK_ID, async () => {
    // Created only when missing: the app may connect as a role that may not create tables
    // (README "Running at scale"), and then finds nothing to apply.
    const [found] = await database.query<{ t: string | null }>(`select to_regclass('"_prisma_migrations"')::text as t`);
    if (!found?.t)
      await database.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const rows = await database.query<{ migration_name: string }>(
      `select migration_name from "_prisma_migrations" where finished_at is not null and rolled_back_at is null`,
    );
    const done = new Set(rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = crypto.createHash("sha256").update(sql).digest("hex");
      try {
        await database.exec(`BEGIN;\n${sql}\n;COMMIT;`);
      } catch (err) {
        await database.exec("ROLLBACK").catch(() => {});
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`);
      }
      await database.query(
        `insert into "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         values ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), checksum, name],
      );
      applied.push(name);
    }
    return applied;
  });
}
