/** The time-frame extension and appeals of one case, with what may be done next (case page, /api answers). */
import type { Database } from "~/lib/db.server";
import {
  appealBlockedReason,
  appealableDenials,
  currentDueAt,
  extensionBlockedReason,
  isFinallyDetermined,
  loadAppealCase,
  serializeAppeal,
  serializeExtension,
  type AppealCaseKind,
  type AppealCaseRef,
} from "./load-case.server";
import type { AppealJson, TimeFrameExtensionJson } from "./schemas";

export interface CaseAppeals {
  extension: TimeFrameExtensionJson | null;
  /** oldest first */
  appeals: AppealJson[];
  /** "approved_after_appeal" once an appeal overturned the denial; "upheld_on_appeal" when the last decided appeal upheld it */
  appeal_outcome: "approved_after_appeal" | "upheld_on_appeal" | null;
  /** null when the time frame can be extended, else why not */
  extension_blocked: string | null;
  /** the case has a final determination: its time frame no longer matters */
  determined: boolean;
  /** null when an appeal can be recorded, else why not */
  appeal_blocked: string | null;
  /** the open appeal awaiting a clinician's decision, if any */
  open_appeal: AppealJson | null;
  /** the case's current due time (ISO; moved by an extension) */
  due_at: string;
  /** the finally denied parts an appeal may still cover (a claim: its service lines, with labels), oldest appeal rules aside */
  appealable: { service_request_id: string | null; label: string; denied_at: string }[];
  /** every signed-off denied part with its label (a claim's appeals name lines by these), overturned or not */
  denied_lines: { service_request_id: string | null; label: string }[];
}

/**
 * See CaseAppeals, for the case `ref` (a prior auth's id, or {kind, id}). Throws AppError not_found
 * for another organization's or an unknown case.
 */
export async function getCaseAppeals(database: Database, organizationId: string, ref: string | AppealCaseRef, now = new Date()): Promise<CaseAppeals> {
  const c = await loadAppealCase(database, organizationId, ref);
  const appeals = c.appeals.map(serializeAppeal);
  const decided = appeals.filter((a) => a.outcome);
  return {
    due_at: currentDueAt(c).toISOString(),
    appealable: appealableDenials(c).map((d) => ({ service_request_id: d.line_id, label: d.label, denied_at: d.at.toISOString() })),
    denied_lines: c.final_denials.map((d) => ({ service_request_id: d.line_id, label: d.label })),
    extension: c.extension ? serializeExtension(c.extension) : null,
    appeals,
    appeal_outcome: appeals.some((a) => a.outcome === "overturned") ? "approved_after_appeal" : decided.length ? "upheld_on_appeal" : null,
    extension_blocked: extensionBlockedReason(c, now),
    determined: isFinallyDetermined(c),
    appeal_blocked: appealBlockedReason(c),
    open_appeal: appeals.find((a) => a.outcome === null) ?? null,
  };
}

/** Per case, what the CMS-0057-F report needs: extended, appealed, approved after appeal (a claim: any line overturned). */
export interface AppealFacts {
  extended: boolean;
  appealed: boolean;
  approved_after_appeal: boolean;
}

/**
 * AppealFacts of the organization's cases of `kind` (default prior auths) among `ids`, keyed by the
 * case's id (those with neither are absent from the map).
 */
export async function listAppealFacts(
  database: Database,
  organizationId: string,
  ids: string[],
  kind: AppealCaseKind = "prior_auth",
): Promise<Map<string, AppealFacts>> {
  const out = new Map<string, AppealFacts>();
  if (ids.length === 0) return out;
  const where = kind === "claim" ? { organization_id: organizationId, claim_id: { in: ids } } : { organization_id: organizationId, prior_auth_id: { in: ids } };
  const [extensions, appeals] = await Promise.all([
    database.prisma.timeFrameExtension.findMany({ where, select: { prior_auth_id: true, claim_id: true } }),
    database.prisma.appeal.findMany({ where, select: { prior_auth_id: true, claim_id: true, outcome: true } }),
  ]);
  const caseId = (r: { prior_auth_id: string | null; claim_id: string | null }) => (kind === "claim" ? r.claim_id : r.prior_auth_id)!;
  const get = (id: string) => out.get(id) ?? out.set(id, { extended: false, appealed: false, approved_after_appeal: false }).get(id)!;
  for (const e of extensions) get(caseId(e)).extended = true;
  for (const a of appeals) {
    const f = get(caseId(a));
    f.appealed = true;
    if (a.outcome === "overturned") f.approved_after_appeal = true;
  }
  return out;
}
