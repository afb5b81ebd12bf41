/**
 * Shapes of the webhook JSON the /api/o/{org}/webhook_endpoints routes answer with, as zod schemas
 * for the OpenAPI document (app/openapi). They describe WebhookEndpointSummary and WebhookAttempt of
 * manage-webhooks.server.ts; nothing parses with them at run time.
 */
import { z } from "zod";

/** One endpoint (WebhookEndpointSummary): stats over the last 30 days; never the secret. */
export const WebhookEndpointJsonSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
  attempts: z.number().int().describe("delivery attempts over the last 30 days"),
  failed_attempts: z.number().int(),
  error_rate: z.number().describe("failed / attempts, 0..1 (0 with no attempts)"),
});

/** One delivery attempt (WebhookAttempt). */
export const WebhookDeliveryJsonSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  message_id: z.string().describe("the webhook-id header; the same on a rerun"),
  attempt: z.number().int(),
  success: z.boolean(),
  response_code: z.number().int().nullable(),
  error_message: z.string().nullable(),
  url: z.string().nullable(),
  duration_ms: z.number().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.unknown(),
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
});

/** The signing secret, shown once (`whsec_...`). */
export const WebhookSecretJsonSchema = z.string().describe("signing secret (whsec_<base64>), shown only in this answer");
