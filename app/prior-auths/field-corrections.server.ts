/**
 * Reviewer corrections of values read from a request (issue 24, item 6).
 *
 * A value extraction read wrongly ("Erek Holloway" for a scanned "Derek Holloway", "and address" as
 * the prescriber's organization) is corrected on the case page. Each correction is a row of
 * `field_corrections` (who, when, the value before and after): the correction's audit trail. The
 * latest correction of a field is written to the case's row at once and again after every AI re-run
 * (saveIntakeResults calls applyFieldCorrections in its transaction), so a human correction is never
 * overwritten by extraction.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import type { JobTransaction } from "~/queue/define-job";
import { CORRECTABLE_FIELDS, isCorrectableField, type CorrectableField } from "./correctable-fields";

export { CORRECTABLE_FIELDS, isCorrectableField, type CorrectableField };

type Tx = Pick<Database["prisma"], "patient" | "practitioner" | "medicationRequest" | "priorAuth" | "fieldCorrection"> | JobTransaction;

/** One correction as the case detail shows it. */
export interface FieldCorrectionView {
  field: CorrectableField;
  value: string | null;
  previous_value: string | null;
  by: string | null;
  at: string;
}

/**
 * Checks and normalises a corrected value: trimmed, at most the field's length, an ISO date for the
 * date of birth, ten digits for an NPI; empty means "not on the request" (null).
 * Throws AppError("validation") with a message naming the field.
 */
export function normaliseCorrection(field: CorrectableField, raw: string): string | null {
  const value = raw.replace(/\s+/g, " ").trim();
  const { label, max } = CORRECTABLE_FIELDS[field];
  if (!value) return null;
  if (value.length > max) throw new AppError("validation", `${label} must be at most ${max} characters`);
  if (field === "patient.birth_date" && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))))
    throw new AppError("validation", "Date of birth must be a date written YYYY-MM-DD");
  if (field === "practitioner.npi" && !/^\d{10}$/.test(value)) throw new AppError("validation", "Prescriber NPI must be 10 digits");
  return value;
}

/** Writes one field's value to the case's row (patient, prescriber or first medication request) and the list columns. */
async function writeField(tx: Tx, priorAuthId: string, field: CorrectableField, value: string | null) {
  const [table, column] = field.split(".") as ["patient" | "practitioner" | "medication", string];
  if (table === "patient") {
    await tx.patient.updateMany({ where: { prior_auth_id: priorAuthId }, data: { [column]: value } });
    if (column === "first_name" || column === "last_name") {
      const p = await tx.patient.findFirst({ where: { prior_auth_id: priorAuthId }, select: { first_name: true, last_name: true } });
      if (p) await tx.priorAuth.update({ where: { id: priorAuthId }, data: { patient_name: [p.first_name, p.last_name].filter(Boolean).join(" ") || null } });
    }
  } else if (table === "practitioner") {
    const prescriber = await tx.practitioner.findFirst({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "asc" }, select: { id: true } });
    if (prescriber) await tx.practitioner.update({ where: { id: prescriber.id }, data: { [column]: value } });
    if (column === "full_name") await tx.priorAuth.update({ where: { id: priorAuthId }, data: { practitioner_name: value } });
  } else {
    const med = await tx.medicationRequest.findFirst({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "asc" }, select: { id: true } });
    if (med) await tx.medicationRequest.update({ where: { id: med.id }, data: { [column]: value } });
    if (column === "drug_name") await tx.priorAuth.update({ where: { id: priorAuthId }, data: { medication_name: value } });
  }
}

/** The value a field has now on the case (before a correction). */
async function currentValue(tx: Tx, priorAuthId: string, field: CorrectableField): Promise<string | null> {
  const [table, column] = field.split(".") as ["patient" | "practitioner" | "medication", string];
  const row =
    table === "patient"
      ? await tx.patient.findFirst({ where: { prior_auth_id: priorAuthId } })
      : table === "practitioner"
        ? await tx.practitioner.findFirst({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "asc" } })
        : await tx.medicationRequest.findFirst({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "asc" } });
  const v = row ? (row as Record<string, unknown>)[column] : null;
  return v == null ? null : String(v);
}

/**
 * Records reviewer corrections of a case of `organizationId` and writes them to the case. Returns the
 * fields that changed (a value equal to the current one records nothing).
 * Throws AppError not_found for a case of another organization or none, validation for an unknown
 * field or a bad value.
 */
export async function correctFields(
  database: Database,
  organizationId: string,
  priorAuthId: string,
  changes: { field: string; value: string }[],
  by: { user_id: string | null; user_email: string | null },
): Promise<CorrectableField[]> {
  if (!changes.length) throw new AppError("validation", "Nothing to correct");
  const checked = changes.map((c) => {
    if (!isCorrectableField(c.field)) throw new AppError("validation", `Unknown field: ${c.field.slice(0, 60)}`);
    return { field: c.field, value: normaliseCorrection(c.field, c.value) };
  });
  const pa = await database.prisma.priorAuth.findFirst({ where: { id: priorAuthId, organization_id: organizationId }, select: { id: true } });
  if (!pa) throw new AppError("not_found", "Prior auth not found");
  return database.prisma.$transaction(async (tx) => {
    const changed: CorrectableField[] = [];
    for (const c of checked) {
      const before = await currentValue(tx, pa.id, c.field);
      if (before === c.value) continue;
      await tx.fieldCorrection.create({
        data: { organization_id: organizationId, prior_auth_id: pa.id, field: c.field, value: c.value, previous_value: before, ...by },
      });
      await writeField(tx, pa.id, c.field, c.value);
      changed.push(c.field);
    }
    return changed;
  });
}

/**
 * Writes the latest correction of every corrected field of a case to its rows again (after an AI
 * re-run replaced them). Runs inside the caller's transaction.
 */
export async function applyFieldCorrections(tx: Tx, priorAuthId: string): Promise<void> {
  for (const [field, value] of await latestFieldCorrections(tx, priorAuthId)) await writeField(tx, priorAuthId, field, value);
}

/**
 * The latest correction of every corrected field of a case (field → value, null when cleared); empty
 * when none. The intake lays them over what extraction reads (correctFacts) before eligibility and
 * review run again.
 */
export async function latestFieldCorrections(db: Pick<Tx, "fieldCorrection">, priorAuthId: string): Promise<Map<CorrectableField, string | null>> {
  const rows = await db.fieldCorrection.findMany({
    where: { prior_auth_id: priorAuthId },
    orderBy: { created_at: "asc" },
    select: { field: true, value: true },
  });
  const latest = new Map<CorrectableField, string | null>();
  for (const r of rows) if (isCorrectableField(r.field)) latest.set(r.field, r.value);
  return latest;
}

/** A case's corrections, newest first, for the case detail. */
export async function listFieldCorrections(database: Database, priorAuthId: string): Promise<FieldCorrectionView[]> {
  const rows = await database.prisma.fieldCorrection.findMany({ where: { prior_auth_id: priorAuthId }, orderBy: { created_at: "desc" } });
  return rows
    .filter((r) => isCorrectableField(r.field))
    .map((r) => ({ field: r.field as CorrectableField, value: r.value, previous_value: r.previous_value, by: r.user_email, at: r.created_at.toISOString() }));
}
