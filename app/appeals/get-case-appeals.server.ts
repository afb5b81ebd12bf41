/** The time-frame extension and appeals of one case, with what may be done next (case page, /api answers). */
import type { Database } from "~/lib/db.server";
import { appealBlockedReason, extensionBlockedReason, isFinallyDetermined, loadAppealCase, serializeAppeal, serializeExtension } from "./load-case.server";
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
}

/** See CaseAppeals. Throws AppError not_found for another organization's or an unknown case. */
export async function getCaseAppeals(database: Database, organizationId: string, priorAuthId: string, now = new Date()): Promise<CaseAppeals> {
  const c = await loadAppealCase(database, organizationId, priorAuthId);
  const appeals = c.appeals.map(serializeAppeal);
  const decided = appeals.filter((a) => a.outcome);
  return {
    extension: c.time_frame_extension ? serializeExtension(c.time_frame_extension) : null,
    appeals,
    appeal_outcome: appeals.some((a) => a.outcome === "overturned") ? "approved_after_appeal" : decided.length ? "upheld_on_appeal" : null,
    extension_blocked: extensionBlockedReason(c, now),
    determined: isFinallyDetermined(c),
    appeal_blocked: appealBlockedReason(c),
    open_appeal: appeals.find((a) => a.outcome === null) ?? null,
  };
}

/** Per prior auth, what the CMS-0057-F report needs: extended, appealed, approved after appeal. */
export interface AppealFacts {
  extended: boolean;
  appealed: boolean;
  approved_after_appeal: boolean;
}

/** AppealFacts of the organization's prior auths among `priorAuthIds` (those with neither are absent from the map). */
export async function listAppealFacts(database: Database, organizationId: string, priorAuthIds: string[]): Promise<Map<string, AppealFacts>> {
  const out = new Map<string, AppealFacts>();
  if (priorAuthIds.length === 0) return out;
  const [extensions, appeals] = await Promise.all([
    database.prisma.timeFrameExtension.findMany({
      where: { organization_id: organizationId, prior_auth_id: { in: priorAuthIds } },
      select: { prior_auth_id: true },
    }),
    database.prisma.appeal.findMany({
      where: { organization_id: organizationId, prior_auth_id: { in: priorAuthIds } },
      select: { prior_auth_id: true, outcome: true },
    }),
  ]);
  const get = (id: string) => out.get(id) ?? out.set(id, { extended: false, appealed: false, approved_after_appeal: false }).get(id)!;
  for (const e of extensions) get(e.prior_auth_id).extended = true;
  for (const a of appeals) {
    const f = get(a.prior_auth_id);
    f.appealed = true;
    if (a.outcome === "overturned") f.approved_after_appeal = true;
  }
  return out;
}
