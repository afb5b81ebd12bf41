/**
 * Benefit visit maximums of a benefit rule sheet or therapy policy: a requirement that the visit fall
 * "within the calendar-year maximum" (or "annual visit limit") refers to the policy's benefit table,
 * whose rows name the service codes and the number of visits ("Speech therapy | 92507, 92508, 92526 |
 * 20 visits"). The reader turns such a requirement into a `visit_limit` criterion carrying the rows;
 * the evaluator counts the visits (evidence/visit-count.ts). Pure functions of the policy lines.
 */
import type { Criterion } from "../contracts";

/** "The visit falls within the calendar-year maximum", "visits are within the annual visit limit" */
const VISIT_MAX_RE =
  /\b(?:falls?|is|are|remains?|stays?)\s+within\s+the\s+(?:member's\s+)?((?:calendar|plan|benefit|contract)[- ]year|annual|yearly)\s+(?:visit\s+|benefit\s+)?(?:maximum|max|limit)\b/i;

/** a HCPCS/CPT code ("92507", "G0283", "97161-97168") */
const CODE_RE = /\b(\d{4}[0-9A-Z]|[A-Z]\d{4})(?:\s*[-–]\s*(\d{4}[0-9A-Z]|[A-Z]\d{4}))?\b/g;
/** the number of visits of a row ("20 visits", "30 visits, combined PT and OT") */
const COUNT_RE = /\b(\d{1,3})\s+(visits?|sessions?)\b(?!\s*(?:per|each|every)\s+(?:episode|day|week|month|date|referral|condition|lifetime))/i;

/** The period a visit-maximum requirement names ("calendar year"), or null when the text is no such requirement. */
export function visitMaximumPeriod(text: string): string | null {
  const m = VISIT_MAX_RE.exec(text);
  if (!m) return null;
  const p = m[1].toLowerCase().replace("-", " ");
  return p === "annual" || p === "yearly" ? "calendar year" : p;
}

/**
 * The benefit table rows of a policy: each line that names service codes and a number of visits
 * ("Speech therapy 92507, 92508, 92526, 92609 20 visits Evaluations do not count"). Only the codes on
 * the row's own line are read (a wrapped code list is left out: a line without a maximum of its own
 * is judged by a reviewer, never by a neighbouring row). Rows per episode, per day or per week are
 * other limits and are skipped.
 */
export function visitLimitRows(lines: { text: string }[]): { codes: string[]; max: number; text: string }[] {
  const out: { codes: string[]; max: number; text: string }[] = [];
  for (const l of lines) {
    const count = COUNT_RE.exec(l.text);
    if (!count) continue;
    const codes = [...l.text.slice(0, count.index).matchAll(CODE_RE)].map((m) => (m[2] ? `${m[1]}-${m[2]}` : m[1]));
    if (!codes.length) continue;
    out.push({ codes, max: Number(count[1]), text: l.text.trim() });
  }
  return out;
}

/** Whether `code` is one of `codes` (a listed code or inside a listed range "97161-97168"). */
export function codeListed(code: string, codes: string[]): boolean {
  const c = code.trim().toUpperCase();
  return codes.some((x) => {
    const [a, b] = x.toUpperCase().split("-");
    if (!b) return a === c;
    return c.length === a.length && c >= a && c <= b;
  });
}

/**
 * Replaces each visit-maximum requirement among `criteria` (nested groups included) by a
 * `visit_limit` criterion with the policy's benefit table rows; unchanged when the policy has no
 * such rows (the requirement stays as read, and a reviewer judges it).
 */
export function withVisitLimits(criteria: Criterion[], rows: { codes: string[]; max: number; text: string }[]): Criterion[] {
  if (!rows.length) return criteria;
  return criteria.map((c): Criterion => {
    if (c.kind === "all" || c.kind === "any") return { ...c, items: withVisitLimits(c.items, rows) };
    const period = visitMaximumPeriod(c.text);
    if (!period) return c;
    return { kind: "visit_limit", text: c.text, passage: c.passage ?? null, confidence: "high", limits: rows, period };
  });
}
