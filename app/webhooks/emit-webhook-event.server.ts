/**
 * Emits a webhook event (PRODUCT-SPEC §9) from the domain layer: one `webhook.deliver` job per
 * active endpoint of the organization subscribed to the event type. Called at the same points that
 * publish progress on the organization's live channel (intake start/finish/failure, decision-tree
 * generation, case deletion).
 *
 * The message (id `msg_<random>`, type, timestamp, data) is fixed here; every attempt and every
 * rerun of it carries the same webhook-id, so receivers can de-duplicate (delivery is
 * at-least-once). With `tx`, the jobs are enqueued inside the caller's transaction (they exist only
 * if it commits).
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";
import type { JobTransaction } from "~/queue/define-job";
import { enqueue, organizationLane } from "~/queue/enqueue.server";
import type { WebhookEventType } from "./event-types";

/** `msg_` + 24 random base64url characters. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(18).toString("base64url")}`;
}

/**
 * @param data small JSON object describing the subject (ids and statuses; no documents)
 * @returns the number of deliveries queued (0 when no endpoint subscribes)
 * Never throws for a database error of the lookup when `opts.bestEffort` is set (events must not
 * fail the domain operation that emits them); otherwise errors propagate.
 */
export async function emitWebhookEvent(
  database: Database,
  organizationId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  opts: { tx?: JobTransaction; bestEffort?: boolean } = {},
): Promise<number> {
  try {
    const client = opts.tx ?? database.prisma;
    const endpoints = await client.webhookEndpoint.findMany({
      where: { organization_id: organizationId, active: true, event_types: { has: type } },
      select: { id: true },
    });
    const timestamp = new Date().toISOString();
    const payloadData = { ...data, organization_id: organizationId };
    for (const e of endpoints) {
      await enqueue(
        database,
        "webhook.deliver",
        { endpoint_id: e.id, message_id: newMessageId(), event_type: type, timestamp, data: payloadData },
        { tx: opts.tx, lane: organizationLane(organizationId) },
      );
    }
    return endpoints.length;
  } catch (err) {
    if (!opts.bestEffort) throw err;
    console.error(`[webhooks] could not emit ${type} for organization ${organizationId}:`, (err as Error).message);
    return 0;
  }
}
