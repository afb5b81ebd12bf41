/**
 * What the appeal and time-frame rules need to know about one prior auth, read in one query, and
 * the rules themselves as pure functions (so the case page can show why an action is unavailable
 * with the same words the command refuses with).
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { priorAuthStatus } from "~/cases/prior-auth-case-source.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";
import type { AppealJson, TimeFrameExtensionJson } from "./schemas";

const PERSON = { select: { id: true, username: true } } as const;

/** The prior auth `priorAuthId` of `organizationId` with its decisions, signed letters, extension and appeals. Throws AppError not_found. */
export async function loadAppealCase(database: Database, organizationId: string, priorAuthId: string) {
  const pa = await requirePriorAuth(database, organizationId, priorAuthId);
  return readAppealCase(database.prisma, pa.id);
}

/** The same read by the case's own id with any client (inside a transaction, after `lockPriorAuth`). */
export function readAppealCase(client: Prisma.TransactionClient, id: string) {
  return client.priorAuth.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      organization_id: true,
      urgency: true,
      received_at: true,
      due_at: true,
      intake_status: true,
      plan: { select: { line_of_business: true } },
      human_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { decision_type: true, created_at: true } },
      ai_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { final_decision: true, created_at: true } },
      letters: { where: { kind: "denial", signed_off_by_id: { not: null } }, orderBy: { created_at: "desc" }, take: 1, select: { created_at: true } },
      time_frame_extension: { include: { user: PERSON } },
      appeals: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: { recorded_by: PERSON, decided_by: PERSON } },
    },
  });
}
export type AppealCase = Awaited<ReturnType<typeof loadAppealCase>>;

/** The case's current due time: the stored one (moved by an extension), else received + the regulatory time frame. */
export function currentDueAt(c: Pick<AppealCase, "due_at" | "received_at" | "urgency">): Date {
  return c.due_at ?? dueAt(c.received_at, c.urgency);
}

/** Part D coverage determinations (42 CFR 423.568, 423.572) have no extension provision, unlike MA organization determinations. */
export function isPartD(lineOfBusiness: string | null | undefined): boolean {
  return /part\s*d/i.test(lineOfBusiness ?? "");
}

/**
 * Why the time frame of `c` cannot be extended at `now`, or null when it can. Reasons, in order:
 * already finally determined; already extended once; Part D; the due time already passed.
 */
export function extensionBlockedReason(c: AppealCase, now = new Date()): string | null {
  if (isFinallyDetermined(c)) return "This prior auth already has a final determination; its time frame can no longer be extended";
  if (c.time_frame_extension) return "The time frame of this prior auth was already extended once; the rule allows a single extension of up to 14 days";
  if (isPartD(c.plan?.line_of_business)) return "Part D coverage determinations cannot be extended (42 CFR 423.568, 423.572)";
  if (currentDueAt(c).getTime() < now.getTime()) return "The decision is already past its due time; a time frame can only be extended before it runs out";
  return null;
}

/** True once the case has a final determination (a human decision, an AI approval) or an appeal. */
export function isFinallyDetermined(c: AppealCase): boolean {
  const status = priorAuthStatus({ intake_status: c.intake_status, human: c.human_decisions[0] ?? null, ai: c.ai_decisions[0] ?? null });
  return status.status === "decided" || c.appeals.length > 0;
}

/** True when the case's denial is final: the latest human decision is a denial and a clinician signed off a denial letter. */
export function hasFinalDenial(c: AppealCase): boolean {
  return c.human_decisions[0]?.decision_type === "deny" && c.letters.length > 0;
}

/** Why an appeal cannot be recorded on `c`, or null when it can. */
export function appealBlockedReason(c: AppealCase): string | null {
  if (c.appeals.some((a) => a.outcome === "overturned")) return "The denial was already overturned on appeal";
  if (!hasFinalDenial(c)) return "Only a final denial can be appealed: a clinician must sign off the denial (denial letter) first";
  if (c.appeals.some((a) => a.outcome === null)) return "An appeal of this prior auth is already open; decide it before recording another";
  return null;
}

/** The extension row as JSON. */
export function serializeExtension(e: NonNullable<AppealCase["time_frame_extension"]>): TimeFrameExtensionJson {
  return {
    token: e.id,
    reason_kind: e.reason_kind,
    reason: e.reason,
    days: e.days,
    previous_due_at: e.previous_due_at.toISOString(),
    new_due_at: e.new_due_at.toISOString(),
    created_at: e.created_at.toISOString(),
    user: e.user,
  };
}

/** An appeal row as JSON. */
export function serializeAppeal(a: AppealCase["appeals"][number]): AppealJson {
  return {
    token: a.id,
    received_at: a.received_at.toISOString(),
    appellant: a.appellant,
    notes: a.notes,
    outcome: a.outcome,
    decision_reason: a.decision_reason,
    decided_at: a.decided_at?.toISOString() ?? null,
    decided_by: a.decided_by,
    recorded_by: a.recorded_by,
    created_at: a.created_at.toISOString(),
  };
}
