/**
 * ICD-10-CM code shape and OCR repair.
 * Source: ICD-10-CM Official Guidelines — a code is a letter, a digit, an alphanumeric, then an
 * optional dot and up to four alphanumerics; the letter U is reserved and O/I never follow the first
 * character.
 */
import { LETTER_TO_DIGIT } from "./ocr";

export const ICD10_SHAPE = /^[A-TV-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$/;

/**
 * Repairs OCR confusions inside an ICD-10-CM candidate ("MO5.79" → "M05.79", "125.10" → "I25.10",
 * "E11,22" → "E11.22") and returns the code with its dot, or null when it cannot be a code.
 */
export function normalizeIcd10(raw: string): string | null {
  let s = raw.trim().replace(/^[£€]/, "E").replace(/^\$/, "S").replace(/[,·•]/g, ".").replace(/\s+/g, "").replace(/\.$/, "");
  if (!s) return null;
  const chars = s.toUpperCase().split("");
  const first: Record<string, string> = { "0": "O", "1": "I", "|": "I", "5": "S", "8": "B", "2": "Z", "6": "G" };
  if (/[0-9|]/.test(chars[0])) chars[0] = first[chars[0]] ?? chars[0];
  const toDigit = (c: string) => (/[OQDUILJ|SZBG!]/.test(c) ? (LETTER_TO_DIGIT[c] ?? ({ "|": "1", "!": "1" } as Record<string, string>)[c] ?? c) : c);
  if (chars[1]) chars[1] = toDigit(chars[1]);
  if (chars[2] && /[OILSZ|]/.test(chars[2])) chars[2] = toDigit(chars[2]);
  for (let i = 3; i < chars.length; i++) if (/[OIL|]/.test(chars[i])) chars[i] = toDigit(chars[i]);
  s = chars.join("");
  if (!s.includes(".") && s.length > 3) s = s.slice(0, 3) + "." + s.slice(3);
  return ICD10_SHAPE.test(s) ? s : null;
}

/**
 * Repairs a candidate whose category has one character too many ("JB82.83"): every one-character
 * deletion before the dot is normalised and a repair is returned only when exactly one reading is
 * confirmed by `confirm` (e.g. a prefix of a condition named next to the code), else null.
 */
export function repairIcd10Insertion(raw: string, confirm: (code: string) => boolean): string | null {
  const s = raw.trim().replace(/[,·•]/g, ".").replace(/\s+/g, "");
  const m = /^([A-Za-z0-9|£€$]{4})\.([0-9A-Za-z]{1,4})$/.exec(s);
  if (!m) return null;
  const cands = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const code = normalizeIcd10(m[1].slice(0, i) + m[1].slice(i + 1) + "." + m[2]);
    if (code) cands.add(code);
  }
  const ok = [...cands].filter(confirm);
  return ok.length === 1 ? ok[0] : null;
}

/**
 * Repairs a code whose leading letter the scan lost ("50.813" written beside "Crohn's disease"):
 * the letter is supplied only when exactly one letter makes a code `confirm` accepts (a prefix of
 * the condition named next to it), else null.
 */
export function repairIcd10MissingLetter(raw: string, confirm: (code: string) => boolean): string | null {
  const s = raw.trim().replace(/[,·•]/g, ".").replace(/\s+/g, "");
  if (!/^\d{2}[0-9A-Z]?\.[0-9A-Z]{1,4}$/.test(s)) return null;
  const ok = "ABCDEFGHIJKLMNOPQRSTVWXYZ"
    .split("")
    .map((l) => normalizeIcd10(l + s))
    .filter((c): c is string => !!c && confirm(c));
  return ok.length === 1 ? ok[0] : null;
}

/** Candidate codes in running text (repair each with normalizeIcd10). */
export const ICD10_IN_TEXT =
  /(?<![A-Za-z0-9])([A-TV-Z0-9|£€][0-9OIlSZ|BGDQ][0-9OIlSZ|]?[0-9A-Z]?\s?[.,·]\s?[0-9A-Z]{1,4}|[A-TV-Z][0-9]{2}[0-9A-Z]?)(?![A-Za-z0-9])/g;
/** a dotted code with one character too many before the dot ("JB82.83") */
export const ICD10_OVERLONG = /(?<![A-Za-z0-9])([A-TV-Z0-9|£€][0-9A-Z|]{3}[.,·][0-9A-Z]{1,4})(?![A-Za-z0-9])/g;
