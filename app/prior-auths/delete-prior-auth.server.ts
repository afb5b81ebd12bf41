/** Deleting a prior auth (list actions menu, DELETE /api/o/{org}/prior_auths/{token}). */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { normalizeToken } from "./require-prior-auth.server";
import { emitWebhookEvent } from "~/webhooks/emit-webhook-event.server";

/**
 * Permanently deletes the prior auth and everything hanging off it (documents, extracted rows,
 * decisions, letters, chat) by cascade. A queued intake job finds the case gone and skips.
 * Publishes a list refresh on `org:{organizationId}` and the `prior_auth.cancelled` webhook event. Throws AppError("not_found").
 */
export async function deletePriorAuth(database: Database, organizationId: string, priorAuthId: string): Promise<{ token: string }> {
  const id = normalizeToken(priorAuthId);
  const { count } = id ? await database.prisma.priorAuth.deleteMany({ where: { id, organization_id: organizationId } }) : { count: 0 };
  if (!count) throw new AppError("not_found", "Prior auth not found");
  await publish(database, `org:${organizationId}`, "prior_auth", { id, deleted: true });
  await emitWebhookEvent(database, organizationId, "prior_auth.cancelled", { id, reason: "deleted" }, { bestEffort: true });
  return { token: id! };
}
