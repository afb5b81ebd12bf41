/**
 * Duplicate uploads (issue 24, item C): the same fax uploaded again within the organization would
 * silently become a second case, decided twice. Before a fax becomes a case the upload screen asks
 * whether one with the very same file content (SHA-256 of the bytes, as stored on documents.sha256)
 * was received in the last DUPLICATE_WINDOW_DAYS days, and offers to open it instead; the reviewer
 * may still create the case anyway (a re-sent fax is sometimes a new request).
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";

/** How far back an identical upload counts as a duplicate, in days. */
export const DUPLICATE_WINDOW_DAYS = 30;

export interface DuplicateUpload {
  /** the existing prior auth */
  token: string;
  /** when the identical file was received (ISO) */
  received_at: string;
  patient_name: string | null;
  medication_name: string | null;
}

/**
 * The most recent prior auth of `organizationId` whose fax has the same content as `bytes`, received
 * within `withinDays` days before `now`; null when there is none. Other organizations' uploads never
 * match (tenancy).
 */
export async function findDuplicateFax(
  database: Database,
  organizationId: string,
  bytes: Uint8Array,
  opts: { withinDays?: number; now?: Date } = {},
): Promise<DuplicateUpload | null> {
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const since = new Date((opts.now ?? new Date()).getTime() - (opts.withinDays ?? DUPLICATE_WINDOW_DAYS) * 86_400_000);
  const doc = await database.prisma.document.findFirst({
    where: { organization_id: organizationId, kind: "fax", sha256, prior_auth_id: { not: null }, created_at: { gte: since } },
    orderBy: { created_at: "desc" },
    select: {
      created_at: true,
      prior_auth: { select: { id: true, patient_name: true, medication_name: true, patient: { select: { first_name: true, last_name: true } } } },
    },
  });
  if (!doc?.prior_auth) return null;
  const pa = doc.prior_auth;
  return {
    token: pa.id,
    received_at: doc.created_at.toISOString(),
    patient_name: [pa.patient?.first_name, pa.patient?.last_name].filter(Boolean).join(" ") || pa.patient_name || null,
    medication_name: pa.medication_name,
  };
}
