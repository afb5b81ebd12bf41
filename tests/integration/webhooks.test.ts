/**
 * Webhooks end to end on the real database, queue and worker, against a real HTTP receiver on
 * loopback: deliveries are signed the Standard Webhooks way (verified here with a hand-written
 * HMAC-SHA256 over "id.timestamp.body", and with the reference library), a failing receiver gets
 * retries with growing delays until it answers 200, every attempt is stored, a rerun sends the same
 * message again, and domain events (case deleted, intake failed for good) queue deliveries. Also:
 * the SSRF policy, secrets encrypted at rest, and the /api routes (secret shown once, never listed).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  process.env.WEBHOOK_RETRY_BASE_MS = "300";
  process.env.WEBHOOK_MAX_ATTEMPTS = "4";
});

import { Webhook } from "standardwebhooks";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createApiKey, createOrgWithUser, signInCookie } from "../support/fixtures";
import { DEFAULT_API_KEY_SCOPES } from "~/auth/permission-matrix";
import { createAppHandler, type AppHandler } from "../support/fixtures-app";
import { startWorker, type WorkerHandle } from "~/queue/worker.server";
import { createWebhookEndpoint, listWebhookAttempts, rerunWebhookAttempt, rotateWebhookSecret } from "~/webhooks/manage-webhooks.server";
import { emitWebhookEvent } from "~/webhooks/emit-webhook-event.server";
import { BlockedAddressError, isBlockedAddress, safePost } from "~/webhooks/safe-http.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { markIntakeFailed } from "~/intake/run-intake.server";
import { describeDatabase, listFailedJobs, retryOrganizationJob } from "~/system/describe-database.server";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

let t: TestDatabase;
let worker: WorkerHandle;
let app: AppHandler;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** answers to give, in order; when empty, 200 */
const script: number[] = [];
let orgId: string;
let otherOrgId: string;
let cookie: string;
let apiKey: string;

async function until<T>(fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The Standard Webhooks signature, computed here independently of the app and the library. */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

beforeAll(async () => {
  t = await createTestDatabase();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const status = script.shift() ?? 200;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status === 200, n: received.length }));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const a = await createOrgWithUser(t.database, { orgName: "Hooks A" });
  const b = await createOrgWithUser(t.database, { orgName: "Hooks B" });
  orgId = a.organization.id;
  otherOrgId = b.organization.id;
  cookie = await signInCookie(t.database, a.user.id);
  // Webhook endpoints need webhooks.manage, which default keys do not carry (app/auth/permission-matrix.ts).
  apiKey = (await createApiKey(t.database, orgId, "webhooks key", [...DEFAULT_API_KEY_SCOPES, "webhooks.manage"])).token;
  worker = await startWorker({ database: t.database, concurrency: 2, pollMs: 100 });
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await new Promise((r) => receiver?.close(r));
  await t?.cleanup();
});

