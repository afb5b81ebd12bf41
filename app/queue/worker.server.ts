// Placeholder replaced by the queue implementation.
import type { Database } from "~/lib/db.server";
export async function startWorker(_opts: { database: Database; concurrency: number }) {
  return { async stop() {} };
}
