/**
 * What the appeal and time-frame rules need to know about one case — a prior auth, or a medical
 * claim decided per service line — read in one query and normalised to one shape (`AppealCase`), and
 * the rules themselves as pure functions over that shape (so a case page can show why an action is
 * unavailable with the same words the command refuses with). The case kinds differ only in how they
 * are read, locked and told about a change (`CASE_KIND_ADAPTERS`).
 */
import type { Database } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { priorAuthStatus } from "~/cases/prior-auth-case-source.server";
import { claimStatus, serviceLineState } from "~/cases/claim-case-source.server";
import { dueAt } from "~/prior-auths/regulatory-clock";
import { requirePriorAuth } from "~/prior-auths/require-prior-auth.server";
import { lockPriorAuth, refreshFinalDecision } from "~/prior-auths/effective-decision.server";
import { requireClaim } from "~/claims/create-claim.server";
import { publish } from "~/queue/live-events.server";
import type { AppealJson, TimeFrameExtensionJson } from "./schemas";

const PERSON = { select: { id: true, username: true } } as const;
const EXTENSION_INCLUDE = { user: PERSON } as const;
const APPEAL_INCLUDE = { recorded_by: PERSON, decided_by: PERSON } as const;

/** The kinds of case that have time-frame extensions and appeals. */
export type AppealCaseKind = "prior_auth" | "claim";

/** A case by kind and id (the id as given: a URL token, checked against the organization on load). */
export interface AppealCaseRef {
  kind: AppealCaseKind;
  id: string;
}

/** A bare string is a prior auth's id (the original callers). */
export function toCaseRef(ref: string | AppealCaseRef): AppealCaseRef {
  return typeof ref === "string" ? { kind: "prior_auth", id: ref } : ref;
}

type ExtensionRow = Prisma.TimeFrameExtensionGetPayload<{ include: typeof EXTENSION_INCLUDE }>;
type AppealRow = Prisma.AppealGetPayload<{ include: typeof APPEAL_INCLUDE }>;

/** A finally denied part of the case: the whole prior auth (line null) or one service line of a claim. */
export interface FinalDenial {
  /** the service line's id (claims); null for a prior auth */
  line_id: string | null;
  /** a label for messages and the page ("Line 2: MRI lumbar spine (72148)") */
  label: string;
  /** when the denial became final (the human decision, or the clinician's sign-off) */
  at: Date;
}

/** One case, as the appeal and time-frame rules see it. */
export interface AppealCase {
  kind: AppealCaseKind;
  id: string;
  organization_id: string;
  urgency: string;
  received_at: Date;
  due_at: Date | null;
  line_of_business: string | null;
  /** the case has a final determination of every part (prior auth: status decided; claim: every line) */
  decided: boolean;
  /** the finally denied parts a clinician signed off (denial letter), whether or not already appealed */
  final_denials: FinalDenial[];
  extension: ExtensionRow | null;
  /** oldest first */
  appeals: AppealRow[];
}

/** "prior auth" | "claim", for messages. */
export function caseLabel(kind: AppealCaseKind): string {
  return kind === "claim" ? "claim" : "prior auth";
}

interface CaseKindAdapter {
  /** the case's own id, or AppError not_found for another organization's or an unknown case */
  require(database: Database, organizationId: string, id: string): Promise<{ id: string }>;
  /** locks the case row for the rest of the transaction (writers of decisions take the same lock) */
  lock(tx: Prisma.TransactionClient, id: string): Promise<unknown>;
  read(client: Prisma.TransactionClient, id: string): Promise<AppealCase>;
  setDueAt(tx: Prisma.TransactionClient, id: string, dueAt: Date): Promise<unknown>;
  /** after an appeal decision, inside the transaction (prior auths: refresh final_decision) */
  afterDecision(tx: Prisma.TransactionClient, id: string): Promise<unknown>;
  /**
   * Live events after a change: `event` to the case page; `listChange` (fields that changed, or null)
   * to the organization's lists.
   */
  notify(database: Database, organizationId: string, id: string, event: Record<string, unknown>, listChange: Record<string, unknown> | null): Promise<void>;
}

