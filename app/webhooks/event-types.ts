/**
 * Webhook event types (PRODUCT-SPEC §9): every `<subject>.<outcome>` with the four outcomes
 * processing, succeeded, cancelled, failed. Claim events are declared here so endpoints can
 * subscribe to them; they are emitted from the claims domain once it runs claims.
 */
export const WEBHOOK_OUTCOMES = ["processing", "succeeded", "cancelled", "failed"] as const;
export const WEBHOOK_SUBJECTS = ["prior_auth", "prior_auth.intake", "prior_auth.coverage_policy", "claim", "claim.intake", "claim.coverage_policy"] as const;

export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export type WebhookSubject = (typeof WEBHOOK_SUBJECTS)[number];
export type WebhookEventType = `${WebhookSubject}.${WebhookOutcome}`;

/** Every event type, grouped by subject in the order above. */
export const WEBHOOK_EVENT_TYPES = WEBHOOK_SUBJECTS.flatMap((s) => WEBHOOK_OUTCOMES.map((o) => `${s}.${o}` as WebhookEventType));

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Error-rate badge threshold (§9: red above 10 %, else green), as a fraction. */
export const ERROR_RATE_RED_ABOVE = 0.1;

/** Page size of the Message Attempts table. */
export const ATTEMPTS_PAGE_SIZE = 10;