describe("webhook deliveries", () => {
  it("signs each delivery with the endpoint's secret (Standard Webhooks) and stores the attempt", async () => {
    const { webhook, secret } = await createWebhookEndpoint(t.database, orgId, { url: receiverUrl, description: null, event_types: ["prior_auth.succeeded"] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const stored = await t.database.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(stored.secret).not.toContain(secret.slice(6)); // encrypted at rest
    expect(stored.secret).toMatch(/^v1:/);

    const before = received.length;
    expect(await emitWebhookEvent(t.database, orgId, "prior_auth.succeeded", { id: "pa_1", final_decision: "approved" })).toBe(1);
    // Not subscribed: nothing queued.
    expect(await emitWebhookEvent(t.database, orgId, "prior_auth.failed", { id: "pa_1" })).toBe(0);
    const got = await until(() => received[before]);
    const id = String(got.headers["webhook-id"]);
    const ts = String(got.headers["webhook-timestamp"]);
    expect(id).toMatch(/^msg_/);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(30);
    expect(got.headers["webhook-signature"]).toBe(expectedSignature(secret, id, ts, got.body));
    expect(() =>
      new Webhook(secret).verify(got.body, { "webhook-id": id, "webhook-timestamp": ts, "webhook-signature": String(got.headers["webhook-signature"]) }),
    ).not.toThrow();
    // A different secret does not verify.
    expect(expectedSignature(`whsec_${Buffer.alloc(24, 1).toString("base64")}`, id, ts, got.body)).not.toBe(got.headers["webhook-signature"]);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: "prior_auth.succeeded", data: { id: "pa_1", final_decision: "approved", organization_id: orgId } });

    const page = await until(async () => {
      const p = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "all", page: 1 });
      return p.total === 1 ? p : null;
    });
    expect(page.attempts[0]).toMatchObject({ message_id: id, attempt: 1, success: true, response_code: 200, event_type: "prior_auth.succeeded" });
    expect(page.attempts[0]!.request_body).toBe(got.body);
    expect(page.attempts[0]!.response_body).toContain('"ok":true');
  });

  it("retries a failing receiver with growing delays until it answers 200, keeping one message id", async () => {
    const { webhook, secret } = await createWebhookEndpoint(t.database, orgId, {
      url: receiverUrl,
      description: "retries",
      event_types: ["prior_auth.intake.failed"],
    });
    const before = received.length;
    script.push(500, 503);
    await emitWebhookEvent(t.database, orgId, "prior_auth.intake.failed", { id: "pa_2" });
    const attempts = await until(async () => {
      const p = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "all", page: 1 });
      return p.total === 3 ? p : null;
    });
    const got = received.slice(before, before + 3);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers["webhook-id"])).size).toBe(1);
    for (const g of got) {
      expect(g.headers["webhook-signature"]).toBe(expectedSignature(secret, String(g.headers["webhook-id"]), String(g.headers["webhook-timestamp"]), g.body));
    }
    // Backoff 300 ms doubling with equal jitter: first gap in [150, 300], second in [300, 600] (+ polling).
    const gap1 = got[1]!.at - got[0]!.at;
    const gap2 = got[2]!.at - got[1]!.at;
    expect(gap1).toBeGreaterThanOrEqual(140);
    expect(gap2).toBeGreaterThanOrEqual(290);
    const rows = [...attempts.attempts].reverse();
    expect(rows.map((r) => [r.attempt, r.response_code, r.success])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(rows[0]!.error_message).toBe("Receiver answered HTTP 500");
    expect(attempts.stats).toEqual({ total: 3, succeeded: 1, failed: 2 });
    const failed = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "failed", page: 1 });
    expect(failed.attempts.map((a) => a.response_code)).toEqual([503, 500]);
    const ok = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "succeeded", page: 1 });
    expect(ok.total).toBe(1);
    const listed = (await t.database.prisma.webhookEndpoint.findMany({ where: { id: webhook.id } }))[0]!;
    expect(listed.url).toBe(receiverUrl);
  });

  it("gives up after WEBHOOK_MAX_ATTEMPTS and a rerun sends the same message again", async () => {
    const { webhook } = await createWebhookEndpoint(t.database, orgId, { url: receiverUrl, description: null, event_types: ["claim.failed"] });
    script.push(500, 500, 500, 500);
    await emitWebhookEvent(t.database, orgId, "claim.failed", { id: "cl_1" });
    await until(
      async () =>
        (
          await t.database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM jobs WHERE name = 'webhook.deliver' AND status = 'failed' AND payload->>'endpoint_id' = $1`,
            [webhook.id],
          )
        )[0]!.n === 1,
      30_000,
    );
    const page = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "failed", page: 1 });
    expect(page.total).toBe(4);
    const last = page.attempts[0]!;
    const before = received.length;
    await rerunWebhookAttempt(t.database, orgId, webhook.id, last.id);
    const got = await until(() => received[before]);
    expect(got.headers["webhook-id"]).toBe(last.message_id);
    const after = await until(async () => {
      const p = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "succeeded", page: 1 });
      return p.total === 1 ? p : null;
    });
    expect(after.attempts[0]).toMatchObject({ message_id: last.message_id, attempt: 5, response_code: 200 });
    // Another organization cannot rerun it.
    await expect(rerunWebhookAttempt(t.database, otherOrgId, webhook.id, last.id)).rejects.toMatchObject({ code: "not_found" });

    // Database page: the failed job is listed for its organization only, and only it can retry it.
    const failedJobs = await listFailedJobs(t.database, orgId);
    const job = failedJobs.find((j) => j.name === "webhook.deliver");
    expect(job).toMatchObject({ attempts: 4, max_attempts: 4, last_error: expect.stringContaining("HTTP 500") });
    expect(await listFailedJobs(t.database, otherOrgId)).toEqual([]);
    await expect(retryOrganizationJob(t.database, otherOrgId, job!.id)).rejects.toMatchObject({ code: "not_found" });
    const info = await describeDatabase(t.database);
    expect(info.queue.failed).toBeGreaterThanOrEqual(1);
    expect(info.pgvector_version).toMatch(/^\d+\.\d+/);
    const beforeRetry = received.length;
    await retryOrganizationJob(t.database, orgId, job!.id);
    await until(() => received.length > beforeRetry);
  });

  it("an unreadable signing secret fails the delivery at once with an attempt saying to rotate it", async () => {
    const endpoint = await t.database.prisma.webhookEndpoint.create({
      data: { organization_id: orgId, url: receiverUrl, event_types: ["claim.cancelled"], secret: "v1:AAAA:BBBB:CCCC" },
    });
    const before = received.length;
    await emitWebhookEvent(t.database, orgId, "claim.cancelled", { id: "cl_9" });
    const page = await until(async () => {
      const p = await listWebhookAttempts(t.database, orgId, endpoint.id, { filter: "failed", page: 1 });
      return p.total === 1 ? p : null;
    });
    expect(page.attempts[0]!.error_message).toMatch(/Rotate the secret/);
    await until(
      async () =>
        (
          await t.database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM jobs WHERE name = 'webhook.deliver' AND status = 'failed' AND attempts = 1 AND payload->>'endpoint_id' = $1`,
            [endpoint.id],
          )
        )[0]!.n === 1,
    );
    expect(received.length).toBe(before); // nothing unsigned was sent
    await t.database.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { active: false } });
  });

  it("paginates attempts 10 a page", async () => {
    const { webhook } = await createWebhookEndpoint(t.database, orgId, { url: receiverUrl, description: null, event_types: ["prior_auth.processing"] });
    await t.database.prisma.webhookDelivery.createMany({
      data: Array.from({ length: 23 }, (_, i) => ({
        webhook_endpoint_id: webhook.id,
        event_type: "prior_auth.processing",
        message_id: `msg_p${i}`,
        payload: {},
        response_code: i % 2 ? 200 : 500,
        success: Boolean(i % 2),
        created_at: new Date(Date.now() - i * 1000),
      })),
    });
    const p1 = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "all", page: 1 });
    const p3 = await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "all", page: 3 });
    expect([p1.attempts.length, p3.attempts.length, p1.total, p1.page_count]).toEqual([10, 3, 23, 3]);
    expect(p1.attempts[0]!.message_id).toBe("msg_p0");
    expect(p3.attempts.at(-1)!.message_id).toBe("msg_p22");
    expect((await listWebhookAttempts(t.database, orgId, webhook.id, { filter: "succeeded", page: 1 })).total).toBe(11);
  });

  it("rotating the secret signs the next delivery with the new one", async () => {
    const { webhook, secret: old } = await createWebhookEndpoint(t.database, orgId, {
      url: receiverUrl,
      description: null,
      event_types: ["prior_auth.intake.succeeded"],
    });
    const { secret } = await rotateWebhookSecret(t.database, orgId, webhook.id);
    expect(secret).not.toBe(old);
    const before = received.length;
    await emitWebhookEvent(t.database, orgId, "prior_auth.intake.succeeded", { id: "pa_3" });
    const got = await until(() => received[before]);
    const [id, ts] = [String(got.headers["webhook-id"]), String(got.headers["webhook-timestamp"])];
    expect(got.headers["webhook-signature"]).toBe(expectedSignature(secret, id, ts, got.body));
    await expect(rotateWebhookSecret(t.database, otherOrgId, webhook.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("events from the domain", () => {
  it("deleting a case emits prior_auth.cancelled; an intake failing for good emits prior_auth.failed and prior_auth.intake.failed in its transaction", async () => {
    await t.database.prisma.webhookEndpoint.updateMany({ where: { organization_id: orgId }, data: { active: false } });
    await createWebhookEndpoint(t.database, orgId, {
      url: receiverUrl,
      description: null,
      event_types: ["prior_auth.cancelled", "prior_auth.failed", "prior_auth.intake.failed"],
    });
    const before = received.length;
    const pa = await t.database.prisma.priorAuth.create({ data: { organization_id: orgId, medication_name: "Humira" } });
    await t.database.prisma.$transaction(async (tx) => {
      const after = await markIntakeFailed(tx, pa.id, { attempt: 1, final: false, message: "boom" });
      void after;
    });
    await t.database.prisma.$transaction(async (tx) => {
      await markIntakeFailed(tx, pa.id, { attempt: 3, final: true, message: "model down" });
    });
    await deletePriorAuth(t.database, orgId, pa.id);
    await until(() => received.length >= before + 3 || null);
    await new Promise((r) => setTimeout(r, 300));
    const types = received.slice(before).map((r) => JSON.parse(r.body) as { type: string; data: { id: string; error?: string } });
    expect(types.map((x) => x.type).sort()).toEqual(["prior_auth.cancelled", "prior_auth.failed", "prior_auth.intake.failed"]);
    expect(types.every((x) => x.data.id === pa.id)).toBe(true);
    expect(types.find((x) => x.type === "prior_auth.failed")!.data.error).toBe("model down");
  });

  it("a rolled-back failure queues no delivery", async () => {
    const pa = await t.database.prisma.priorAuth.create({ data: { organization_id: orgId, medication_name: "Humira" } });
    await expect(
      t.database.prisma.$transaction(async (tx) => {
        await markIntakeFailed(tx, pa.id, { attempt: 3, final: true, message: "x" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const n = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE name = 'webhook.deliver' AND payload->'data'->>'id' = $1`, [
      pa.id,
    ]);
    expect(n[0]!.n).toBe(0);
  });
});

describe("SSRF policy", () => {
  it("refuses private, loopback, link-local and mapped addresses unless WEBHOOKS_ALLOW_PRIVATE=1", async () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "0:0:0:0:0:ffff:a9fe:a9fe",
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isBlockedAddress(ip), ip).toBe(false);
    process.env.WEBHOOKS_ALLOW_PRIVATE = "0";
    try {
      await expect(safePost(receiverUrl, "{}", {})).rejects.toBeInstanceOf(BlockedAddressError);
      await expect(safePost(receiverUrl.replace("127.0.0.1", "localhost"), "{}", {})).rejects.toBeInstanceOf(BlockedAddressError);
      await expect(safePost("http://[::1]:9/x", "{}", {})).rejects.toBeInstanceOf(BlockedAddressError);
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    }
    await expect(safePost("ftp://example.test/x", "{}", {})).rejects.toThrow(/http/);
  });
});

describe("/api webhook endpoints", () => {
  it("creates with a key (secret shown once), lists without secrets, validates, updates, deletes; other orgs get 404", async () => {
    const auth = { Authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const bad = await app.fetch(`/api/o/${orgId}/webhook_endpoints`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: "not a url", event_types: [] }),
    });
    expect(bad.status).toBe(422);
    const badBody = await bad.json();
    expect(badBody.success).toBe(false);
    expect(badBody.errors.join(" ")).toMatch(/URL must be a valid/);
    expect(badBody.errors.join(" ")).toMatch(/at least one event type/);
    const unknownType = await app.fetch(`/api/o/${orgId}/webhook_endpoints`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: "https://x.test/h", event_types: ["nope"] }),
    });
    expect(unknownType.status).toBe(422);

    const res = await app.fetch(`/api/o/${orgId}/webhook_endpoints`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: "https://hooks.example.test/pa", description: "ERP", event_types: ["prior_auth.succeeded", "prior_auth.failed"] }),
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.secret).toMatch(/^whsec_/);
    const id = created.webhook.id as string;
    const list = await (await app.fetch(`/api/o/${orgId}/webhook_endpoints.json`, { headers: { cookie } })).json();
    expect(list.webhook_endpoints.some((w: { id: string }) => w.id === id)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(JSON.stringify(list)).not.toContain("v1:");
    const one = await (await app.fetch(`/api/o/${orgId}/webhook_endpoints/${id}.json`, { headers: auth })).json();
    expect(one.webhook).toMatchObject({ id, description: "ERP", event_types: ["prior_auth.succeeded", "prior_auth.failed"] });
    expect(one.webhook.secret).toBeUndefined();

    const put = await app.fetch(`/api/o/${orgId}/webhook_endpoints/${id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ url: "https://hooks.example.test/v2", event_types: ["claim.succeeded"] }),
    });
    expect((await put.json()).webhook).toMatchObject({ url: "https://hooks.example.test/v2", event_types: ["claim.succeeded"], description: null });

    const otherKey = (await createApiKey(t.database, otherOrgId, "other org webhooks key", [...DEFAULT_API_KEY_SCOPES, "webhooks.manage"])).token;
    for (const [url, method] of [
      [`/api/o/${orgId}/webhook_endpoints/${id}.json`, "GET"],
      [`/api/o/${orgId}/webhook_endpoints/${id}`, "DELETE"],
      [`/api/o/${otherOrgId}/webhook_endpoints/${id}`, "DELETE"],
    ] as const) {
      const r = await app.fetch(url, { method, headers: { Authorization: `Bearer ${otherKey}` } });
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    const del = await app.fetch(`/api/o/${orgId}/webhook_endpoints/${id}`, { method: "DELETE", headers: auth });
    expect(del.status).toBe(200);
    expect((await app.fetch(`/api/o/${orgId}/webhook_endpoints/${id}.json`, { headers: auth })).status).toBe(404);
  });

  it("lists deliveries with filter and page, and reruns one", async () => {
    const { webhook } = await createWebhookEndpoint(t.database, orgId, { url: receiverUrl, description: null, event_types: ["prior_auth.processing"] });
    const row = await t.database.prisma.webhookDelivery.create({
      data: {
        webhook_endpoint_id: webhook.id,
        event_type: "prior_auth.processing",
        message_id: "msg_api",
        payload: { type: "prior_auth.processing", timestamp: new Date().toISOString(), data: { id: "x" } },
        response_code: 500,
      },
    });
    const auth = { Authorization: `Bearer ${apiKey}` };
    const failed = await (await app.fetch(`/api/o/${orgId}/webhook_endpoints/${webhook.id}/webhook_deliveries.json?filter=failed`, { headers: auth })).json();
    expect(failed).toMatchObject({ success: true, total: 1, page: 1 });
    expect(failed.webhook_deliveries[0].message_id).toBe("msg_api");
    const succeeded = await (
      await app.fetch(`/api/o/${orgId}/webhook_endpoints/${webhook.id}/webhook_deliveries.json?filter=succeeded`, { headers: auth })
    ).json();
    expect(succeeded.total).toBe(0);
    const before = received.length;
    const rerun = await app.fetch(`/api/o/${orgId}/webhook_endpoints/${webhook.id}/webhook_deliveries/${row.id}/rerun`, { method: "POST", headers: auth });
    expect(rerun.status).toBe(202);
    const got = await until(() => received[before]);
    expect(got.headers["webhook-id"]).toBe("msg_api");
  });
});
