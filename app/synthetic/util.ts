/**
 * Small deterministic helpers shared by the synthetic-content modules: NPI check digits, a seeded
 * PRNG, and date formatting. Pure functions only (safe on client and server).
 */

/**
 * Luhn check digit for an NPI: computed over "80840" + the first 9 digits (the card-issuer prefix
 * the NPI standard prepends). Returns a single digit 0-9.
 */
export function npiCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error(`NPI base must be 9 digits, got "${first9}"`);
  const s = "80840" + first9;
  let sum = 0;
  let double = true; // the rightmost digit of the payload is doubled (check digit not yet appended)
  for (let i = s.length - 1; i >= 0; i--) {
    let d = s.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** Completes a 9-digit NPI base with its Luhn check digit ("158203746" -> "1582037465"). */
export function makeNpi(first9: string): string {
  return first9 + String(npiCheckDigit(first9));
}

/** True when `npi` is 10 digits, starts with 1 or 2, and its last digit is the 80840-prefixed Luhn check. */
export function isValidNpi(npi: string): boolean {
  if (!/^[12]\d{9}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** Seeded PRNG (mulberry32). Same seed, same sequence. */
export interface Rng {
  /** uniform float in [0, 1) */
  next(): number;
  /** integer in [min, max] inclusive */
  int(min: number, max: number): number;
  /** one element of a non-empty array */
  pick<T>(items: readonly T[]): T;
  /** true with probability p */
  chance(p: number): boolean;
}

/** Creates a deterministic PRNG from a numeric seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

/** FNV-1a 32-bit hash of a string, for deriving seeds from ids/text. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** "2026-04-14" -> "04/14/2026"; null/empty -> "". */
export function usDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  const ym = /^(\d{4})-(\d{2})$/.exec(iso);
  if (ym) return `${ym[2]}/${ym[1]}`;
  return iso;
}

/** Adds (or subtracts) days to an ISO date, UTC. */
export function addDays(iso: string, days: number): string {
  const d = new Date(iso.length === 7 ? `${iso}-01T00:00:00Z` : `${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (ISO dates; "YYYY-MM" counts as the 1st). */
export function daysBetween(from: string, to: string): number {
  const norm = (s: string) => (s.length === 7 ? `${s}-01` : s);
  return Math.round((Date.parse(`${norm(to)}T00:00:00Z`) - Date.parse(`${norm(from)}T00:00:00Z`)) / 86_400_000);
}

/** Age in whole years on `onDate`. */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [y, m, d] = onDate.split("-").map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age--;
  return age;
}

/** Formats a 10-digit phone as "(316) 555-0148"; other strings pass through. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, "");
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length === 11 && d[0] === "1") return `1-${d.slice(1, 4)}-${d.slice(4, 7)}-${d.slice(7)}`;
  return digits;
}
