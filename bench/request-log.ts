/**
 * What the PHI audit row and the API-log row cost the JSON list (issue 23, item 10). Not a test;
 * prints figures only.
 *
 *   npx tsx bench/request-log.ts [requests per client=40] [clients=8]
 *
 * The real Express app (createWebApp: API-log middleware, React Router handler, security headers)
 * on a loopback port over a fresh database (PostgreSQL when reachable, else the embedded one) with
 * 2,000 prior auths; `GET /api/o/{org}/prior_auths.json` with an API key, first one client at a
 * time, then `clients` clients at once. Every call writes one audit_events row (hash-chained) and
 * one api_logs row. Reports the client-side latency (p50, p95) and the audit rows and api_logs rows
 * written, and how many INSERT batches the audit rows took (when the group-commit writer exists).
 * Before that, the audit write alone (recordAuditEvent, no HTTP): 1, `clients` and 4 × `clients`
 * concurrent writers, latency per row and rows per second. The list's p95 latencies go to
 * bench/run.ts as figures (bench/figures.ts).
 */
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { createTestDatabase } from "../tests/support/test-db";
import { createAppHandler } from "../tests/support/fixtures-app";
import { createApiKey } from "../tests/support/fixtures";
import { registerAppJobs } from "~/jobs.server";
import { createWebApp } from "~/lib/web-app.server";
import { figureLine } from "./figures";

registerAppJobs();
const perClient = Number(process.argv[2] ?? 40);
const clients = Number(process.argv[3] ?? 8);

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
};
const fmt = (xs: number[]) => `p50 ${q(xs, 0.5).toFixed(1)} ms, p95 ${q(xs, 0.95).toFixed(1)} ms (n=${xs.length})`;

const t = await createTestDatabase();
const app = await createAppHandler();
let server: http.Server | undefined;
try {
  const org = await t.database.prisma.organization.create({ data: { name: "request log bench" } });
  const names = ["Vega", "Kowalski", "Simmons", "Jensen", "Lin", "Price", "Moretti", "Reyes"];
  await t.database.prisma.priorAuth.createMany({
    data: Array.from({ length: 2000 }, (_, k) => ({
      organization_id: org.id,
      intake_status: "succeeded",
      patient_name: `Pat ${names[k % names.length]} ${k}`,
      medication_name: "Humira",
      created_at: new Date(Date.now() - k * 60_000),
    })),
  });
  await t.database.query("analyze prior_auths");
  // The audit write alone, without HTTP: `clients` concurrent readers each recording perClient rows.
  const { recordAuditEvent } = await import("~/audit/record-audit-event.server");
  const actor = { organization: { id: org.id }, user: { id: "u", email: "bench@example.test" }, via: "page" as const };
  const audit = async () => {
    const s = performance.now();
    await recordAuditEvent(actor, new Request(`http://localhost/o/${org.id}/prior-auths`), { action: "prior_auth.list" });
    return performance.now() - s;
  };
  for (let i = 0; i < 10; i++) await audit();
  for (const n of [1, clients, clients * 4]) {
    const times: number[] = [];
    const s = performance.now();
    await Promise.all(
      Array.from({ length: n }, async () => {
        for (let i = 0; i < perClient; i++) times.push(await audit());
      }),
    );
    const rate = (times.length / ((performance.now() - s) / 1000)).toFixed(0);
    console.log(`audit row write, ${n} concurrent writer(s): ${fmt(times)}, ${rate} rows/s`);
  }
  const key = await createApiKey(t.database, org.id, "bench");
  server = createWebApp({ build: app.build, trustProxy: "loopback", clientDir: "/nonexistent" }).listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/o/${org.id}/prior_auths.json`;
  const headers = { Authorization: `Bearer ${key.token}` };
  const call = async () => {
    const s = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return performance.now() - s;
  };
  for (let i = 0; i < 10; i++) await call(); // warm-up: route modules, plans
  const stats = await import("~/audit/audit-writer.server").then((m) => m.auditWriterStats).catch(() => null);
  const before = stats?.();

  const sequential: number[] = [];
  for (let i = 0; i < perClient; i++) sequential.push(await call());
  console.log(`JSON list, 1 client (${t.url ? "PostgreSQL" : "embedded"}): ${fmt(sequential)}`);
  console.log(figureLine(`request log JSON list 1 client p95 ms (${t.url ? "PostgreSQL" : "embedded"})`, q(sequential, 0.95), "lower"));

  const concurrent: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) concurrent.push(await call());
    }),
  );
  console.log(`JSON list, ${clients} clients at once: ${fmt(concurrent)}`);
  console.log(figureLine(`request log JSON list ${clients} clients p95 ms (${t.url ? "PostgreSQL" : "embedded"})`, q(concurrent, 0.95), "lower"));

  await new Promise((r) => setTimeout(r, 500)); // the API log is written after the responses
  const [auditRows] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events`);
  const [logs] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_logs`);
  const after = stats?.();
  const batches = before && after ? `, in ${after.batches - before.batches} INSERT batches for the ${after.rows - before.rows} measured` : "";
  console.log(`rows written by the list calls: audit_events ${auditRows!.n}${batches}; api_logs ${logs!.n}`);
} finally {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  await app.close();
  await t.cleanup();
}
process.exit(0);
