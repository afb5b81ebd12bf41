/**
 * Prescriber specialty synonyms → canonical specialty names. Policy review compares canonical names
 * (e.g. a policy requiring "rheumatologist" accepts "Rheumatology").
 */
export const SPECIALTIES: { name: string; synonyms: RegExp[] }[] = [
  { name: "Rheumatology", synonyms: [/rheumatolog/i] },
  { name: "Dermatology", synonyms: [/dermatolog/i, /\bderm\b/i] },
  { name: "Gastroenterology", synonyms: [/gastroenterolog/i, /\bGI\b/, /hepatolog/i, /digestive/i] },
  { name: "Neurology", synonyms: [/neurolog/i, /headache medicine/i] },
  { name: "Cardiology", synonyms: [/cardiolog/i, /cardiovascular disease/i, /\bcardiovascular\b/i, /lipidolog/i, /heart/i] },
  { name: "Endocrinology", synonyms: [/endocrinolog/i, /diabetes/i] },
  { name: "Pulmonology", synonyms: [/pulmonolog/i, /pulmonary/i, /respirolog/i, /chest medicine/i] },
  { name: "Allergy/Immunology", synonyms: [/allerg/i, /immunolog/i] },
  { name: "Nephrology", synonyms: [/nephrolog/i] },
  { name: "Ophthalmology", synonyms: [/ophthalmolog/i] },
  { name: "Oncology", synonyms: [/oncolog/i, /hematolog/i] },
  { name: "Otolaryngology", synonyms: [/otolaryngolog/i, /\bENT\b/] },
  { name: "Pediatrics", synonyms: [/pediatric/i, /paediatric/i] },
  { name: "Internal Medicine", synonyms: [/internal medicine/i, /internist/i] },
  { name: "Family Medicine", synonyms: [/family (?:medicine|practice|physician)/i, /family nurse practitioner/i, /primary care/i, /general practice/i] },
  { name: "Obstetrics/Gynecology", synonyms: [/obstetric/i, /gynecolog/i, /\bOB\/?GYN\b/i] },
  { name: "Psychiatry", synonyms: [/psychiatr/i] },
  { name: "Orthopedics", synonyms: [/orthop(a)?edic/i] },
  { name: "Urology", synonyms: [/urolog/i] },
  { name: "Infectious Disease", synonyms: [/infectious disease/i] },
  { name: "Colorectal Surgery", synonyms: [/colorectal surg/i] },
];

/** Canonical specialty for free text ("Neurology - Headache Medicine" → "Neurology"), or null. */
export function canonicalSpecialty(text: string): string | null {
  for (const s of SPECIALTIES) if (s.synonyms.some((r) => r.test(text))) return s.name;
  return null;
}
