/**
 * Input of POST/PUT /api/o/{org}/webhook_endpoints and of the New/Edit webhook modal:
 * `{url, description?, event_types}`. `event_types` may be an array or one string (a form field).
 */
import { z } from "zod";
import { isWebhookEventType } from "./event-types";

const EventTypes = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(z.string().refine(isWebhookEventType, { message: "Unknown event type" }))
      .min(1, "Choose at least one event type")
      .max(50)
      .transform((v) => [...new Set(v)]),
  );

export const WebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000, "URL must be at most 2000 characters")
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password && Boolean(u.hostname);
      } catch {
        return false;
      }
    }, "URL must be a valid http(s) URL without credentials"),
  description: z
    .string()
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional()
    .nullable()
    .transform((v) => v || null),
  event_types: EventTypes,
});

export type WebhookEndpointInput = z.output<typeof WebhookEndpointInputSchema>;

/** Query of GET .../webhook_deliveries: `filter` all|succeeded|failed, `page` >= 1. */
export const WebhookDeliveriesQuerySchema = z.object({
  filter: z.enum(["all", "succeeded", "failed"]).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