const priorAuthAdapter: CaseKindAdapter = {
  require: (database, organizationId, id) => requirePriorAuth(database, organizationId, id),
  lock: (tx, id) => lockPriorAuth(tx, id),
  async read(client, id) {
    const c = await client.priorAuth.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        organization_id: true,
        urgency: true,
        received_at: true,
        due_at: true,
        intake_status: true,
        medication_name: true,
        plan: { select: { line_of_business: true } },
        human_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { decision_type: true, created_at: true } },
        ai_decisions: { orderBy: [{ created_at: "desc" }, { id: "desc" }], take: 1, select: { final_decision: true, created_at: true } },
        letters: { where: { kind: "denial", signed_off_by_id: { not: null } }, orderBy: { created_at: "desc" }, take: 1, select: { created_at: true } },
        time_frame_extension: { include: EXTENSION_INCLUDE },
        appeals: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: APPEAL_INCLUDE },
      },
    });
    const human = c.human_decisions[0] ?? null;
    const status = priorAuthStatus({ intake_status: c.intake_status, human, ai: c.ai_decisions[0] ?? null });
    // A prior auth's denial is final when the latest human decision denies and a clinician signed off a denial letter.
    const finalDenial = human?.decision_type === "deny" && c.letters.length > 0;
    return {
      kind: "prior_auth",
      id: c.id,
      organization_id: c.organization_id,
      urgency: c.urgency,
      received_at: c.received_at,
      due_at: c.due_at,
      line_of_business: c.plan?.line_of_business ?? null,
      decided: status.status === "decided",
      final_denials: finalDenial ? [{ line_id: null, label: c.medication_name ?? "the request", at: human.created_at }] : [],
      extension: c.time_frame_extension,
      appeals: c.appeals,
    };
  },
  setDueAt: (tx, id, due) => tx.priorAuth.update({ where: { id }, data: { due_at: due } }),
  afterDecision: (tx, id) => refreshFinalDecision(tx, id, null),
  async notify(database, organizationId, id, event, listChange) {
    if (listChange) await publish(database, `org:${organizationId}`, "prior_auth", { id, ...listChange });
    await publish(database, `prior_auth:${id}`, "decision", event);
  },
};

const claimAdapter: CaseKindAdapter = {
  require: (database, organizationId, id) => requireClaim(database, organizationId, id),
  lock: (tx, id) => tx.$queryRaw`SELECT id FROM claims WHERE id = ${id} FOR UPDATE`,
  async read(client, id) {
    const c = await client.claim.findUniqueOrThrow({
      where: { id },
      select: {
        id: true,
        organization_id: true,
        urgency: true,
        received_at: true,
        due_at: true,
        intake_status: true,
        plan: { select: { line_of_business: true } },
        service_requests: {
          orderBy: [{ line_number: "asc" }, { created_at: "asc" }],
          select: {
            id: true,
            line_number: true,
            code: true,
            description: true,
            decisions: { select: { agent: true, final_decision: true, approved: true, created_at: true, signed_off_at: true } },
          },
        },
        letters: { where: { kind: "denial", signed_off_by_id: { not: null } }, select: { service_request_id: true } },
        time_frame_extension: { include: EXTENSION_INCLUDE },
        appeals: { orderBy: [{ created_at: "asc" }, { id: "asc" }], include: APPEAL_INCLUDE },
      },
    });
    const signed = new Set(c.letters.map((l) => l.service_request_id));
    // Whether every line is finally determined is read without the appeals: an appeal reconsiders a determination.
    const status = claimStatus({ intake_status: c.intake_status, lines: c.service_requests.map((s) => s.decisions) });
    const finalDenials: FinalDenial[] = [];
    for (const s of c.service_requests) {
      const state = serviceLineState(s.decisions);
      // A line's denial is final once a clinician signed it off and its denial letter exists (claim-review.server.ts).
      if (state.state === "denied" && state.at && signed.has(s.id)) {
        const name = s.description && s.code ? `${s.description} (${s.code})` : (s.description ?? s.code ?? "service");
        finalDenials.push({ line_id: s.id, label: `Line ${s.line_number}: ${name}`, at: state.at });
      }
    }
    return {
      kind: "claim",
      id: c.id,
      organization_id: c.organization_id,
      urgency: c.urgency,
      received_at: c.received_at,
      due_at: c.due_at,
      line_of_business: c.plan?.line_of_business ?? null,
      decided: status.status === "decided",
      final_denials: finalDenials,
      extension: c.time_frame_extension,
      appeals: c.appeals,
    };
  },
  setDueAt: (tx, id, due) => tx.claim.update({ where: { id }, data: { due_at: due } }),
  afterDecision: async () => undefined, // a claim's status is derived from its lines and appeals on read
  async notify(database, organizationId, id, event, listChange) {
    if (listChange) await publish(database, `org:${organizationId}`, "claim", { id, ...listChange });
    await publish(database, `claim:${id}`, "decision", event);
  },
};

