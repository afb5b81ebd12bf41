/**
 * Which visit of the benefit period a service line is, from the request: the visits used before the
 * claim as a benefit verification or the notes state them ("16 of 20 speech therapy visits used in
 * calendar year 2026 before 10/01/2026") plus the claim's own distinct dates of service of the codes
 * sharing the maximum up to the line's date; or a visit log row for the line's date ("10/15/2026 21
 * 92507 individual treatment"). One date of service is one visit. Pure functions of the case index.
 */
import type { Citation } from "../contracts";
import { findDates } from "../codes/dates";
import { quote, type CaseIndex } from "./case-index";

export interface VisitsUsed {
  used: number;
  /** the date the count runs to */
  date: string;
  /** "before 10/01": the count excludes that date; "through 10/01" / "as of 10/01" includes it */
  inclusive: boolean;
  citation: Citation;
}

const USED_RE =
  /\b(\d{1,3})\s+(?:of\s+(?:the\s+)?(?:\d{1,3})\s+)?(?:[a-z][a-z/ -]{0,40}?\s)?(?:visits?|sessions?)\s+(?:have\s+been\s+|had\s+been\s+|were\s+|already\s+)?(?:used|completed|taken|applied|paid|processed)\b([^.]{0,80}?)\b(before|prior to|through|thru|as of)\s+/i;

/** "Visits in 2026 before 10/05/2026: 21", "PT visits this year through 09/30/2026 - 14": the date, then the count */
const USED_BY_DATE_RE =
  /\b(?:[A-Za-z]{2,12}\s+)?visits?\s+(?:used\s+)?(?:in\s+\d{4}\s+|this\s+(?:calendar\s+)?year\s+)?(before|prior to|through|thru|as of)\s+(\d{1,2}\/\d{1,2}\/\d{4})\s*[:=-]\s*(\d{1,3})\b(?![/.:]\d)/i;

/** Every statement of visits used before a date ("16 of 20 … visits used … before 10/01/2026"). */
export function visitsUsedStatements(idx: CaseIndex): VisitsUsed[] {
  const out: VisitsUsed[] = [];
  for (const line of idx.lines) {
    const next = idx.lines[line.index + 1];
    const text = next && next.page === line.page ? `${line.text} ${next.text}` : line.text;
    const byDate = USED_BY_DATE_RE.exec(text);
    const on = byDate ? findDates(byDate[2])[0] : null;
    if (byDate && on && on.precision === "day" && byDate.index < line.text.length) {
      out.push({
        used: Number(byDate[3]),
        date: on.start,
        inclusive: !/before|prior/i.test(byDate[1]),
        citation: quote(idx, line, byDate.index, line.text.length),
      });
      continue;
    }
    const m = USED_RE.exec(text);
    if (!m || m.index >= line.text.length) continue;
    const after = text.slice(m.index + m[0].length);
    const d = findDates(after)[0];
    if (!d || d.index !== 0 || d.precision !== "day") continue;
    out.push({
      used: Number(m[1]),
      date: d.start,
      inclusive: !/before|prior/i.test(m[3]),
      citation: quote(idx, line, m.index, Math.min(line.text.length, m.index + m[0].length)),
    });
  }
  return out;
}

/**
 * The visit number a visit log gives the date `dos` (YYYY-MM-DD): a row starting with that date
 * followed by a number, under a header naming the visit number ("Visit #", "Visit no.", "Visit
 * number", "Visit (2026)") within the 12 lines above on the same page; null when there is no such row.
 */
export function visitLogNumber(idx: CaseIndex, dos: string): { visit: number; citation: Citation } | null {
  for (const line of idx.lines) {
    const d = findDates(line.text)[0];
    if (!d || d.index > 2 || d.start !== dos) continue;
    const m = /^\s*(\d{1,3})\b(?![/.:-]\d)/.exec(line.text.slice(d.index + d.length));
    if (!m) continue;
    const header = idx.lines
      .slice(Math.max(0, line.index - 12), line.index)
      .some((h) => h.page === line.page && /\bvisit\s*(?:#|no\.|no\b|number\b|\(\d{4}\))/i.test(h.text));
    if (!header) continue;
    return { visit: Number(m[1]), citation: quote(idx, line) };
  }
  return null;
}

/**
 * The visit number of a service line in its benefit period (the calendar year of `dos`): from the
 * latest visits-used statement of that year dated on or before `dos`, plus the claim's distinct
 * dates of service (of `sameLimit` codes) after it up to `dos`; and from a visit log row. When both
 * are read and disagree, the count is unclear (null with a reason). Null when neither is documented.
 */
export function visitNumber(
  idx: CaseIndex,
  dos: string,
  claimDates: string[],
): { visit: number; citations: Citation[]; how: string } | { visit: null; why: string; citations: Citation[] } {
  const year = dos.slice(0, 4);
  const statements = visitsUsedStatements(idx)
    .filter((s) => s.date.slice(0, 4) === year && (s.inclusive ? s.date < dos : s.date <= dos))
    .sort((a, b) => b.date.localeCompare(a.date));
  const s = statements[0];
  let fromUsed: { visit: number; citation: Citation; how: string } | null = null;
  if (s) {
    const dates = [...new Set(claimDates)].filter((d) => d.slice(0, 4) === year && (s.inclusive ? d > s.date : d >= s.date) && d <= dos);
    fromUsed = {
      visit: s.used + dates.length,
      citation: s.citation,
      how: `${s.used} visit(s) used ${s.inclusive ? "through" : "before"} ${s.date}, and ${dates.length} date(s) of service on this claim from then up to ${dos}`,
    };
  }
  const log = visitLogNumber(idx, dos);
  if (fromUsed && log && fromUsed.visit !== log.visit)
    return {
      visit: null,
      why: `The visits used (${fromUsed.how}: visit ${fromUsed.visit}) and the visit log (visit ${log.visit}) disagree.`,
      citations: [fromUsed.citation, log.citation],
    };
  if (fromUsed) return { visit: fromUsed.visit, citations: [fromUsed.citation, ...(log ? [log.citation] : [])], how: fromUsed.how };
  if (log) return { visit: log.visit, citations: [log.citation], how: `the visit log numbers ${dos} visit ${log.visit}` };
  return { visit: null, why: "The visits already used in the benefit period are not documented.", citations: [] };
}
