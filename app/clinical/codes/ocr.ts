/**
 * OCR confusion tables and edit distance, shared by every identifier reader (NPI, NDC, ICD-10-CM,
 * member IDs, dates, names).
 */

/** OCR letter→digit confusions used inside fields that must be numeric. */
export const LETTER_TO_DIGIT: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  U: "0",
  I: "1",
  l: "1",
  i: "1",
  "|": "1",
  "!": "1",
  L: "1",
  j: "1",
  J: "1",
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  $: "5",
  G: "6",
  b: "6",
  T: "7",
  B: "8",
  g: "9",
  q: "9",
  A: "4",
};

/** Replace OCR-confusable letters with digits (only call on text that must be all digits). */
export function ocrDigits(s: string): string {
  return s.replace(/[A-Za-z|!$]/g, (c) => LETTER_TO_DIGIT[c] ?? c);
}

/** Digits that OCR commonly confuses with each other (speckle, broken strokes). */
export const DIGIT_CONFUSIONS: Record<string, string[]> = {
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

/** Characters that read alike in OCR, mapped to one representative (for ID comparison). */
const CANON: Record<string, string> = { O: "0", D: "0", Q: "0", I: "1", L: "1", "|": "1", S: "5", B: "8", Z: "2", G: "6" };

/** An identifier in a canonical form where OCR-confusable characters compare equal. */
export function canonicalId(id: string): string {
  return id
    .toUpperCase()
    .replace(/[^A-Z0-9|]/g, "")
    .replace(/[ODQIL|SBZG]/g, (c) => CANON[c] ?? c);
}

/** Levenshtein distance (insertions, deletions, substitutions each cost 1). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}
