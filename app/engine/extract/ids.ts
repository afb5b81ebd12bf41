/**
 * Identifier helpers: NPI (CMS check digit), NDC (FDA 10-digit label formats → 11-digit 5-4-2),
 * ICD-10-CM code shape, and OCR-confusion repair for digit fields.
 */

/** OCR letter→digit confusions used inside fields that must be numeric. */
const LETTER_TO_DIGIT: Record<string, string> = {
  O: "0", o: "0", D: "0", Q: "0", U: "0",
  I: "1", l: "1", i: "1", "|": "1", "!": "1", L: "1", j: "1", J: "1",
  Z: "2", z: "2",
  S: "5", s: "5", $: "5",
  G: "6", b: "6",
  T: "7",
  B: "8",
  g: "9", q: "9",
  A: "4",
};

/** Replace OCR-confusable letters with digits (only call on text that must be all digits). */
export function ocrDigits(s: string): string {
  return s.replace(/[A-Za-z|!$]/g, (c) => LETTER_TO_DIGIT[c] ?? c);
}

/**
 * True when `npi` is a 10-digit NPI whose last digit is the check digit.
 * Source: CMS "Requirements for NPI check digit" — Luhn (ISO/IEC 7812) computed over the
 * card-issuer prefix "80840" followed by the first 9 NPI digits. Non-digit input → false.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const body = "80840" + npi.slice(0, 9);
  let sum = 0;
  // Luhn: double every second digit starting from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  const check = (10 - (sum % 10)) % 10;
  return check === npi.charCodeAt(9) - 48;
}

/** Digits that OCR commonly confuses with each other (speckle / broken strokes). */
const DIGIT_CONFUSIONS: Record<string, string[]> = {
  "0": ["8", "6", "9"],
  "1": ["7", "4"],
  "2": ["7", "3"],
  "3": ["8", "5", "2"],
  "4": ["1", "9"],
  "5": ["6", "3", "9", "8"],
  "6": ["5", "8", "0"],
  "7": ["1", "2"],
  "8": ["3", "0", "6", "9", "5"],
  "9": ["8", "0", "5", "4"],
};

export interface NpiReading {
  npi: string;
  valid: boolean;
  /** true when OCR repair changed the raw digits */
  corrected: boolean;
}

/**
 * Reads an NPI from raw (possibly OCR-garbled) text: maps confusable letters to digits, then, if the
 * check digit fails, tries every single-character OCR-confusion substitution and keeps a repair only
 * when exactly one candidate (or exactly one candidate also seen in `preferred`) passes the check.
 * Returns null when the text does not hold 10 digit-like characters.
 */
export function readNpi(raw: string, preferred: string[] = []): NpiReading | null {
  const compact = ocrDigits(raw.replace(/[\s\-.]/g, ""));
  if (!/^\d{10}$/.test(compact)) return null;
  if (isValidNpi(compact)) return { npi: compact, valid: true, corrected: compact !== raw.replace(/[\s\-.]/g, "") };
  const cands = new Set<string>();
  for (let i = 0; i < 10; i++) {
    for (const alt of DIGIT_CONFUSIONS[compact[i]] ?? []) {
      const c = compact.slice(0, i) + alt + compact.slice(i + 1);
      if (c[0] !== "1" && c[0] !== "2") continue; // NPIs start with 1 or 2
      if (isValidNpi(c)) cands.add(c);
    }
  }
  const list = [...cands];
  const pref = list.filter((c) => preferred.includes(c));
  if (pref.length === 1) return { npi: pref[0], valid: true, corrected: true };
  if (list.length === 1) return { npi: list[0], valid: true, corrected: true };
  return { npi: compact, valid: false, corrected: false };
}

/**
 * Normalises an NDC to the 11-digit HIPAA 5-4-2 form "LLLLL-PPPP-KK".
 * Source: FDA NDC directory — the 10-digit NDC is labeler-product-package in one of three
 * configurations 4-4-2, 5-3-2 or 5-4-1; the 11-digit billing form zero-pads the short segment.
 * Accepts hyphenated 4-4-2 / 5-3-2 / 5-4-1 / 5-4-2, or 11 raw digits. A raw 10-digit string is
 * ambiguous: it is resolved against `known` (e.g. formulary NDCs) when one padding matches, else
 * read as 4-4-2 (the commonest legacy form). OCR letter confusions are repaired. Returns null for
 * anything that is not an NDC shape.
 */
