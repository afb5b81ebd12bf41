/**
 * Person names: normalisation and OCR/typo-tolerant comparison used for identity matching
 * (member on the roster, patient on a lab report).
 */
import { editDistance } from "./ocr";

/** Lower case, accents removed, letters only ("O'Brien-Smith" → "obriensmith"). */
export function normName(s: string | null | undefined): string {
  return (s ?? "")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z]/g, "");
}

export type NameMatch = "exact" | "close" | "initial" | "none";

/**
 * How two names compare: "exact" after normalisation; "close" within one edit (names of 4+ letters)
 * or two edits (names of 8+ letters) — one misread or mistyped letter; "initial" when one side is a
 * prefix of 3+ letters or an initial of the other; "none" otherwise or when either is missing.
 */
export function compareNames(a: string | null | undefined, b: string | null | undefined): NameMatch {
  const x = normName(a);
  const y = normName(b);
  if (!x || !y) return "none";
  if (x === y) return "exact";
  const d = editDistance(x, y);
  const shorter = Math.min(x.length, y.length);
  if ((shorter >= 4 && d <= 1) || (shorter >= 8 && d <= 2)) return "close";
  if ((x.length === 1 && y.startsWith(x)) || (y.length === 1 && x.startsWith(y))) return "initial";
  if (shorter >= 3 && (x.startsWith(y) || y.startsWith(x))) return "initial";
  return "none";
}

/** Name words split into first/last: "Last, First M" or "First M Last"; credentials stripped by the caller. */
export function splitPersonName(raw: string): { first: string | null; last: string | null } {
  const s = raw
    .replace(/\([^)]*\)/g, " ")
    .replace(/[^A-Za-z,'\-\s.]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (s.includes(",")) {
    const [l, f] = s.split(",", 2).map((x) => x.trim());
    return { last: l || null, first: (f ?? "").split(/\s+/).find((w) => w.replace(/\./g, "").length > 1) ?? null };
  }
  const words = s.split(/\s+/).filter((w) => w.replace(/[.'\-]/g, "").length > 0);
  const real = words.filter((w) => w.replace(/\./g, "").length > 1 || words.length <= 2);
  if (real.length >= 2) return { first: real[0], last: real[real.length - 1] };
  if (real.length === 1) return { first: null, last: real[0] };
  return { first: null, last: null };
}

/** "SMITH" / "smith" → "Smith"; mixed case is kept as written. */
export function titleCase(s: string): string {
  if (s !== s.toUpperCase() && s !== s.toLowerCase()) return s;
  return s
    .toLowerCase()
    .replace(/(^|[\s\-'])([a-z])/g, (_, a, b) => a + b.toUpperCase())
    .replace(/\bO'([a-z])/g, (_, b) => "O'" + b.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, b) => "Mc" + b.toUpperCase());
}
