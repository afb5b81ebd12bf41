/** `npm run migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
import { getEnv } from "~/env.server";
import { openDatabase } from "~/lib/db.server";
import { migrate } from "~/lib/migrate.server";

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.EMBEDDED_DB_DIR });
try {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await database.close();
}
