/**
 * Webhook endpoints of an organization and their delivery attempts (settings pages and
 * /api/o/{org}/webhook_endpoints). Every read and write is scoped by organization: another
 * organization's endpoint id is "not found".
 *
 * The signing secret (`whsec_<base64 of 24 random bytes>`, the Standard Webhooks format) is stored
 * encrypted (secret-box.server.ts) and returned only by `createWebhookEndpoint` and
 * `rotateWebhookSecret`, once.
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";
import { AppError, notFound } from "~/lib/errors";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import { ATTEMPTS_PAGE_SIZE } from "./event-types";
import type { WebhookEndpointInput } from "./webhook-input";

export const SECRET_PURPOSE = "webhook-signing-secret";

/** A fresh Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString("base64")}`;
}

/** The plaintext signing secret of a stored endpoint row. */
export function endpointSecret(row: { secret: string }): string {
  return openSecret(row.secret, SECRET_PURPOSE);
}

export interface WebhookEndpointSummary {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  active: boolean;
  created_at: string;
  updated_at: string;
  /** attempts over the last 30 days */
  attempts: number;
  failed_attempts: number;
  /** failed / attempts, 0..1 (0 with no attempts) */
  error_rate: number;
}

const STATS_WINDOW_DAYS = 30;

async function attemptStats(database: Database, endpointIds: string[]): Promise<Map<string, { attempts: number; failed: number }>> {
  const out = new Map<string, { attempts: number; failed: number }>();
  if (!endpointIds.length) return out;
  const rows = await database.prisma.webhookDelivery.groupBy({
    by: ["webhook_endpoint_id", "success"],
    where: { webhook_endpoint_id: { in: endpointIds }, created_at: { gte: new Date(Date.now() - STATS_WINDOW_DAYS * 86_400_000) } },
    _count: { _all: true },
  });
  for (const r of rows) {
    const s = out.get(r.webhook_endpoint_id) ?? { attempts: 0, failed: 0 };
    s.attempts += r._count._all;
    if (!r.success) s.failed += r._count._all;
    out.set(r.webhook_endpoint_id, s);
  }
  return out;
}

function summarize(
  row: { id: string; url: string; description: string | null; event_types: string[]; active: boolean; created_at: Date; updated_at: Date },
  stats?: { attempts: number; failed: number },
): WebhookEndpointSummary {
  const attempts = stats?.attempts ?? 0;
  const failed = stats?.failed ?? 0;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    attempts,
    failed_attempts: failed,
    error_rate: attempts ? failed / attempts : 0,
  };
}

/** The organization's endpoints, newest first, with their 30-day error rate. */
export async function listWebhookEndpoints(database: Database, organizationId: string): Promise<WebhookEndpointSummary[]> {
  const rows = await database.prisma.webhookEndpoint.findMany({ where: { organization_id: organizationId }, orderBy: { created_at: "desc" } });
  const stats = await attemptStats(
    database,
    rows.map((r) => r.id),
  );
  return rows.map((r) => summarize(r, stats.get(r.id)));
}

/** One endpoint of the organization. @throws AppError not_found */
export async function getWebhookEndpoint(database: Database, organizationId: string, id: string): Promise<WebhookEndpointSummary> {
  const row = await database.prisma.webhookEndpoint.findFirst({ where: { id, organization_id: organizationId } });
  if (!row) throw notFound();
  return summarize(row, (await attemptStats(database, [row.id])).get(row.id));
}

/** Creates an endpoint. Returns it with `secret`, the only time the secret is shown. */
export async function createWebhookEndpoint(
  database: Database,
  organizationId: string,
  input: WebhookEndpointInput,
): Promise<{ webhook: WebhookEndpointSummary; secret: string }> {
  const secret = generateWebhookSecret();
  const count = await database.prisma.webhookEndpoint.count({ where: { organization_id: organizationId } });
  if (count >= 50) throw new AppError("conflict", "An organization can have at most 50 webhook endpoints");
  const row = await database.prisma.webhookEndpoint.create({
    data: {
      organization_id: organizationId,
      url: input.url,
      description: input.description,
      event_types: input.event_types,
      secret: sealSecret(secret, SECRET_PURPOSE),
    },
  });
  return { webhook: summarize(row), secret };
}

