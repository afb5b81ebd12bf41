/**
 * Appeals of a case's final denial (the case page's "Record appeal" / "Decide appeal";
 * POST /api/o/{org}/prior_auths/{id}/appeals and .../appeals/{appealId}/decision, and the same under
 * /claims/{id}). A medical claim is decided per service line: its appeal names the finally denied
 * lines it reconsiders (`service_request_ids`, default all not yet overturned), and an overturn
 * approves those lines (the claim's derived status reads the appeal, claim-case-source.server.ts)
 * without changing the lines' AI or human decisions.
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
import { canSignOffDenials, findEffectiveMembership } from "~/auth/permissions.server";
import { normalizeToken } from "~/prior-auths/require-prior-auth.server";
import {
  DecideAppealInputSchema,
  RecordAppealInputSchema,
  RecordClaimAppealInputSchema,
  type DecideAppealInput,
  type RecordAppealInput,
  type RecordClaimAppealInput,
} from "./appeals-input";
import {
  CASE_KIND_ADAPTERS,
  appealBlockedReason,
  appealableDenials,
  loadAppealCase,
  readAppealCase,
  serializeAppeal,
  toCaseRef,
  type AppealCaseRef,
} from "./load-case.server";
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
 * Records an appeal of the final denial of case `ref` of `organizationId` (a prior auth's id, or
 * {kind, id}). A claim's appeal covers `input.service_request_ids` (each a line whose denial is
 * final and not yet overturned; default: all such lines). `userId` is who recorded it (null for an
 * API key). Returns the appeal (AppealSchema).
 * Errors: not_found (not this organization's case); validation (date, appellant, notes, lines; a
 * date in the future or before the day of the appealed denial); conflict (no final denial, an open
 * appeal, already overturned).
 */
export async function recordAppeal(
  database: Database,
  organizationId: string,
  ref: string | AppealCaseRef,
  input: RecordAppealInput | RecordClaimAppealInput | Record<string, unknown>,
  userId: string | null,
  now = new Date(),
): Promise<AppealJson> {
  const { kind } = toCaseRef(ref);
  const adapter = CASE_KIND_ADAPTERS[kind];
  const c = await loadAppealCase(database, organizationId, ref);
  const data: { received_at: Date; appellant: string; notes?: string; service_request_ids?: string[] } =
    kind === "claim" ? parse(RecordClaimAppealInputSchema, input) : parse(RecordAppealInputSchema, input);
  if (data.received_at.getTime() > now.getTime() + 60_000 && day(data.received_at) > day(now)) {
    throw new AppError("validation", "The date the appeal was received cannot be in the future");
  }
  const appeal = await database.prisma.$transaction(async (tx) => {
    await adapter.lock(tx, c.id);
    const fresh = await readAppealCase(tx, c.id, kind);
    const blocked = appealBlockedReason(fresh);
    if (blocked) throw new AppError("conflict", blocked);
    const open = appealableDenials(fresh);
    let appealed = open;
    if (kind === "claim" && data.service_request_ids?.length) {
      const wanted = [...new Set(data.service_request_ids.map((t) => normalizeToken(t) ?? t))];
      const notOpen = wanted.filter((id) => !open.some((d) => d.line_id === id));
      if (notOpen.length)
        throw new AppError("validation", "Only service lines whose denial is final (signed off) and not yet overturned can be appealed", { details: notOpen });
      appealed = open.filter((d) => wanted.includes(d.line_id!));
    }
    const deniedAt = new Date(Math.max(...appealed.map((d) => d.at.getTime())));
    if (day(data.received_at) < day(deniedAt)) throw new AppError("validation", `The appeal cannot be received before the denial (${day(deniedAt)})`);
    return tx.appeal.create({
      data: {
        organization_id: organizationId,
        ...(kind === "claim" ? { claim_id: c.id, service_request_ids: appealed.map((d) => d.line_id!) } : { prior_auth_id: c.id }),
        received_at: data.received_at,
        appellant: data.appellant,
        notes: data.notes ?? "",
        recorded_by_id: userId,
      },
      include: { recorded_by: { select: { id: true, username: true } }, decided_by: { select: { id: true, username: true } } },
    });
  });
  const json = serializeAppeal(appeal);
  await adapter.notify(database, organizationId, c.id, { appeal: json }, null);
  return json;
}

/**
 * Decides the open appeal `appealId` of case `ref` (a prior auth's id, or {kind, id}): overturned
 * (a prior auth's final decision becomes approved; a claim's appealed lines become approved after
 * appeal) or upheld. `userId` must be a clinical reviewer of the organization.
 * Errors: not_found (case or appeal not the organization's / not of this case); validation (outcome,
 * reason); forbidden APPEAL_DECIDE_FORBIDDEN (no user, e.g. an API key, or not a clinical
 * reviewer); conflict (the appeal is already decided).
 */
export async function decideAppeal(
  database: Database,
  organizationId: string,
  ref: string | AppealCaseRef,
  appealId: string,
  input: DecideAppealInput | Record<string, unknown>,
  userId: string | null,
  now = new Date(),
): Promise<AppealJson> {
  const { kind } = toCaseRef(ref);
  const adapter = CASE_KIND_ADAPTERS[kind];
  const c = await loadAppealCase(database, organizationId, ref);
  const id = normalizeToken(appealId);
  if (!id || !c.appeals.some((a) => a.id === id)) throw new AppError("not_found", "Appeal not found");
  const data = parse(DecideAppealInputSchema, input);
  const membership = userId ? await findEffectiveMembership(database, organizationId, userId) : null;
  if (!membership || !canSignOffDenials(membership)) throw new AppError("forbidden", APPEAL_DECIDE_FORBIDDEN);

  const p = database.prisma;
  const appeal = await p.$transaction(async (tx) => {
    await adapter.lock(tx, c.id);
    const current = await tx.appeal.findUniqueOrThrow({ where: { id } });
    if (current.outcome) throw new AppError("conflict", `This appeal was already decided (${current.outcome})`);
    const updated = await tx.appeal.update({
      where: { id },
      data: { outcome: data.outcome, decision_reason: data.reason, decided_by_id: userId, decided_at: now },
      include: { recorded_by: { select: { id: true, username: true } }, decided_by: { select: { id: true, username: true } } },
    });
    await adapter.afterDecision(tx, c.id);
    return updated;
  });
  const json = serializeAppeal(appeal);
  const finalDecision = data.outcome === "overturned" ? "approved" : "denied";
  await adapter.notify(database, organizationId, c.id, { appeal: json, final_decision: finalDecision }, { final_decision: finalDecision });
  return json;
}
