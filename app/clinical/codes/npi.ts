/**
 * National Provider Identifier (NPI): check digit and OCR-tolerant reading.
 * Source: CMS, "Requirements for the NPI check digit" — Luhn (ISO/IEC 7812) over the card-issuer
 * prefix 80840 followed by the first nine NPI digits; NPIs start with 1 or 2.
 */
import { DIGIT_CONFUSIONS, ocrDigits } from "./ocr";

/** True when `npi` is ten digits whose last digit is the CMS check digit. Non-digits → false. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const body = "80840" + npi.slice(0, 9);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === npi.charCodeAt(9) - 48;
}

export interface NpiReading {
  npi: string;
  valid: boolean;
  /** true when OCR repair changed the raw digits */
  corrected: boolean;
}

/**
 * Reads an NPI from raw (possibly OCR-garbled) text: confusable letters become digits; when the
 * check digit fails, every single-digit OCR confusion is tried and a repair is kept only when exactly
 * one candidate (or exactly one also in `preferred`) passes. Null when the text is not 10 digit-like
 * characters.
 */
export function readNpi(raw: string, preferred: string[] = []): NpiReading | null {
  const compact = ocrDigits(raw.replace(/[\s\-.]/g, ""));
  if (!/^\d{10}$/.test(compact)) return null;
  if (isValidNpi(compact)) return { npi: compact, valid: true, corrected: compact !== raw.replace(/[\s\-.]/g, "") };
  const cands = new Set<string>();
  for (let i = 0; i < 10; i++) {
    for (const alt of DIGIT_CONFUSIONS[compact[i]] ?? []) {
      const c = compact.slice(0, i) + alt + compact.slice(i + 1);
      if ((c[0] === "1" || c[0] === "2") && isValidNpi(c)) cands.add(c);
    }
  }
  const list = [...cands];
  const pref = list.filter((c) => preferred.includes(c));
  if (pref.length === 1) return { npi: pref[0], valid: true, corrected: true };
  if (list.length === 1) return { npi: list[0], valid: true, corrected: true };
  return { npi: compact, valid: false, corrected: false };
}
