/**
 * A sliding-scale table of minimum tissue removal by body-surface area (the Schnur scale of reduction
 * mammaplasty policies: "BSA (m2) Minimum grams per breast / 1.35 - 1.39 199 / … / 2.55 and above
 * 1662"), with the policy's exclusion of a removal below the table minimum ("Planned removal (on a
 * claim, the specimen weight) for either breast below the table minimum for the member's BSA … is
 * not covered"). The reader turns that exclusion into a `resection_minimum` criterion carrying the
 * table's rows and whether the policy states the Mosteller formula (square root of height (cm) x
 * weight (kg) / 3600), which the evaluator may then compute from the record's height and weight
 * (review/resection-minimum.ts). Pure functions of the policy lines. Source: the policy's own table
 * and formula (Schnur PL et al., Ann Plast Surg 1991; Mosteller RD, N Engl J Med 1987) — no clinical
 * rule is added.
 */
import type { Criterion } from "../contracts";

/** One row: a BSA range in m2 (`max` null: "and above") and its minimum grams per breast. */
export interface ResectionRow {
  min: number;
  max: number | null;
  grams: number;
}

/** the table's heading: BSA and a minimum weight in grams */
const HEADING_RE = /\bBSA\b[^\n]{0,40}\bminimum\s+(?:grams|weight|g)\b|\bminimum\s+(?:grams|weight)\b[^\n]{0,40}\bBSA\b/i;
/** "1.35 - 1.39 199" (a row may share its line with the next column's row) */
const RANGE_ROW_RE = /\b([1-3]\.\d{2})\s*[-–]\s*([1-3]\.\d{2})\s+(\d{2,4})\b(?!\s*[-–.]\d)/g;
/** "2.55 and above 1662", "2.55 or more: 1662 g" */
const OPEN_ROW_RE = /\b([1-3]\.\d{2})\s+(?:and\s+(?:above|over|greater)|or\s+(?:more|greater|above))\s*:?\s+(\d{2,4})\b/gi;
/** "BSA below 1.35: 199 g" */
const BELOW_ROW_RE = /\bBSA\s+(?:below|under|less\s+than)\s+([1-3]\.\d{2})\s*(?:m2|m²)?\s*:?\s*(\d{2,4})\s*(?:g|grams)\b/i;
/** the Mosteller formula as a policy states it */
const MOSTELLER_RE = /\bMosteller\b|square\s+root\s+of\s*[[(]?\s*height\s*\(?cm\)?\s*[x×*]\s*weight\s*\(?kg\)?\s*\/\s*3600/i;
/** the exclusion: a removal below the table's minimum is not covered */
export const BELOW_MINIMUM_RE =
  /\b(?:below|less\s+than|under)\s+the\s+(?:table(?:'s)?\s+)?minimum\b[^.]{0,160}\b(?:not\s+(?:covered|medically\s+necessary)|cosmetic|excluded)\b/i;

/**
 * The rows of the policy's BSA → minimum grams table, in BSA order; [] unless the lines carry the
 * heading (HEADING_RE) and at least five range rows whose BSA and grams both rise. Pure.
 */
export function resectionRows(lines: { text: string }[]): ResectionRow[] {
  const start = lines.findIndex((l) => HEADING_RE.test(l.text));
  if (start < 0) return [];
  const rows: ResectionRow[] = [];
  for (const l of lines.slice(start, start + 40)) {
    for (const m of l.text.matchAll(RANGE_ROW_RE)) rows.push({ min: Number(m[1]), max: Number(m[2]), grams: Number(m[3]) });
    for (const m of l.text.matchAll(OPEN_ROW_RE)) rows.push({ min: Number(m[1]), max: null, grams: Number(m[2]) });
  }
  const below = BELOW_ROW_RE.exec(lines.map((l) => l.text).join(" "));
  if (below) rows.push({ min: 0, max: Number(below[1]) - 0.01, grams: Number(below[2]) });
  rows.sort((a, b) => a.min - b.min);
  if (rows.filter((r) => r.max != null && r.min > 0).length < 5) return [];
  for (let i = 1; i < rows.length; i++) if (rows[i].grams < rows[i - 1].grams || (rows[i - 1].max ?? Infinity) >= rows[i].min) return [];
  return rows;
}

/** The minimum grams of the row whose range holds `bsa` rounded to two decimals; null outside the table. */
export function minimumGrams(rows: ResectionRow[], bsa: number): number | null {
  const b = Math.round(bsa * 100) / 100;
  return rows.find((r) => b >= r.min - 1e-9 && (r.max == null || b <= r.max + 1e-9))?.grams ?? null;
}

/**
 * The policy's exclusions with the one that refers to its BSA table (BELOW_MINIMUM_RE) made a
 * `resection_minimum` criterion carrying the table's rows (resectionRows of `lines`); the other
 * exclusions, and every exclusion when the policy prints no such table, are returned unchanged.
 */
export function withResectionMinimum(exclusions: Criterion[], lines: { text: string }[]): Criterion[] {
  const rows = resectionRows(lines);
  if (!rows.length) return exclusions;
  const mosteller = MOSTELLER_RE.test(lines.map((l) => l.text).join(" "));
  return exclusions.map((c) =>
    c.kind !== "all" && c.kind !== "any" && c.kind !== "human_review" && BELOW_MINIMUM_RE.test(c.text)
      ? ({
          kind: "resection_minimum",
          text: c.text,
          passage: c.passage,
          confidence: "high",
          ...(c.codes ? { codes: c.codes } : {}),
          rows,
          mosteller,
        } as Criterion)
      : c,
  );
}
