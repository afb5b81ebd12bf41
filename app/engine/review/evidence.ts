import type { Citation, ParsedDocument } from "../types";
import { clean, docLines, type DocLine } from "../policy/text";

/**
 * Evidence search over a case (the faxed request): line index, negation-aware phrase search,
 * date and duration reading, lab/measure values. Pure functions of the parsed fax text.
 */

export interface CaseLine extends DocLine {
  lower: string;
  ocr: boolean;
  confidence: number | null;
}

export interface CaseIndex {
  doc: ParsedDocument;
  lines: CaseLine[];
  /** YYYY-MM-DD, the date the fax was sent */
  requestDate: string | null;
  documentName: string;
}

export function buildCaseIndex(doc: ParsedDocument, requestDate: string | null, documentName = "fax"): CaseIndex {
  const pageMeta = new Map(doc.pages.map((p) => [p.page, p] as const));
  const lines = docLines(doc).map((l) => {
    const text = clean(l.text);
    const p = pageMeta.get(l.page);
    return { ...l, text, lower: text.toLowerCase(), ocr: p?.ocr ?? false, confidence: p?.confidence ?? null };
  });
  return { doc, lines, requestDate, documentName };
}

export function cite(idx: CaseIndex, line: CaseLine, from = 0, to = line.text.length): Citation {
  // offsets are approximate when clean() changed the line; clamp to the raw line
  const start = Math.min(line.start + from, line.end);
  const end = Math.min(line.start + Math.max(to, from + 1), line.end);
  return { document: idx.documentName, page: line.page, start, end, text: line.text.slice(from, to) || line.text };
}

const NEG_BEFORE = /\b(no|not|denies|denied|without|negative for|never|none|nor|absence of|ruled out|no history of|no hx of|no evidence of)\b[^.;]{0,40}$/i;

/** True when the match at `pos` in `lower` is negated by a cue earlier in the same clause. */
export function isNegated(lower: string, pos: number): boolean {
  const before = lower.slice(Math.max(0, pos - 60), pos);
  const clause = before.split(/[.;]|\bbut\b/).pop() ?? "";
  return NEG_BEFORE.test(clause);
}

export interface Hit {
  line: CaseLine;
  index: number;
  length: number;
  negated: boolean;
}

/** Every match of `re` (made global, case-insensitive) in the case lines. */
export function search(idx: CaseIndex, re: RegExp): Hit[] {
  const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
  const out: Hit[] = [];
  for (const line of idx.lines) {
    g.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = g.exec(line.lower))) {
      out.push({ line, index: m.index, length: m[0].length, negated: isNegated(line.lower, m.index) });
      if (m[0].length === 0) g.lastIndex++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// dates

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const pad = (n: number) => String(n).padStart(2, "0");
const fullYear = (y: number) => (y < 100 ? (y > 50 ? 1900 + y : 2000 + y) : y);

export interface DateSpan {
  /** first day the text can mean */
  start: string;
  /** last day the text can mean (month precision → month end) */
  end: string;
  precision: "day" | "month" | "year";
  index: number;
  length: number;
  present?: boolean;
}

function monthEnd(y: number, m: number): string {
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(d)}`;
}

const MON = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";

/** Dates written in a line: 10/06/2026, 9/15/26, 2026-10-06, October 6, 2026, Oct 2026, 04/2025, 2021. */
export function findDatesIn(text: string): DateSpan[] {
  const out: DateSpan[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
  const push = (d: DateSpan) => {
    if (!free(d.index, d.index + d.length)) return;
    taken.push([d.index, d.index + d.length]);
    out.push(d);
  };
  const t = text.toLowerCase();
  let m: RegExpExecArray | null;
  const re1 = /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})\b/g;
  while ((m = re1.exec(t))) {
    const mo = +m[1], d = +m[2], y = fullYear(+m[3]);
    if (mo < 1 || mo > 12 || d < 1 || d > 31) continue;
    const iso = `${y}-${pad(mo)}-${pad(d)}`;
    push({ start: iso, end: iso, precision: "day", index: m.index, length: m[0].length });
  }
  const re2 = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
  while ((m = re2.exec(t))) push({ start: m[0], end: m[0], precision: "day", index: m.index, length: m[0].length });
  const re3 = new RegExp(`\\b${MON}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s*(\\d{4}))?\\b(?!\\s*(?:mg|days|weeks|months))`, "g");
  while ((m = re3.exec(t))) {
    const mo = MONTHS[m[1]];
    const d = +m[2];
    if (!mo || d < 1 || d > 31) continue;
    const y = m[3] ? +m[3] : null;
    if (y == null) {
      push({ start: `0000-${pad(mo)}-${pad(d)}`, end: `0000-${pad(mo)}-${pad(d)}`, precision: "day", index: m.index, length: m[0].length });
    } else push({ start: `${y}-${pad(mo)}-${pad(d)}`, end: `${y}-${pad(mo)}-${pad(d)}`, precision: "day", index: m.index, length: m[0].length });
  }
  const re4 = new RegExp(`\\b${MON}\\s*(?:of\\s+)?'?(\\d{4})\\b`, "g");
  while ((m = re4.exec(t))) {
    const mo = MONTHS[m[1]], y = +m[2];
    if (mo) push({ start: `${y}-${pad(mo)}-01`, end: monthEnd(y, mo), precision: "month", index: m.index, length: m[0].length });
  }
  const re5 = /\b(\d{1,2})[/-](\d{4})\b/g;
  while ((m = re5.exec(t))) {
    const mo = +m[1], y = +m[2];
    if (mo >= 1 && mo <= 12) push({ start: `${y}-${pad(mo)}-01`, end: monthEnd(y, mo), precision: "month", index: m.index, length: m[0].length });
  }
  // bare month name (year resolved by the caller from a neighbouring date)
  const re6 = new RegExp(`\\b${MON}(?=\\s*(?:-|–|to|through|until|and)\\s)`, "g");
  while ((m = re6.exec(t))) {
    const mo = MONTHS[m[1]];
    if (mo) push({ start: `0000-${pad(mo)}-01`, end: `0000-${pad(mo)}-28`, precision: "month", index: m.index, length: m[0].length });
  }
  const re7 = /\b(19[5-9]\d|20[0-4]\d)\b(?!\s*(?:mg|mcg|kcal|units))/g;
  while ((m = re7.exec(t))) push({ start: `${m[1]}-01-01`, end: `${m[1]}-12-31`, precision: "year", index: m.index, length: m[0].length });
  const re8 = /\b(present|current|ongoing|now|today)\b/g;
  while ((m = re8.exec(t))) push({ start: "present", end: "present", precision: "day", index: m.index, length: m[0].length, present: true });
  return out.sort((a, b) => a.index - b.index);
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b + "T00:00:00Z") - Date.parse(a + "T00:00:00Z")) / 86400000);
}