/** Replaces url, description and event types. @throws AppError not_found */
export async function updateWebhookEndpoint(
  database: Database,
  organizationId: string,
  id: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointSummary> {
  const res = await database.prisma.webhookEndpoint.updateMany({
    where: { id, organization_id: organizationId },
    data: { url: input.url, description: input.description, event_types: input.event_types },
  });
  if (!res.count) throw notFound();
  return getWebhookEndpoint(database, organizationId, id);
}

/** Turns deliveries to an endpoint on or off. @throws AppError not_found */
export async function setWebhookEndpointActive(database: Database, organizationId: string, id: string, active: boolean): Promise<WebhookEndpointSummary> {
  const res = await database.prisma.webhookEndpoint.updateMany({ where: { id, organization_id: organizationId }, data: { active } });
  if (!res.count) throw notFound();
  return getWebhookEndpoint(database, organizationId, id);
}

/** Deletes an endpoint and its attempts (queued deliveries to it are skipped). @throws AppError not_found */
export async function deleteWebhookEndpoint(database: Database, organizationId: string, id: string): Promise<void> {
  const res = await database.prisma.webhookEndpoint.deleteMany({ where: { id, organization_id: organizationId } });
  if (!res.count) throw notFound();
}

/**
 * Replaces the signing secret at once (deliveries from now on are signed with the new one).
 * Returns the new secret, shown once. @throws AppError not_found
 */
export async function rotateWebhookSecret(database: Database, organizationId: string, id: string): Promise<{ secret: string }> {
  const secret = generateWebhookSecret();
  const res = await database.prisma.webhookEndpoint.updateMany({
    where: { id, organization_id: organizationId },
    data: { secret: sealSecret(secret, SECRET_PURPOSE) },
  });
  if (!res.count) throw notFound();
  return { secret };
}

export interface WebhookAttempt {
  id: string;
  event_type: string;
  message_id: string;
  attempt: number;
  success: boolean;
  response_code: number | null;
  error_message: string | null;
  url: string | null;
  duration_ms: number | null;
  sent_at: string | null;
  created_at: string;
  payload: unknown;
  request_body: string | null;
  response_body: string | null;
}

function serializeAttempt(r: {
  id: string;
  event_type: string;
  message_id: string;
  attempt: number;
  success: boolean;
  response_code: number | null;
  error_message: string | null;
  url: string | null;
  duration_ms: number | null;
  sent_at: Date | null;
  created_at: Date;
  payload: unknown;
  request_body: string | null;
  response_body: string | null;
}): WebhookAttempt {
  return {
    id: r.id,
    event_type: r.event_type,
    message_id: r.message_id,
    attempt: r.attempt,
    success: r.success,
    response_code: r.response_code,
    error_message: r.error_message,
    url: r.url,
    duration_ms: r.duration_ms,
    sent_at: r.sent_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    payload: r.payload,
    request_body: r.request_body,
    response_body: r.response_body,
  };
}

export type AttemptFilter = "all" | "succeeded" | "failed";

/**
 * A page of an endpoint's attempts, newest first. `succeeded` means response code 200 (§9),
 * `failed` everything else. Returns the page, the filtered total and the stats of all attempts.
 * @throws AppError not_found (endpoint of another organization)
 */
export async function listWebhookAttempts(
  database: Database,
  organizationId: string,
  endpointId: string,
  opts: { filter: AttemptFilter; page: number; pageSize?: number },
) {
  const endpoint = await getWebhookEndpoint(database, organizationId, endpointId);
  const pageSize = opts.pageSize ?? ATTEMPTS_PAGE_SIZE;
  const base = { webhook_endpoint_id: endpoint.id };
  // Failed = not 200, including attempts with no response at all (NULL code: `<> 200` alone skips NULL).
  const failedWhere = { ...base, OR: [{ response_code: null }, { NOT: { response_code: 200 } }] };
  const effective = opts.filter === "succeeded" ? { ...base, response_code: 200 } : opts.filter === "failed" ? failedWhere : base;
  // The counts first, then the page: attempts are only ever added, so every attempt a count saw is on
  // its page (run side by side on separate connections, a delivery landing in between was counted
  // while its page came back empty: "1 failed attempt" over an empty list).
  const [total, succeeded, all] = await Promise.all([
    database.prisma.webhookDelivery.count({ where: effective }),
    database.prisma.webhookDelivery.count({ where: { ...base, response_code: 200 } }),
    database.prisma.webhookDelivery.count({ where: base }),
  ]);
  const rows = await database.prisma.webhookDelivery.findMany({
    where: effective,
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    skip: (opts.page - 1) * pageSize,
    take: pageSize,
  });
  return {
    webhook: endpoint,
    attempts: rows.map(serializeAttempt),
    total,
    page: opts.page,
    page_size: pageSize,
    page_count: Math.max(1, Math.ceil(total / pageSize)),
    stats: { total: all, succeeded, failed: all - succeeded },
  };
}

/** One attempt of an endpoint of the organization. @throws AppError not_found */
export async function getWebhookAttempt(database: Database, organizationId: string, endpointId: string, attemptId: string): Promise<WebhookAttempt> {
  const row = await database.prisma.webhookDelivery.findFirst({
    where: { id: attemptId, webhook_endpoint_id: endpointId, webhook_endpoint: { organization_id: organizationId } },
  });
  if (!row) throw notFound();
  return serializeAttempt(row);
}

/**
 * Sends an attempt's message again (same message id and payload, so a receiver de-duplicating on
 * webhook-id sees the same message), as a new `webhook.deliver` job with its own retries.
 * @throws AppError not_found
 */
export async function rerunWebhookAttempt(database: Database, organizationId: string, endpointId: string, attemptId: string): Promise<{ job_id: string }> {
  const row = await database.prisma.webhookDelivery.findFirst({
    where: { id: attemptId, webhook_endpoint_id: endpointId, webhook_endpoint: { organization_id: organizationId } },
  });
  if (!row) throw notFound();
  const payload = row.payload as { timestamp?: string; data?: unknown } | null;
  const job = await enqueue(
    database,
    "webhook.deliver",
    {
      endpoint_id: row.webhook_endpoint_id,
      message_id: row.message_id,
      event_type: row.event_type,
      timestamp: payload?.timestamp ?? row.created_at.toISOString(),
      data: payload?.data ?? null,
    },
    { lane: organizationLane(organizationId) },
  );
  return { job_id: job.id };
}
