/**
 * Supply replacement schedules of DME policies and provider manuals: a table of supply codes with
 * their usual maximum quantity ("A7035 Headgear used with positive airway pressure device 1 per 6
 * months") under the policy's statement that a supply furnished before its replacement interval has
 * elapsed is not covered ("A supply furnished before the replacement interval has elapsed … is not
 * covered"). The reader turns each row into a `replacement_interval` exclusion scoped to the row's
 * code; the evaluator counts the same item's earlier furnishings in the request (review/evaluate.ts).
 * Pure functions of the policy lines. Source: the policy's own replacement schedule (as in the CMS
 * DMEPOS usual maximum replacement quantities for PAP supplies).
 */
import type { Criterion } from "../contracts";

/** the policy's rule: a supply furnished (or replaced) before its interval is not covered */
const EARLY_NOT_COVERED_RE =
  /\b(?:furnished|replaced|dispensed|supplied|delivered|billed|provided)\s+(?:before|sooner\s+than|earlier\s+than|more\s+(?:often|frequently)\s+than)\b[^.]{0,140}?\b(?:is|are|will\s+be)\s+(?:not\s+(?:covered|payable|reimbursed|paid|reimbursable)|denied)\b/i;
/** a schedule row: a HCPCS supply code opening the line, and its quantity closing it ("1 per 3 months", "1 every 90 days", "2/month") */
const ROW_RE = /^([A-Z]\d{4})\b(.*?)\b(\d{1,2})\s*(?:per|every|\/)\s*(?:(\d{1,3})\s+)?(day|week|month|year)s?\s*\.?$/i;
/** a rule's escape: the item was lost, stolen or damaged ("except when the item was lost, stolen or irreparably damaged") */
const EXCEPTION_RE = /\bexcept\b[^.]{0,80}\b(?:lost|stolen|damaged|destroyed)\b/i;

/** One calendar unit of a schedule's period, as the evaluator adds it to a date. */
export type IntervalUnit = "day" | "week" | "month" | "year";

/**
 * The replacement schedule of a policy's lines: one `replacement_interval` exclusion per table row
 * (ROW_RE) naming a supply code and "N per [M] day/week/month/year", read only when the policy also
 * states that a supply furnished before the interval is not covered (EARLY_NOT_COVERED_RE) — a table
 * of usual quantities alone decides nothing. `loss_exception` records whether that statement excepts
 * lost, stolen or damaged items. `cite` cites the row and the statement. [] when the policy has no
 * such schedule.
 */
export function replacementIntervalRules<L extends { text: string }>(lines: L[], cite: (ls: L[]) => Criterion["passage"]): Criterion[] {
  const all = lines.map((l) => l.text.trim()).join(" ");
  const rule = EARLY_NOT_COVERED_RE.exec(all);
  if (!rule) return [];
  const from = Math.max(0, all.lastIndexOf(". ", rule.index) + 2);
  const end = all.indexOf(".", rule.index + rule[0].length);
  const sentence = all.slice(all.lastIndexOf(". ", rule.index) < 0 ? 0 : from, end < 0 ? undefined : end + 1).trim();
  const out: Criterion[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    const m = ROW_RE.exec(l.text.trim());
    if (!m) continue;
    const code = m[1].toUpperCase();
    if (seen.has(code)) continue;
    seen.add(code);
    out.push({
      kind: "replacement_interval",
      text: `${l.text.trim()}: ${sentence}`,
      passage: cite([l]),
      confidence: "high",
      codes: [code],
      max: Number(m[3]),
      every: m[4] ? Number(m[4]) : 1,
      unit: m[5].toLowerCase() as IntervalUnit,
      loss_exception: EXCEPTION_RE.test(sentence),
    });
  }
  return out;
}

/**
 * `date` (YYYY-MM-DD) moved forward by `n` calendar units (months keep the day of the month, clamped
 * to the month's end: 08-31 + 1 month = 09-30). Pure.
 */
export function addInterval(date: string, n: number, unit: IntervalUnit): string {
  const [y, m, d] = date.split("-").map(Number);
  if (unit === "day" || unit === "week") {
    const t = new Date(Date.UTC(y, m - 1, d + n * (unit === "week" ? 7 : 1)));
    return t.toISOString().slice(0, 10);
  }
  const months = unit === "year" ? n * 12 : n;
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