export function addDays(a: string, n: number): string {
  return new Date(Date.parse(a + "T00:00:00Z") + n * 86400000).toISOString().slice(0, 10);
}

/** Whole years between a birth date and a date (both YYYY-MM-DD); birthday on the date counts. */
export function ageOn(birth: string, on: string): { years: number; months: number } {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [y, m, d] = on.split("-").map(Number);
  let years = y - by;
  if (m < bm || (m === bm && d < bd)) years--;
  let months = (y - by) * 12 + (m - bm);
  if (d < bd) months--;
  return { years, months };
}

// ---------------------------------------------------------------------------------------------
// durations

const WORDNUM: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, a: 1, an: 1 };

/** Explicit durations in a text span: "x 8 weeks", "(6 wks)", "~11 months", "for about 14 weeks", "3 mo". Days. */
export function explicitDurations(text: string): { days: number; index: number }[] {
  const out: { days: number; index: number }[] = [];
  const re = /(?:~|approx\.?\s*|about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|>\s*|x\s*)?\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an?(?= (?:day|week|month|year)\b))\s*(?:\+\s*)?(?:-|\s)?(days?|weeks?|wks?|months?|mos?\b|mths?|years?|yrs?)\b(?!\s*(?:ago|old|of age|later|after|before))/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const raw = m[1].toLowerCase();
    const n = WORDNUM[raw] ?? Number(raw);
    if (!Number.isFinite(n) || n <= 0) continue;
    const u = m[2].toLowerCase();
    const mult = u.startsWith("d") ? 1 : u.startsWith("w") ? 7 : u.startsWith("m") ? 30.44 : 365;
    // "every 2 weeks", "q2 weeks", "per month": dosing frequency, not a duration
    const before = text.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    if (/(every|q|per|each|once|twice|times a|\/)\s*$/.test(before)) continue;
    if (/(past|last|within|in the)\s*$/.test(before)) continue;
    out.push({ days: Math.round(n * mult), index: m.index });
  }
  return out;
}

/**
 * Duration of a therapy from a date range in `text` ("02/09/2026 - present", "Jan - Apr 2026",
 * "from 06/01/2026 to 07/15/2026", "since 11/2025"), in days, or null.
 * Month-precision starts count from the 1st, month-precision ends from the month's last day only
 * when the range is written with month names/numbers on both sides (conservative: start of month).
 */
