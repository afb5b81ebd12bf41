/**
 * Review time-frame extension of a case — a prior auth or a medical claim (the case page's "Extend
 * time frame"; POST /api/o/{org}/prior_auths/{id}/extension, POST /api/o/{org}/claims/{id}/extension).
 *
 * Rule: an MA organization may extend the time frame of a standard organization determination
 * (7 calendar days from receipt under CMS-0057-F) by up to 14 calendar days when (A) the enrollee
 * requests the extension, or (B)/(C) the extension is justified and in the enrollee's interest, e.g.
 * additional medical evidence may change a decision to deny (42 CFR 422.568(b)(1)(i)); the 72-hour
 * expedited time frame may be extended by up to 14 calendar days on the same two grounds (42 CFR
 * 422.572(b)). The enrollee is told in writing why, with the right to an expedited grievance
 * (422.568(b)(1)(ii)), and the determination is then due no later than when the extension expires.
 * Read here as: one extension per case, only before the original time frame has run out and while
 * no final determination exists (a claim: while any service line is still undetermined). Part D coverage determinations have no extension (42 CFR 423.568,
 * 423.572) and are refused.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { ExtendTimeFrameInputSchema, MAX_EXTENSION_DAYS, type ExtendTimeFrameInput } from "./appeals-input";
import {
  CASE_KIND_ADAPTERS,
  currentDueAt,
  extensionBlockedReason,
  loadAppealCase,
  readAppealCase,
  serializeExtension,
  toCaseRef,
  type AppealCaseRef,
} from "./load-case.server";
import type { TimeFrameExtensionJson } from "./schemas";

const DAY_MS = 86_400_000;

/**
 * Extends the time frame of case `ref` of `organizationId` (a prior auth's id, or {kind, id}) by
 * `input.days` calendar days (default 14): stores a TimeFrameExtension (previous and new due time,
 * reason, who) and moves the case's due_at. `userId` is the reviewer (null for an API key).
 * Errors: AppError not_found (not this organization's case); validation (reason kind, reason, days
 * 1..14); conflict when the case is finally determined, already extended, a Part D case, or past its
 * due time.
 */
export async function extendTimeFrame(
  database: Database,
  organizationId: string,
  ref: string | AppealCaseRef,
  input: ExtendTimeFrameInput | Record<string, unknown>,
  userId: string | null,
  now = new Date(),
): Promise<TimeFrameExtensionJson> {
  const { kind } = toCaseRef(ref);
  const adapter = CASE_KIND_ADAPTERS[kind];
  const c = await loadAppealCase(database, organizationId, ref);
  const parsed = ExtendTimeFrameInputSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message);
    throw new AppError("validation", problems[0]!, { details: problems.slice(1) });
  }
  const p = database.prisma;
  const extension = await p.$transaction(async (tx) => {
    await adapter.lock(tx, c.id);
    // Re-read under the lock: a concurrent decision or extension must win or lose cleanly.
    const fresh = await readAppealCase(tx, c.id, kind);
    const blocked = extensionBlockedReason(fresh, now);
    if (blocked) throw new AppError("conflict", blocked);
    const previous = currentDueAt(fresh);
    const days = parsed.data.days ?? MAX_EXTENSION_DAYS;
    const next = new Date(previous.getTime() + days * DAY_MS);
    const row = await tx.timeFrameExtension.create({
      data: {
        organization_id: organizationId,
        ...(kind === "claim" ? { claim_id: c.id } : { prior_auth_id: c.id }),
        reason_kind: parsed.data.reason_kind,
        reason: parsed.data.reason,
        days,
        previous_due_at: previous,
        new_due_at: next,
        user_id: userId,
      },
      include: { user: { select: { id: true, username: true } } },
    });
    await adapter.setDueAt(tx, c.id, next);
    return row;
  });
  const json = serializeExtension(extension);
  await adapter.notify(database, organizationId, c.id, { extension: json }, { due_at: json.new_due_at });
  return json;
}
