/**
 * The `webhook.deliver` job: one attempt to POST one message to one endpoint, signed the Standard
 * Webhooks way (https://www.standardwebhooks.com/, reference implementation `standardwebhooks`):
 *
 *   webhook-id: msg_...            (the same for every attempt and rerun of a message)
 *   webhook-timestamp: <unix s>    (of this attempt)
 *   webhook-signature: v1,<base64 HMAC-SHA256(secret bytes, "<id>.<timestamp>.<body>")>
 *
 * Body: `{"type": <event type>, "timestamp": <ISO time of the event>, "data": {...}}`.
 *
 * Every attempt is stored as a webhook_deliveries row (request body, response code and body, both
 * truncated, error, duration). A non-2xx answer or a network error throws, so the queue retries
 * with exponential backoff (WEBHOOK_RETRY_BASE_MS doubling up to 1 h, WEBHOOK_MAX_ATTEMPTS
 * attempts): delivery is at-least-once. A deleted or disabled endpoint ends the job quietly.
 */
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { defineJob } from "~/queue/define-job";
import { PermanentJobError } from "~/queue/errors";
import type { Database } from "~/lib/db.server";
import { toJsonValue } from "~/lib/json";
import { endpointSecret } from "./manage-webhooks.server";
import { BlockedAddressError, safePost } from "./safe-http.server";

/** Stored request/response bodies are cut at this many characters (the UI says so). */
export const STORED_BODY_LIMIT = 16 * 1024;

export const WebhookDeliverPayloadSchema = z.object({
  endpoint_id: z.string().min(1).max(64),
  message_id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  timestamp: z.string().min(1).max(40),
  data: z.unknown(),
});
export type WebhookDeliverPayload = z.output<typeof WebhookDeliverPayloadSchema>;

function truncate(s: string): string {
  return s.length > STORED_BODY_LIMIT ? `${s.slice(0, STORED_BODY_LIMIT)}\n… (truncated, ${s.length} characters)` : s;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The message body (the same bytes for every attempt). */
export function webhookBody(p: Pick<WebhookDeliverPayload, "event_type" | "timestamp" | "data">): string {
  return JSON.stringify({ type: p.event_type, timestamp: p.timestamp, data: p.data ?? null });
}

/**
 * One delivery attempt; see the module comment. Returns `{ status }` on a 2xx answer.
 * @throws Error (retried by the queue) on a non-2xx answer or a network error;
 *   PermanentJobError when the policy refuses the address (retrying cannot help)
 */
export async function deliverWebhook(
  database: Database,
  p: WebhookDeliverPayload,
  ctx: { jobId?: string; signal?: AbortSignal } = {},
): Promise<{ status: number } | { skipped: string }> {
  const endpoint = await database.prisma.webhookEndpoint.findUnique({ where: { id: p.endpoint_id } });
  if (!endpoint) return { skipped: "endpoint deleted" };
  if (!endpoint.active) return { skipped: "endpoint disabled" };

  const body = webhookBody(p);
  const sentAt = new Date();
  const previous = await database.prisma.webhookDelivery.count({ where: { webhook_endpoint_id: endpoint.id, message_id: p.message_id } });
  let secret: string;
  try {
    secret = endpointSecret(endpoint);
  } catch {
    // SESSION_SECRET changed since the secret was stored: retrying cannot help; say what to do.
    const message = "The signing secret cannot be read (was SESSION_SECRET changed?). Rotate the secret, then rerun.";
    await database.prisma.webhookDelivery.create({
      data: {
        webhook_endpoint_id: endpoint.id,
        event_type: p.event_type,
        message_id: p.message_id,
        payload: { type: p.event_type, timestamp: p.timestamp, data: toJsonValue(p.data) },
        request_body: truncate(body),
        success: false,
        error_message: message,
        attempt: previous + 1,
        url: endpoint.url,
        job_id: ctx.jobId ?? null,
      },
    });
    throw new PermanentJobError(message);
  }
  const signature = new Webhook(secret).sign(p.message_id, sentAt, body);
  const headers = { "webhook-id": p.message_id, "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)), "webhook-signature": signature };

  let status: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  let durationMs: number | null = null;
  let blocked = false;
  const started = Date.now();
  try {
    const res = await safePost(endpoint.url, body, headers, { signal: ctx.signal });
    status = res.status;
    responseBody = res.body;
    durationMs = res.durationMs;
    if (status < 200 || status >= 300) error = `Receiver answered HTTP ${status}`;
  } catch (err) {
    durationMs = Date.now() - started;
    blocked = err instanceof BlockedAddressError;
    error = (err as Error).message || "Delivery failed";
  }
  await database.prisma.webhookDelivery.create({
    data: {
      webhook_endpoint_id: endpoint.id,
      event_type: p.event_type,
      message_id: p.message_id,
      payload: { type: p.event_type, timestamp: p.timestamp, data: toJsonValue(p.data) },
      request_body: truncate(body),
      response_code: status,
      response_body: responseBody === null ? null : truncate(responseBody),
      success: error === null,
      error_message: error,
      attempt: previous + 1,
      sent_at: sentAt,
      url: endpoint.url,
      duration_ms: durationMs,
      job_id: ctx.jobId ?? null,
    },
  });
  if (blocked) throw new PermanentJobError(error!);
  if (error) throw new Error(error);
  return { status: status! };
}

/** Declared as data (app/queue/define-job.ts); listed in the composition root app/jobs.server.ts. */
export const webhookDeliverJob = defineJob({
  name: "webhook.deliver",
  payload: WebhookDeliverPayloadSchema,
  maxAttempts: positiveInt(process.env.WEBHOOK_MAX_ATTEMPTS, 6),
  backoff: {
    baseMs: positiveInt(process.env.WEBHOOK_RETRY_BASE_MS, 5_000),
    maxMs: Math.max(60 * 60_000, positiveInt(process.env.WEBHOOK_RETRY_BASE_MS, 5_000)),
  },
  timeoutMs: 60_000,
  handler: (payload, ctx) => deliverWebhook(ctx.database, payload, { jobId: ctx.jobId, signal: ctx.signal }),
});
