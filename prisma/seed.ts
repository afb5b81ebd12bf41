/**
 * `npm run seed`: seeds the demo organization (plan, roster, formulary, coverage policies, sample
 * faxes queued for processing), the public demo organization and the blog posts (seed-public.server.ts) into the configured database (DATABASE_URL, else the embedded one),
 * then exits. The queued faxes are processed by the next worker (or web process with the in-process
 * worker) that starts. `npm run up` does the same through `server.ts --seed`.
 */
import { registerAppJobs } from "~/jobs.server";
import { getDatabase } from "~/lib/db.server";
import { DEMO_EMAIL, seedDemo } from "./seed-demo.server";
import { seedPublic } from "./seed-public.server";

// The seed queues jobs (decision trees, intakes) by name: register the app's jobs, as server.ts does.
registerAppJobs();
const database = await getDatabase();
try {
  console.log(`[seed] demo data: ${await seedDemo(database)}`);
  console.log(`[seed] public side: ${await seedPublic(database, { blogAuthorEmail: DEMO_EMAIL, instanceAdminEmail: DEMO_EMAIL })}`);
} finally {
  await database.close();
}
// parsing threads and their message ports would keep this one-shot CLI alive
process.exit(0);
