/**
 * The requested drug as a case shows it (issue 24, item 1): the drug the request itself names, with
 * its strength, never a formulary drug substituted for it.
 */

/**
 * "Humira 40 mg/0.4 mL" from the extracted medication: the name (as extraction read it from the
 * request) and the strength when the name does not already carry it; null when neither was read.
 */
export function requestedDrugLabel(med: { drug_name: string | null; strength: string | null; drug_name_as_written?: string | null }): string | null {
  const name = med.drug_name ?? med.drug_name_as_written ?? null;
  if (!name) return med.strength ?? null;
  if (!med.strength || name.toLowerCase().includes(med.strength.toLowerCase())) return name;
  return `${name} ${med.strength}`;
}
