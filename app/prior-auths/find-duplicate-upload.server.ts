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
 * match (tenancy). `kind` "epa" compares an ePA's document text (its stored UTF-8 bytes) instead.
 */
export async function findDuplicateFax(
  database: Database,
  organizationId: string,
  bytes: Uint8Array,
  opts: { withinDays?: number; now?: Date; kind?: "fax" | "epa" } = {},
): Promise<DuplicateUpload | null> {
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const since = new Date((opts.now ?? new Date()).getTime() - (opts.withinDays ?? DUPLICATE_WINDOW_DAYS) * 86_400_000);
  const doc = await database.prisma.document.findFirst({
    where: { organization_id: organizationId, kind: opts.kind ?? "fax", sha256, prior_auth_id: { not: null }, created_at: { gte: since } },
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

/**
 * The duplicate a create request through the API would make (issue 24: the same check as the Fax
 * Simulation upload): for a fax its file's content, for an ePA its document text (trimmed, as stored).
 * Null when there is none, when the request carries no content (its own validation answers), or when
 * the caller asked to create anyway.
 */
export async function findDuplicateOfRequest(
  database: Database,
  organizationId: string,
  input: { submission_type: "fax"; file: { bytes: Uint8Array } | null } | { submission_type: "epa"; synthetic_document: string },
  opts: { withinDays?: number; now?: Date } = {},
): Promise<DuplicateUpload | null> {
  if (input.submission_type === "fax")
    return input.file?.bytes.byteLength ? findDuplicateFax(database, organizationId, input.file.bytes, { ...opts, kind: "fax" }) : null;
  const text = (input.synthetic_document ?? "").trim();
  return text ? findDuplicateFax(database, organizationId, new TextEncoder().encode(text), { ...opts, kind: "epa" }) : null;
}
