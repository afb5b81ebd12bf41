/**
 * Values read with low confidence (issue 24, item 6): extraction errors must not be shown as fact.
 * A field is marked "check" on the case page, with why, when:
 *  - the member was matched to the roster although a name read differs from it ("Erek" read, the
 *    roster has "Derek": a close match; the roster's spelling is offered);
 *  - the name was read as one word (a lost space);
 *  - the identity was read by OCR from a page of low recognition confidence (below
 *    LOW_OCR_CONFIDENCE);
 *  - the value is a neighbouring label's words ("and address" as an organization; a caption such as
 *    "Credential", or its OCR misreading "Crederihal", read as part of a name);
 *  - the value looks cut off ("…then every 12": it ends on a connector or a bare number after one);
 *  - the directions are the drug line read again (the drug's name, no word of how often).
 * A field a reviewer corrected is never marked: the correction stands.
 * Pure: computed from the stored case, the eligibility reason and the fax pages' OCR confidence.
 */
import type { CorrectableField } from "./correctable-fields";

/** Mean page OCR confidence (0..1) under which values read from the page are marked. */
export const LOW_OCR_CONFIDENCE = 0.75;

export interface FieldFlag {
  field: CorrectableField;
  /** why the value may be wrong, in plain words */
  reason: string;
  /** a likely value (the roster's spelling), when one is known */
  suggestion?: string;
}

export interface FieldConfidenceInput {
  patient: {
    first_name: string | null;
    last_name: string | null;
    birth_date: string | null;
    member_id: string | null;
    citations: { page: number }[];
  } | null;
  prescriber: { full_name: string | null; organization_name: string | null } | null;
  medication: { dosage: string | null; strength: string | null; drug_name?: string | null } | null;
  /** the eligibility reason of the current AI decision (names roster matches) */
  eligibilityReason: string | null;
  /** the fax's pages: OCR or text layer, with OCR confidence */
  pages: { page: number; ocr: boolean; confidence: number | null }[];
  /** fields a reviewer corrected */
  corrected: ReadonlySet<string>;
}

/** Words of a form's labels that are no organization name when read as one. */
const LABEL_WORDS =
  /^(?:and|or|&|address|name|phone|telephone|fax|npi|dea|specialty|city|state|zip|tax\s*id|tin|contact|office|clinic\s*name|practice\s*name|organization|n\/a)\b/i;
/**
 * Words of a form's captions that are never part of a person's name. A name word equal or close to
 * one (OCR read the caption "Credential" as "Crederihal" and took it for the first name) was read
 * from a neighbouring label.
 */
const CAPTION_WORDS = [
  "credential",
  "credentials",
  "specialty",
  "signature",
  "prescriber",
  "physician",
  "provider",
  "address",
  "telephone",
  "facility",
  "practice",
  "member",
  "subscriber",
  "patient",
  "first",
  "last",
  "name",
  "date",
  "birth",
];

/** Levenshtein distance of two short words. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The caption a name word is (or is an OCR misreading of), or null: "Crederihal" → "credential". */
export function captionLike(word: string): string | null {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length < 4) return null;
  for (const c of CAPTION_WORDS) {
    if (w === c) return c;
    // close only for long captions (no real name is near "credential" or "prescriber"; "Prentice" is
    // near "practice"): at most a third of the letters differ, first letter kept
    if (c.length >= 9 && Math.abs(w.length - c.length) <= 2 && w[0] === c[0] && editDistance(w, c) <= Math.floor(c.length / 3)) return c;
  }
  return null;
}

/** Words of a dosing frequency: directions say how often. */
const FREQUENCY =
  /\b(?:daily|weekly|monthly|every|each|once|twice|times|q\s*\d*\s*(?:h|hr|hrs|d|day|days|w|wk|wks|week|weeks|mo|month|months)?|qd|qid|bid|tid|qhs|qod|prn|wk|wks|week|weeks|day|days|month|months|hours?|nightly|bedtime|morning|evening|dose|doses|induction|maintenance|as directed|per)\b/i;

