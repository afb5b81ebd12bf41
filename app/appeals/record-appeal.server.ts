/**
 * Appeals of a prior auth's final denial (the case page's "Record appeal" / "Decide appeal";
 * POST /api/o/{org}/prior_auths/{id}/appeals and .../appeals/{appealId}/decision).
 *
 * An appeal is a reconsideration of an adverse determination (42 CFR 422.578-422.590 for MA
 * organization determinations; 45 CFR 147.136 internal appeals for group and individual coverage).
 * It is its own record (`appeals`): the AI and human decisions it reconsiders are never changed, so
 * the decision trail keeps the original denial, and the CMS-0057-F report can count "approved after
 * appeal" (42 CFR 422.122(c)) apart from initial approvals.
 *  - Recording: only once the denial is final (a clinician signed off the denial letter and no later
 *    human decision approved), one open appeal at a time, none after an overturn. Any member who
 *    works cases may record one (it is intake, not a decision).
 *  - Deciding: by a signed-in clinical reviewer (the clinical sign-off permission, never an API key;
 *    reconsideration of a medical-necessity denial by a physician, 42 CFR 422.590(h)(2)).
 *    Overturned → the case's outcome becomes approved (prior_auths.final_decision "approved",
 *    shown as "Approved after appeal"); upheld → the denial stands.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { publish } from "~/queue/live-events.server";
import { canSignOffDenials, findEffectiveMembership } from "~/auth/permissions.server";
import { lockPriorAuth, refreshFinalDecision } from "~/prior-auths/effective-decision.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";
import { DecideAppealInputSchema, RecordAppealInputSchema, type DecideAppealInput, type RecordAppealInput } from "./appeals-input";
import { appealBlockedReason, loadAppealCase, readAppealCase, serializeAppeal } from "./load-case.server";
import type { AppealJson } from "./schemas";

export const APPEAL_DECIDE_FORBIDDEN = "An appeal must be decided by a signed-in clinical reviewer";

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message);
    throw new AppError("validation", problems[0]!, { details: problems.slice(1) });
  }
  return parsed.data;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Records an appeal of the final denial of prior auth `priorAuthId` of `organizationId`.
 * `userId` is who recorded it (null for an API key). Returns the appeal (AppealSchema).
 * Errors: not_found (not this organization's case); validation (date, appellant, notes; a date in
 * the future or before the day of the denial); conflict (no final denial, an open appeal, already
 * overturned).
 */
export async function recordAppeal(
  database: Database,
  organizationId: string,
  priorAuthId: string,
  input: RecordAppealInput | Record<string, unknown>,
  userId: string | null,
  now = new Date(),
): Promise<AppealJson> {
  const c = await loadAppealCase(database, organizationId, priorAuthId);
  const data = parse(RecordAppealInputSchema, input);
  if (data.received_at.getTime() > now.getTime() + 60_000 && day(data.received_at) > day(now)) {
    throw new AppError("validation", "The date the appeal was received cannot be in the future");
  }
  const appeal = await database.prisma.$transaction(async (tx) => {
    await lockPriorAuth(tx, c.id);
    const fresh = await readAppealCase(tx, c.id);
    const blocked = appealBlockedReason(fresh);
    if (blocked) throw new AppError("conflict", blocked);
    const deniedAt = fresh.human_decisions[0]!.created_at;
    if (day(data.received_at) < day(deniedAt)) throw new AppError("validation", `The appeal cannot be received before the denial (${day(deniedAt)})`);
    return tx.appeal.create({
      data: {
        organization_id: organizationId,
        prior_auth_id: c.id,
        received_at: data.received_at,
        appellant: data.appellant,
        notes: data.notes ?? "",
        recorded_by_id: userId,
      },
      include: { recorded_by: { select: { id: true, username: true } }, decided_by: { select: { id: true, username: true } } },
    });
  });
  const json = serializeAppeal(appeal);
  await publish(database, `prior_auth:${c.id}`, "decision", { appeal: json });
  return json;
}

/**
 * Decides the open appeal `appealId` of prior auth `priorAuthId`: overturned (the case's final
 * decision becomes approved) or upheld. `userId` must be a clinical reviewer of the organization.
 * Errors: not_found (case or appeal not the organization's / not of this case); validation (outcome,
 * reason); forbidden APPEAL_DECIDE_FORBIDDEN (no user, e.g. an API key, or not a clinical
 * reviewer); conflict (the appeal is already decided).
 */
export async function decideAppeal(
  database: Database,
  organizationId: string,
  priorAuthId: string,
  appealId: string,
  input: DecideAppealInput | Record<string, unknown>,
  userId: string | null,
  now = new Date(),
): Promise<AppealJson> {
  const c = await loadAppealCase(database, organizationId, priorAuthId);
  const id = normalizeToken(appealId);
  if (!id || !c.appeals.some((a) => a.id === id)) throw new AppError("not_found", "Appeal not found");
  const data = parse(DecideAppealInputSchema, input);
  const membership = userId ? await findEffectiveMembership(database, organizationId, userId) : null;
  if (!membership || !canSignOffDenials(membership)) throw new AppError("forbidden", APPEAL_DECIDE_FORBIDDEN);

  const p = database.prisma;
  const appeal = await p.$transaction(async (tx) => {
    await lockPriorAuth(tx, c.id);
    const current = await tx.appeal.findUniqueOrThrow({ where: { id } });
    if (current.outcome) throw new AppError("conflict", `This appeal was already decided (${current.outcome})`);
    const updated = await tx.appeal.update({
      where: { id },
      data: { outcome: data.outcome, decision_reason: data.reason, decided_by_id: userId, decided_at: now },
      include: { recorded_by: { select: { id: true, username: true } }, decided_by: { select: { id: true, username: true } } },
    });
    await refreshFinalDecision(tx, c.id, null);
    return updated;
  });
  const json = serializeAppeal(appeal);
  const finalDecision = data.outcome === "overturned" ? "approved" : "denied";
  await publish(database, `org:${organizationId}`, "prior_auth", { id: c.id, final_decision: finalDecision });
  await publish(database, `prior_auth:${c.id}`, "decision", { appeal: json, final_decision: finalDecision });
  return json;
}
