/**
 * National Drug Code (NDC) normalisation.
 * Source: FDA NDC Directory — the 10-digit NDC is labeler-product-package in one of three
 * configurations 4-4-2, 5-3-2 or 5-4-1; the 11-digit HIPAA billing form (5-4-2) zero-pads the short
 * segment.
 */
import { LETTER_TO_DIGIT } from "./ocr";

/**
 * Normalises an NDC to "LLLLL-PPPP-KK". Accepts hyphenated 4-4-2 / 5-3-2 / 5-4-1 / 5-4-2 or 11 raw
 * digits. A raw 10-digit string is ambiguous: it is resolved against `known` (e.g. formulary NDCs)
 * when one padding matches, else read as 4-4-2. OCR letter confusions are repaired. Null for
 * anything that is not an NDC shape.
 */
export function normalizeNdc(raw: string, known: string[] = []): string | null {
  const s = raw
    .trim()
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\s*-\s*/g, "-");
  const fixed = s.replace(/[A-Za-z|!$]/g, (c) => LETTER_TO_DIGIT[c] ?? c);
  const parts = fixed.split(/[-\s]+/).filter(Boolean);
  const fmt = (a: string, b: string, c: string) => `${a.padStart(5, "0")}-${b.padStart(4, "0")}-${c.padStart(2, "0")}`;
  if (parts.length === 3 && parts.every((p) => /^\d+$/.test(p))) {
    const [a, b, c] = parts;
    const shape = `${a.length}-${b.length}-${c.length}`;
    if (["4-4-2", "5-3-2", "5-4-1", "5-4-2"].includes(shape)) return fmt(a, b, c);
    if (shape === "6-4-2" && a.startsWith("0")) return fmt(a.slice(1), b, c);
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
    return options.find((o) => knownNorm.includes(o)) ?? options[0];
  }
  return null;
}

/** NDC as 11 bare digits (for comparisons), or null. */
export function ndcDigits(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const n = normalizeNdc(raw);
  return n ? n.replace(/-/g, "") : null;
}

/** NDC-shaped tokens in text: hyphenated 4/5-3/4-1/2, or 10–11 bare digits. */
export const NDC_SHAPE = /(?<![0-9])([0-9OIlSB]{4,5}\s?-\s?[0-9OIlSB]{3,4}\s?-\s?[0-9OIlSB]{1,2}|\d{11}|\d{10})(?![0-9])/;