export function normalizeNdc(raw: string, known: string[] = []): string | null {
  const s = raw.trim().replace(/[\u2010-\u2015]/g, "-").replace(/\s*-\s*/g, "-");
  const fixed = s.replace(/[A-Za-z|!$]/g, (c) => LETTER_TO_DIGIT[c] ?? c);
  const parts = fixed.split(/[-\s]+/).filter(Boolean);
  const fmt = (a: string, b: string, c: string) => `${a.padStart(5, "0")}-${b.padStart(4, "0")}-${c.padStart(2, "0")}`;
  if (parts.length === 3 && parts.every((p) => /^\d+$/.test(p))) {
    const [a, b, c] = parts;
    const shape = `${a.length}-${b.length}-${c.length}`;
    if (["4-4-2", "5-3-2", "5-4-1", "5-4-2"].includes(shape)) return fmt(a, b, c);
    if (shape === "6-4-2" && a.startsWith("0")) return fmt(a.slice(1), b, c); // stray leading zero
    return null;
  }
  const digits = fixed.replace(/\D/g, "");
  if (parts.length === 1 && digits.length === 11) return fmt(digits.slice(0, 5), digits.slice(5, 9), digits.slice(9));
  if (parts.length === 1 && digits.length === 10) {
    const options = [
      fmt(digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)),
      fmt(digits.slice(0, 5), digits.slice(5, 8), digits.slice(8)),
      fmt(digits.slice(0, 5), digits.slice(5, 9), digits.slice(9)),
    ];
    const knownNorm = known.map((k) => normalizeNdc(k)).filter(Boolean);
    const hit = options.find((o) => knownNorm.includes(o));
    return hit ?? options[0];
  }
  return null;
}

/** NDC as 11 bare digits (for comparisons), or null. */
export function ndcDigits(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const n = normalizeNdc(raw);
  return n ? n.replace(/-/g, "") : null;
}

/** ICD-10-CM code shape: letter, digit, alphanumeric, optional dot + 1–4 alphanumerics. */
export const ICD10_SHAPE = /^[A-TV-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?$/;

/**
 * Repairs OCR confusions inside an ICD-10-CM code candidate ("MO5.79" → "M05.79", "125.10" → "I25.10",
 * "E11,22" → "E11.22") and returns the code with its dot, or null when it cannot be a code.
 * Letters O and I never occur after the first character of ICD-10-CM codes, so they are read as digits.
 */
export function normalizeIcd10(raw: string): string | null {
  let s = raw.trim().replace(/^[£€]/, "E").replace(/^\$/, "S").replace(/[,·•]/g, ".").replace(/\s+/g, "").replace(/\.$/, "");
  if (!s) return null;
  const chars = s.toUpperCase().split("");
  // first character: a letter
  const first: Record<string, string> = { "0": "O", "1": "I", "|": "I", L: "L", "5": "S", "8": "B", "2": "Z", "6": "G" };
  if (/[0-9|]/.test(chars[0])) chars[0] = first[chars[0]] ?? chars[0];
  // second character: a digit
  const toDigit = (c: string) => (/[OQDUILJ|SZBG!]/.test(c) ? LETTER_TO_DIGIT[c] ?? ({ "|": "1", "!": "1" } as Record<string, string>)[c] ?? c : c);
  if (chars[1]) chars[1] = toDigit(chars[1]);
  // third character: digit, or a letter (A/B… for some categories); O/I/L/S/Z are read as digits
  if (chars[2] && /[OILSZ|]/.test(chars[2])) chars[2] = toDigit(chars[2]);
  // after the dot: O, I, L never valid → digits
  for (let i = 3; i < chars.length; i++) {
    if (/[OIL|]/.test(chars[i])) chars[i] = toDigit(chars[i]);
  }
  s = chars.join("");
  if (!s.includes(".") && s.length > 3) s = s.slice(0, 3) + "." + s.slice(3);
  return ICD10_SHAPE.test(s) ? s : null;
}

/** Loose pattern that finds ICD-10-like candidates in OCR text (repair with normalizeIcd10). */
export const ICD10_CANDIDATE = /(?<![A-Za-z0-9])[A-Z0-9|][0-9OILSZ|][0-9A-Z](?:\s?[.,·]\s?[0-9A-Z]{1,4})?(?![A-Za-z0-9])/g;

/**
 * Repairs an ICD-10-CM candidate whose category has one character too many — OCR inserted a stray
 * character or split one glyph in two ("JB82.83": letter + 3 characters before the dot). Every
 * one-character deletion before the dot is normalised with normalizeIcd10; a repair is returned only
 * when exactly one of the valid readings is confirmed by `confirm` (e.g. "its category/prefix is a
 * known ICD-10-CM prefix for a condition named next to the code"), else null.
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
