/**
 * Reviewer corrections laid over the facts extraction read (issue 24, item 6), so that an AI re-run
 * checks eligibility, selects the policy and reviews on the corrected member, prescriber and drug
 * instead of the misread values (the stored rows are corrected afterwards as well, by
 * applyFieldCorrections). Pure.
 */
import type { CaseFacts } from "~/clinical/contracts";
import { isValidNpi } from "~/clinical/codes/npi";
import { lookupDrug } from "~/clinical/vocabulary/drugs";
import type { CorrectableField } from "./correctable-fields";

/**
 * `facts` with each corrected field set to the reviewer's value (null clears it). A corrected drug
 * name also sets the generic name from the drug vocabulary (null when unknown) and the name as
 * written; a corrected prescriber name sets its first and last name. Fields not corrected keep what
 * extraction read, citations included.
 */
export function correctFacts(facts: CaseFacts, corrections: ReadonlyMap<CorrectableField, string | null>): CaseFacts {
  if (!corrections.size) return facts;
  const patient = { ...facts.patient };
  const practitioner = { ...facts.practitioner };
  const medication = { ...facts.medication };
  for (const [field, value] of corrections) {
    switch (field) {
      case "patient.first_name":
      case "patient.last_name":
      case "patient.birth_date":
      case "patient.member_id":
      case "patient.insurance_plan":
        patient[field.slice("patient.".length) as "first_name" | "last_name" | "birth_date" | "member_id" | "insurance_plan"] = value;
        break;
      case "practitioner.full_name": {
        practitioner.full_name = value;
        const words = (value ?? "").trim().split(/\s+/).filter(Boolean);
        practitioner.first_name = words.length > 1 ? words[0]! : null;
        practitioner.last_name = words.length ? words[words.length - 1]! : null;
        break;
      }
      case "practitioner.organization_name":
        practitioner.organization_name = value;
        break;
      case "practitioner.npi":
        practitioner.npi = value;
        practitioner.npi_valid = value ? isValidNpi(value) : null;
        break;
      case "medication.drug_name":
        medication.drug_name = value;
        medication.drug_name_as_written = value;
        medication.generic_name = value ? (lookupDrug(value)?.generic ?? null) : null;
        break;
      case "medication.strength":
        medication.strength = value;
        break;
      case "medication.dosage":
        medication.dosage = value;
        break;
    }
  }
  return { ...facts, patient, practitioner, medication };
}
