/**
 * Prescriber specialties: canonical name → words a policy or a request uses for it.
 *
 * A policy's "prescribed by or in consultation with a rheumatologist" names `rheumatologist`;
 * a request's "Specialty: Rheumatology" or "Pediatric Rheumatology" is matched with the same
 * patterns. `broader` lets a subspecialty satisfy its parent ("pediatric rheumatologist" is a
 * rheumatologist) — never the reverse.
 * Source: NUCC Health Care Provider Taxonomy code set (specialty and classification names).
 */

export interface SpecialtyTerm {
  /** canonical practitioner name as policies write it */
  name: string;
  /** regex fragments (lower case) for the specialty in policy prose and on requests */
  patterns: string[];
  /** canonical names this specialty also counts as */
  broader?: string[];
}

export const SPECIALTIES: SpecialtyTerm[] = [
  { name: "rheumatologist", patterns: ["rheumatolog"] },
  { name: "pediatric rheumatologist", patterns: ["pediatric rheumatolog", "paediatric rheumatolog"], broader: ["rheumatologist"] },
  { name: "dermatologist", patterns: ["dermatolog", "\\bderm\\b"] },
  { name: "gastroenterologist", patterns: ["gastroenterolog", "\\bgi specialist", "digestive disease"] },
  { name: "pediatric gastroenterologist", patterns: ["pediatric gastroenterolog"], broader: ["gastroenterologist"] },
  { name: "hepatologist", patterns: ["hepatolog", "transplant hepatolog"], broader: ["gastroenterologist"] },
  // a department or clinic named for the specialty ("Pulmonary & Critical Care Medicine", "Pulmonary Clinic")
  // is the specialty written as its service's name
  {
    name: "pulmonologist",
    patterns: [
      "pulmonolog",
      "pulmonary\\s*(?:&|and|/)?\\s*(?:medicine|disease|critical care|specialist|clinic|department|service|associates|center|centre|group)",
      "chest physician",
      "respirolog",
    ],
  },
  {
    name: "allergist/immunologist",
    patterns: ["allergist", "immunologist", "allergy\\s*(?:&|and|/)?\\s*(?:clinical )?immunolog", "\\ballergy\\b", "clinical immunolog"],
  },
  { name: "cardiologist", patterns: ["cardiolog", "cardiovascular disease", "heart failure specialist", "electrophysiolog"] },
  { name: "lipid specialist", patterns: ["lipidolog", "lipid (?:specialist|clinic)"] },
  { name: "endocrinologist", patterns: ["endocrinolog", "\\bendocrine\\b"] },
  { name: "pediatric endocrinologist", patterns: ["pediatric endocrinolog", "paediatric endocrinolog"], broader: ["endocrinologist"] },
  { name: "neurologist", patterns: ["neurolog", "headache medicine", "epileptolog", "movement disorder", "neuromuscular"] },
  { name: "headache specialist", patterns: ["headache (?:medicine|specialist|center|clinic)"], broader: ["neurologist"] },
  { name: "sleep specialist", patterns: ["sleep medicine", "sleep specialist", "sleep (?:center|clinic|disorders)", "somnolog"] },
  { name: "nephrologist", patterns: ["nephrolog", "(?:kidney|renal) (?:clinic|medicine|specialist|care center|associates)"] },
  { name: "oncologist", patterns: ["oncolog"] },
  { name: "hematologist", patterns: ["hematolog"] },
  { name: "hematologist/oncologist", patterns: ["hematology[/ -]+oncology", "hem[/ -]?onc"], broader: ["hematologist", "oncologist"] },
  { name: "ophthalmologist", patterns: ["ophthalmolog", "retina specialist", "retinal specialist"] },
  { name: "optometrist", patterns: ["optometr"] },
  { name: "psychiatrist", patterns: ["psychiatr"] },
  { name: "infectious disease specialist", patterns: ["infectious disease", "\\bid specialist", "hiv specialist"] },
  { name: "otolaryngologist", patterns: ["otolaryngolog", "\\bent\\b", "ear, nose,? and throat", "rhinolog"] },
  { name: "urologist", patterns: ["urolog"] },
  { name: "gynecologist", patterns: ["gynecolog", "obstetric", "\\bob/?gyn\\b", "reproductive endocrinolog"] },
  { name: "orthopedic surgeon", patterns: ["orthop(?:a)?edic"] },
  { name: "pain specialist", patterns: ["pain (?:medicine|management|specialist)"] },
  { name: "geneticist", patterns: ["genetic(?:ist|s)\\b", "medical genetics"] },
  { name: "transplant specialist", patterns: ["transplant"] },
  { name: "physiatrist", patterns: ["physiatr", "physical medicine"] },
  { name: "pediatrician", patterns: ["pediatric(?:ian|s)\\b", "paediatric"] },
  { name: "internist", patterns: ["internal medicine", "internist"] },
  { name: "family physician", patterns: ["family (?:medicine|practice|physician)", "primary care", "general practi"] },
  { name: "addiction specialist", patterns: ["addiction (?:medicine|specialist)", "substance use"] },
];

/** every pattern starts at a word ("urolog" never matches inside "neurologist") */
const wordStart = (p: string) => new RegExp(p.startsWith("\\b") ? p : `(?<![a-z])(?:${p})`, "i");
const compiled = SPECIALTIES.map((s) => ({ s, res: s.patterns.map(wordStart) }));

/** Canonical specialties named in a policy sentence or on a request ("Pediatric Rheumatology" → both). */
export function specialtiesNamedIn(text: string): string[] {
  const out: string[] = [];
  for (const { s, res } of compiled) if (res.some((r) => r.test(text))) out.push(s.name);
  // "pediatric rheumatologist" also reads as "pediatrician": keep the subspecialty only
  return out.filter((n) => !(n === "pediatrician" && out.some((o) => o.startsWith("pediatric "))));
}

/** True when a request's specialty (canonical) satisfies a required specialty (canonical). */
export function specialtySatisfies(have: string, want: string): boolean {
  if (have === want) return true;
  const seen = new Set<string>();
  const up = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const b of SPECIALTIES.find((s) => s.name === n)?.broader ?? []) up(b);
  };
  up(have);
  if (seen.has(want)) return true;
  // "allergist/immunologist" and the like: either half
  return want.includes("/") && want.split("/").some((w) => seen.has(w) || SPECIALTIES.some((s) => s.name === w && seen.has(s.name)));
}

/** Regexes that find a specialty's words in case text. */
export function specialtyPatterns(name: string): RegExp[] {
  const t = SPECIALTIES.find((s) => s.name === name);
  if (t) return t.patterns.map(wordStart);
  const stem = name.replace(/ist$/, "").replace(/ologist$/, "olog");
  return [new RegExp(stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i")];
}
