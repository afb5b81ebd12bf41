/**
 * The web process: Express + React Router, plus (with the embedded database, or
 * WORKER_IN_PROCESS=true) the job worker in the same process.
 *
 *   tsx server.ts            production build in ./build (run `react-router build` first)
 *   tsx server.ts --dev      Vite dev middleware with HMR
 *   --seed                   seed the demo organization and queue its sample faxes first
 */
import type { ServerBuild } from "react-router";
import { getEnv } from "~/env.server";
import { registerAppJobs } from "~/jobs.server";
import { getDatabase } from "~/lib/db.server";
import { createWebApp } from "~/lib/web-app.server";
import { flushApiLogs } from "~/api-logs/api-logs.server";

const args = new Set(process.argv.slice(2));
const dev = args.has("--dev");
const env = getEnv(); // fails fast, naming the bad variable
// The app's jobs (composition root): the routes enqueue them by name, the in-process worker runs them.
registerAppJobs();

const database = await getDatabase();
console.log(`[web] database: ${database.kind === "embedded" ? `embedded PGlite (${env.EMBEDDED_DB_DIR})` : "PostgreSQL"}`);

if (args.has("--seed")) {
  const { seedDemo } = await import("./prisma/seed-demo.server");
  const summary = await seedDemo(database);
  console.log(`[web] demo data: ${summary}`);
  const { seedPublic } = await import("./prisma/seed-public.server");
  const { DEMO_EMAIL } = await import("./prisma/seed-demo.server");
  console.log(`[web] public side: ${await seedPublic(database, { blogAuthorEmail: DEMO_EMAIL, instanceAdminEmail: DEMO_EMAIL })}`);
}

const runWorker = env.WORKER_IN_PROCESS === "true" || (env.WORKER_IN_PROCESS === "auto" && database.kind === "embedded");
let worker: { stop(): Promise<void> } | undefined;
if (runWorker) {
  const { startWorker } = await import("~/queue/worker.server");
  worker = await startWorker({ database, concurrency: env.WORKER_CONCURRENCY, staleSeconds: env.WORKER_STALE_SECONDS });
  console.log(`[web] in-process worker started (concurrency ${env.WORKER_CONCURRENCY})`);
}

let app;
if (dev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app = createWebApp({
    trustProxy: env.TRUST_PROXY,
    viteMiddlewares: vite.middlewares,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    // the entry's start-up work (FHIR validator definitions) before the first request needs it
    warmUp: true,
  });
} else {
  // @ts-expect-error the build exists after `react-router build`
  const build = (await import("./build/server/index.js")) as ServerBuild;
  // warmUp: the entry's start-up work (FHIR validator definitions, ~7 s) runs before listening
  app = createWebApp({ trustProxy: env.TRUST_PROXY, build, warmUp: true });
}

const server = app.listen(env.PORT, env.HOST, () => {
  const url = env.APP_URL ?? `http://localhost:${env.PORT}`;
  console.log(`[web] listening on ${url}`);
  if (args.has("--seed")) {
    const outbox = env.DEV_OUTBOX ? ` and at ${url}/dev/outbox (from this machine)` : "";
    console.log(`[web] sign in at ${url}/login as demo@example.com: the 6-digit code is printed in this log${outbox}`);
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[web] ${signal}: shutting down`);
  server.close();
  await flushApiLogs();
  await worker?.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