/** How each kind of case is read, locked and notified. */
export const CASE_KIND_ADAPTERS: Record<AppealCaseKind, CaseKindAdapter> = { prior_auth: priorAuthAdapter, claim: claimAdapter };

/** The case `ref` of `organizationId` with its decisions, signed denials, extension and appeals. Throws AppError not_found. */
export async function loadAppealCase(database: Database, organizationId: string, ref: string | AppealCaseRef): Promise<AppealCase> {
  const { kind, id } = toCaseRef(ref);
  const adapter = CASE_KIND_ADAPTERS[kind];
  const row = await adapter.require(database, organizationId, id);
  return adapter.read(database.prisma, row.id);
}

/** The same read by the case's own id with any client (inside a transaction, after locking the case). */
export function readAppealCase(client: Prisma.TransactionClient, id: string, kind: AppealCaseKind = "prior_auth"): Promise<AppealCase> {
  return CASE_KIND_ADAPTERS[kind].read(client, id);
}

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
 * already finally determined (a claim: every service line); already extended once; Part D; the due
 * time already passed.
 */
export function extensionBlockedReason(c: AppealCase, now = new Date()): string | null {
  const label = caseLabel(c.kind);
  if (isFinallyDetermined(c)) return `This ${label} already has a final determination; its time frame can no longer be extended`;
  if (c.extension) return `The time frame of this ${label} was already extended once; the rule allows a single extension of up to 14 days`;
  if (isPartD(c.line_of_business)) return "Part D coverage determinations cannot be extended (42 CFR 423.568, 423.572)";
  if (currentDueAt(c).getTime() < now.getTime()) return "The decision is already past its due time; a time frame can only be extended before it runs out";
  return null;
}

/** True once the case has a final determination (a human decision, an AI approval; a claim: of every line) or an appeal. */
export function isFinallyDetermined(c: AppealCase): boolean {
  return c.decided || c.appeals.length > 0;
}

/** True when the case has a final denial (prior auth: the latest human decision denies and a clinician signed off; claim: at least one such line). */
export function hasFinalDenial(c: AppealCase): boolean {
  return c.final_denials.length > 0;
}

/** The ids of the claim lines an overturned appeal approved. */
export function overturnedLineIds(c: Pick<AppealCase, "appeals">): Set<string> {
  return new Set(c.appeals.filter((a) => a.outcome === "overturned").flatMap((a) => a.service_request_ids));
}

/** The final denials that can still be appealed: all of a prior auth's (none after an overturn); a claim's lines not yet overturned. */
export function appealableDenials(c: AppealCase): FinalDenial[] {
  if (c.kind === "prior_auth") return c.appeals.some((a) => a.outcome === "overturned") ? [] : c.final_denials;
  const overturned = overturnedLineIds(c);
  return c.final_denials.filter((d) => !overturned.has(d.line_id!));
}

/** Why an appeal cannot be recorded on `c`, or null when it can. */
export function appealBlockedReason(c: AppealCase): string | null {
  const label = caseLabel(c.kind);
  const anyOverturned = c.appeals.some((a) => a.outcome === "overturned");
  if (c.kind === "prior_auth" && anyOverturned) return "The denial was already overturned on appeal";
  if (!hasFinalDenial(c))
    return c.kind === "claim"
      ? "Only a final denial can be appealed: a clinician must sign off the denial of a service line (denial letter) first"
      : "Only a final denial can be appealed: a clinician must sign off the denial (denial letter) first";
  if (appealableDenials(c).length === 0) return "Every denied service line was already overturned on appeal";
  if (c.appeals.some((a) => a.outcome === null)) return `An appeal of this ${label} is already open; decide it before recording another`;
  return null;
}

/** The extension row as JSON. */
export function serializeExtension(e: ExtensionRow): TimeFrameExtensionJson {
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
export function serializeAppeal(a: AppealRow): AppealJson {
  return {
    token: a.id,
    received_at: a.received_at.toISOString(),
    appellant: a.appellant,
    notes: a.notes,
    service_request_ids: a.service_request_ids,
    outcome: a.outcome,
    decision_reason: a.decision_reason,
    decided_at: a.decided_at?.toISOString() ?? null,
    decided_by: a.decided_by,
    recorded_by: a.recorded_by,
    created_at: a.created_at.toISOString(),
  };
}