export function rangeDuration(text: string, requestDate: string | null): { days: number; start: string; end: string; open: boolean } | null {
  const dates = findDatesIn(text);
  if (!dates.length) return null;
  const resolveYear = (d: DateSpan, ref: DateSpan | undefined): DateSpan => {
    if (!d.start.startsWith("0000")) return d;
    const y = ref && !ref.present && !ref.start.startsWith("0000") ? ref.start.slice(0, 4) : requestDate?.slice(0, 4) ?? "2000";
    const s = y + d.start.slice(4);
    const e = d.precision === "month" ? monthEnd(+y, +d.start.slice(5, 7)) : y + d.end.slice(4);
    return { ...d, start: s, end: e };
  };
  for (let i = 0; i < dates.length - 1; i++) {
    const a = dates[i], b = dates[i + 1];
    const between = text.slice(a.index + a.length, b.index).toLowerCase();
    if (!/^\s*(-|–|to|through|thru|until|till)\s*$/.test(between) && !/^\s*(?:-|–)?\s*$/.test(between)) continue;
    if (a.present) continue;
    const A = resolveYear(a, b);
    const B = b.present ? null : resolveYear(b, a);
    const endIso = B ? (B.precision === "day" ? B.start : B.start) : requestDate;
    if (!endIso) continue;
    const days = daysBetween(A.start, endIso);
    if (days >= 0) return { days, start: A.start, end: endIso, open: !B };
  }
  const since = /\b(since|started|starting|began|from|initiated|start date:?)\s*(on\s+)?$/;
  for (const d of dates) {
    if (d.present) continue;
    const before = text.slice(Math.max(0, d.index - 20), d.index).toLowerCase();
    if (since.test(before) && requestDate) {
      const A = resolveYear(d, undefined);
      const days = daysBetween(A.start, requestDate);
      if (days >= 0) return { days, start: A.start, end: requestDate, open: true };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// measures

export interface MeasureValue {
  value: number;
  date: string | null;
  line: CaseLine;
  index: number;
  length: number;
}

/**
 * Numeric values written next to a measure name: "LDL-C 94 mg/dL", "LDL chol calc (NIH) 94",
 * "A1c 7.9% 9/15/26", "BSA ~25%", "12 migraine days/month". The date is the nearest date on the
 * same line, else the page's collection/service date.
 */
export function findMeasure(idx: CaseIndex, aliases: string[]): MeasureValue[] {
  const re = new RegExp(aliases.join("|"), "i");
  const out: MeasureValue[] = [];
  for (const line of idx.lines) {
    const g = new RegExp(re.source, "gi");
    let m: RegExpExecArray | null;
    while ((m = g.exec(line.lower))) {
      const after = line.lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
      const before = line.lower.slice(Math.max(0, m.index - 14), m.index);
      let val: number | null = null;
      let vIndex = m.index;
      const a = /^[^0-9\n]{0,22}?(?:[:=~]|\bof\b|\bwas\b|\bis\b|approx\.?|about)?\s*[<>≥≤]?\s*(\d+(?:\.\d+)?)(?!\s*\/\d)/.exec(after);
      const b = /(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?\s*(?:\/month)?\s*$/.exec(before);
      if (a && !/pending|ordered|not available|n\/a/.test(after.slice(0, a.index + 2))) {
        // skip years/dates mistaken for values ("LDL-C 162 mg/dL (06/11/2025)" is fine; "A1c on 9/15/26" is not)
        const raw = a[1];
        const next = after.slice(a.index + a[0].length, a.index + a[0].length + 1);
        const tail = after.slice(a.index + a[0].length);
        const isDays = /day|mhd/.test(m[0]);
        if (!(next === "/" || (next === "-" && /^\d/.test(tail.slice(1)))) && !/^\s*(months?|weeks?|wks?|years?|yrs?|mo\b)/.test(tail) && !(isDays && b)) {
          val = Number(raw);
          vIndex = m.index + m[0].length + a.index + a[0].lastIndexOf(raw);
        }
      }
      if (val == null && b && /days|mhd|day/.test(m[0] + after.slice(0, 8))) {
        val = b[2] ? Math.min(Number(b[1]), Number(b[2])) : Number(b[1]);
        vIndex = m.index - b[0].length;
      }
      if (val == null || !Number.isFinite(val)) continue;
      const date = dateNear(idx, line, m.index);
      out.push({ value: val, date, line, index: Math.max(0, vIndex), length: m[0].length + 10 });
    }
  }
  return out;
}

/** Is a measure mentioned as pending/ordered/not available (no result yet)? */
export function measurePending(idx: CaseIndex, aliases: string[]): Hit | null {
  const re = new RegExp(`(${aliases.join("|")})[^.;]{0,80}\\b(pending|ordered|not available|not yet|awaiting|will forward|to be drawn)`, "i");
  const re2 = new RegExp(`\\b(pending|ordered|awaiting)\\b[^.;]{0,40}(${aliases.join("|")})`, "i");
  return search(idx, re)[0] ?? search(idx, re2)[0] ?? null;
}

/** Date of a value at `pos` on `line`: the nearest full date on the line, else the page's collection/service date. */
export function dateNear(idx: CaseIndex, line: CaseLine, pos: number): string | null {
  const ds = findDatesIn(line.text).filter((d) => !d.present && d.precision !== "year" && !d.start.startsWith("0000"));
  if (ds.length) {
    ds.sort((x, y) => Math.abs(x.index - pos) - Math.abs(y.index - pos));
    return ds[0].start;
  }
  // page-level: "Collected 09/29/2026", "Date of service: ...", "Lipids 09/10/2026:" headers
  const pageLines = idx.lines.filter((l) => l.page === line.page);
  for (const l of pageLines) {
    if (/collected|date of service|drawn|specimen date|visit:|date:/i.test(l.text)) {
      const next = idx.lines[l.index + 1];
      const d = findDatesIn(l.text).find((x) => x.precision === "day" && !x.start.startsWith("0000")) ?? (next ? findDatesIn(next.text).find((x) => x.precision === "day" && !x.start.startsWith("0000")) : undefined);
      if (d) return d.start;
    }
  }
  return null;
}