/** A value ending on a connector, or a number right after one ("then every 12"): cut off. */
const CUT_OFF = /(?:\b(?:and|or|then|every|each|per|to|of|for|with|x|q)\s*\d*|[,;:(/-])\s*$/i;

/** The fields to mark on a case (see the module comment); at most one flag per field. */
export function lowConfidenceFields(input: FieldConfidenceInput): FieldFlag[] {
  const flags = new Map<CorrectableField, FieldFlag>();
  const add = (f: FieldFlag) => {
    if (!input.corrected.has(f.field) && !flags.has(f.field)) flags.set(f.field, f);
  };
  const reason = input.eligibilityReason ?? "";
  const p = input.patient;

  if (p) {
    // "first name "Erek" read as roster "Derek" (close match)"
    for (const m of reason.matchAll(/\b(first|last) name "([^"]+)" read as roster "([^"]+)"(?: \((\w+) match\))?/g)) {
      const field: CorrectableField = m[1] === "first" ? "patient.first_name" : "patient.last_name";
      const read = field === "patient.first_name" ? p.first_name : p.last_name;
      if (read && read.toLowerCase() === m[3].toLowerCase()) continue; // same but for case
      add({
        field,
        reason: `Read as "${m[2]}" from the request; the plan's roster has "${m[3]}". Check the spelling on the fax.`,
        suggestion: m[3],
      });
    }
    if (/name "[^"]+" read as one word/.test(reason)) {
      add({ field: "patient.first_name", reason: "The name was read as one word (a space was lost); check how it is split." });
      add({ field: "patient.last_name", reason: "The name was read as one word (a space was lost); check how it is split." });
    }
    const pages = new Set(p.citations.map((c) => c.page));
    const scanned = input.pages.filter((pg) => pages.has(pg.page) && pg.ocr && pg.confidence != null && pg.confidence < LOW_OCR_CONFIDENCE);
    if (scanned.length) {
      const conf = Math.round(Math.min(...scanned.map((s) => s.confidence!)) * 100);
      const why = `Read by OCR from a poor scan (recognition confidence ${conf}%).`;
      for (const field of ["patient.first_name", "patient.last_name", "patient.birth_date", "patient.member_id"] as const) {
        const value =
          field === "patient.first_name"
            ? p.first_name
            : field === "patient.last_name"
              ? p.last_name
              : field === "patient.birth_date"
                ? p.birth_date
                : p.member_id;
        if (value) add({ field, reason: why });
      }
    }
  }

  // a name with a form caption's word in it ("Crederihal Farouk": the caption "Credential" read by OCR)
  const nameCaption = (name: string | null | undefined) =>
    (name ?? "")
      .split(/\s+/)
      .map((w) => ({ w, c: captionLike(w) }))
      .find((x) => x.c);
  if (p)
    for (const field of ["patient.first_name", "patient.last_name"] as const) {
      const hit = nameCaption(field === "patient.first_name" ? p.first_name : p.last_name);
      if (hit) add({ field, reason: `"${hit.w}" looks like the form's "${hit.c}" caption read as part of the name; check the name on the fax.` });
    }
  const prescriberCaption = nameCaption(input.prescriber?.full_name);
  if (prescriberCaption)
    add({
      field: "practitioner.full_name",
      reason: `"${prescriberCaption.w}" looks like the form's "${prescriberCaption.c}" caption read as part of the name; check the name on the fax.`,
    });

  const org = input.prescriber?.organization_name?.trim();
  if (org && (LABEL_WORDS.test(org) || /^[a-z]/.test(org)))
    add({ field: "practitioner.organization_name", reason: `"${org}" looks like part of a form label, not an organization name.` });

  const dosage = input.medication?.dosage?.trim();
  if (dosage && CUT_OFF.test(dosage)) add({ field: "medication.dosage", reason: "The directions look cut off; check the rest on the fax." });
  // the drug line read as the directions ("Skyrizi (risankizumab-rzaa) 150 mg/mL pen"): it names the
  // drug and says nothing of how often
  const drug = input.medication?.drug_name?.trim().toLowerCase();
  if (dosage && drug && dosage.toLowerCase().includes(drug) && !FREQUENCY.test(dosage))
    add({ field: "medication.dosage", reason: "This looks like the drug name and strength, not the directions; check the directions on the fax." });

  return [...flags.values()];
}
