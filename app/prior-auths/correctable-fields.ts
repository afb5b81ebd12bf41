/**
 * The values read from a request that a reviewer may correct on the case page (issue 24, item 6),
 * shared by the server (app/prior-auths/field-corrections.server.ts) and the case page.
 */

/** The fields a reviewer may correct: key → label, table and column, and the longest value accepted. */
export const CORRECTABLE_FIELDS = {
  "patient.first_name": { label: "Patient first name", max: 100 },
  "patient.last_name": { label: "Patient last name", max: 100 },
  "patient.birth_date": { label: "Date of birth (YYYY-MM-DD)", max: 10 },
  "patient.member_id": { label: "Member ID", max: 64 },
  "patient.insurance_plan": { label: "Insurance plan", max: 200 },
  "practitioner.full_name": { label: "Prescriber name", max: 200 },
  "practitioner.organization_name": { label: "Prescriber organization", max: 200 },
  "practitioner.npi": { label: "Prescriber NPI", max: 10 },
  "medication.drug_name": { label: "Requested drug", max: 200 },
  "medication.strength": { label: "Strength", max: 100 },
  "medication.dosage": { label: "Dosage", max: 500 },
} as const;

export type CorrectableField = keyof typeof CORRECTABLE_FIELDS;

/** True when `field` is one of CORRECTABLE_FIELDS. */
export function isCorrectableField(field: string): field is CorrectableField {
  return Object.prototype.hasOwnProperty.call(CORRECTABLE_FIELDS, field);
}
