/**
 * Dates, durations and ages: the only date arithmetic of the clinical engine.
 *
 * `findDates` reads every date a fax writes — MM/DD/YYYY, M/D/YY, YYYY-MM-DD, MM-DD-YYYY,
 * "Month D, YYYY", "D Month YYYY", "OCT-06-2026" (OCR digit confusions inside the token are
 * repaired) — and, on request, partial dates ("04/2025", "March 2025", "2024"), month-day without a
 * year, and "present"/"current". All outputs are ISO YYYY-MM-DD.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH_RE = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const monthOf = (s: string) => MONTHS[s.toLowerCase().replace(/\.$/, "")] ?? MONTHS[s.toLowerCase().slice(0, 3)];

export const pad2 = (n: number) => String(n).padStart(2, "0");

function valid(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
function iso(y: number, m: number, d: number): string | null {
  return valid(y, m, d) ? `${y}-${pad2(m)}-${pad2(d)}` : null;
}
const year2 = (y: number) => (y < 100 ? (y > 40 ? 1900 + y : 2000 + y) : y);
const DG = "[0-9OoIl|SB]";
const fixDigits = (s: string) => s.replace(/[Oo]/g, "0").replace(/[Il|]/g, "1").replace(/S/g, "5").replace(/B/g, "8");

export interface DateSpan {
  /** first day the text can mean (ISO); "0000-MM-DD" when the year is not written; "present" */
  start: string;
  /** last day the text can mean (month precision → month end) */
  end: string;
  precision: "day" | "month" | "year";
  index: number;
  length: number;
  text: string;
  /** "present", "current", "ongoing", "now", "today" */
  present?: boolean;
}

export function endOfMonth(isoDate: string): string {
  const [y, m] = isoDate.split("-").map(Number);
  return `${y}-${pad2(m)}-${pad2(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}

const FULL: { re: RegExp; parse: (m: RegExpExecArray) => string | null }[] = [
  {
    re: new RegExp(`(?<![0-9/])(${DG}{1,2}) ?([/\\-.]) ?(${DG}{1,2}) ?\\2 ?(${DG}{4}|${DG}{2})(?![0-9/])`, "g"),
    parse: (m) => iso(year2(+fixDigits(m[4])), +fixDigits(m[1]), +fixDigits(m[3])),
  },
  {
    re: new RegExp(`(?<![0-9])(${DG}{4})([-/.])(${DG}{1,2})\\2(${DG}{1,2})(?![0-9])`, "g"),
    parse: (m) => iso(+fixDigits(m[1]), +fixDigits(m[3]), +fixDigits(m[4])),
  },
  {
    re: new RegExp(`\\b(${MONTH_RE})\\.?[\\s\\-]+(${DG}{1,2})(?:st|nd|rd|th)?,?[\\s\\-]+(${DG}{4})\\b`, "gi"),
    parse: (m) => iso(+fixDigits(m[3]), monthOf(m[1]), +fixDigits(m[2])),
  },
  {
    re: new RegExp(`\\b(${DG}{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\.?,?\\s+(${DG}{4})\\b`, "gi"),
    parse: (m) => iso(+fixDigits(m[3]), monthOf(m[2]), +fixDigits(m[1])),
  },
];

/**
 * Every date in `text`, sorted by position; full dates claim their span first.
 * opts.partial: month-year and bare years; opts.yearless: "Oct 6" and a bare month before a range
 * connector (start "0000-…", resolved by the caller); opts.present: "present"/"current"/"now".
 */
export function findDates(text: string, opts: { partial?: boolean; yearless?: boolean; present?: boolean } = {}): DateSpan[] {
  const out: DateSpan[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
  const push = (d: DateSpan) => {
    if (!free(d.index, d.index + d.length)) return;
    taken.push([d.index, d.index + d.length]);
    out.push(d);
  };
  for (const p of FULL) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(text))) {
      const v = p.parse(m);
      if (v) push({ start: v, end: v, precision: "day", index: m.index, length: m[0].length, text: m[0] });
    }
  }
  let m: RegExpExecArray | null;
  if (opts.yearless) {
    const re = new RegExp(`\\b(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\s*(?:mg|mcg|days|weeks|months|,?\\s*\\d{4}))`, "gi");
    while ((m = re.exec(text))) {
      const mo = monthOf(m[1]);
      const d = +m[2];
      if (mo && d >= 1 && d <= 31)
        push({ start: `0000-${pad2(mo)}-${pad2(d)}`, end: `0000-${pad2(mo)}-${pad2(d)}`, precision: "day", index: m.index, length: m[0].length, text: m[0] });
    }
  }
  if (opts.partial) {
    const re1 = /(?<![0-9/])(\d{1,2})[/-](\d{4})(?![0-9/])/g;
    while ((m = re1.exec(text))) {
      const v = iso(+m[2], +m[1], 1);
      if (v) push({ start: v, end: endOfMonth(v), precision: "month", index: m.index, length: m[0].length, text: m[0] });
    }
    const re2 = new RegExp(`\\b(${MONTH_RE})\\.?,?\\s*(?:of\\s+)?'?(\\d{4})\\b`, "gi");
    while ((m = re2.exec(text))) {
      const v = iso(+m[2], monthOf(m[1]), 1);
      if (v) push({ start: v, end: endOfMonth(v), precision: "month", index: m.index, length: m[0].length, text: m[0] });
    }
  }
  if (opts.yearless) {
    const re = new RegExp(`\\b(${MONTH_RE})\\.?(?=\\s*(?:-|–|to|through|until|and)\\s)`, "gi");
    while ((m = re.exec(text))) {
      const mo = monthOf(m[1]);
      if (mo) push({ start: `0000-${pad2(mo)}-01`, end: `0000-${pad2(mo)}-28`, precision: "month", index: m.index, length: m[0].length, text: m[0] });
    }
  }
  if (opts.partial) {
    const re = /(?<![0-9/.])((?:19|20)\d{2})(?![0-9/.])(?!\s*(?:mg|mcg|kcal|units|iu))/g;
    while ((m = re.exec(text))) push({ start: `${m[1]}-01-01`, end: `${m[1]}-12-31`, precision: "year", index: m.index, length: m[0].length, text: m[0] });
  }
  if (opts.present) {
    const re = /\b(present|current|ongoing|now|today)\b/gi;
    while ((m = re.exec(text))) push({ start: "present", end: "present", precision: "day", index: m.index, length: m[0].length, text: m[0], present: true });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The first full date in `s` as ISO YYYY-MM-DD, or null. */
export function parseDate(s: string): string | null {
  return findDates(s)[0]?.start ?? null;
}

/** Whole days from `a` to `b` (ISO dates): b − a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b + "T00:00:00Z") - Date.parse(a + "T00:00:00Z")) / 86400000);
}

export function addDays(a: string, n: number): string {
  return new Date(Date.parse(a + "T00:00:00Z") + n * 86400000).toISOString().slice(0, 10);
}

/**
 * Age on a date: completed years and months. The birthday itself counts (a person born 2008-10-06
 * is 18 on 2026-10-06); someone born on 29 February turns a year older on 1 March in common years.
 * Both dates ISO YYYY-MM-DD.
 */
export function ageOn(birth: string, on: string): { years: number; months: number } {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [y, m, d] = on.split("-").map(Number);
  let years = y - by;
  if (m < bm || (m === bm && d < bd)) years--;
  let months = (y - by) * 12 + (m - bm);
  if (d < bd) months--;
  return { years, months };
}

const WORDNUM: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  a: 1,
  an: 1,
};

/** Days in one `unit` ("day", "wk", "months", "yr"); a month is 30.44 days, a year 365. */
export function unitDays(unit: string): number {
  const u = unit.toLowerCase();
  return u.startsWith("d") ? 1 : u.startsWith("w") ? 7 : u.startsWith("m") ? 30.44 : 365;
}

/** A number written as digits or a word ("three", "12", "1,000"). NaN when it is neither. */
export function numberWord(s: string): number {
  const w = s.toLowerCase();
  return WORDNUM[w] ?? Number(w.replace(/,/g, ""));
}

/**
 * Explicit durations in a span of text: "x 8 weeks", "(6 wks)", "~11 months", "for about 14 weeks",
 * "3 mo", in days. Dosing frequencies ("every 2 weeks") and look-back windows ("within the past 12
 * months", "3 months ago") are not durations.
 */
export function explicitDurations(text: string): { days: number; index: number; length: number }[] {
  const out: { days: number; index: number; length: number }[] = [];
  const re =
    /(?:~|approx\.?\s*|about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|>\s*|x\s*)?\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?<=\b(?:for|over|x)\s)an?(?= (?:week|month|year)\b))\s*(?:\+\s*)?(?:-|\s)?(days?|weeks?|wks?|months?|mos?\b|mths?|years?|yrs?)\b(?!\s*(?:ago|old|of age|later|after|before|post|prior))/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const n = numberWord(m[1]);
    if (!Number.isFinite(n) || n <= 0) continue;
    const before = text.slice(Math.max(0, m.index - 14), m.index).toLowerCase();
    if (/(every|q|per|each|once|twice|times a|\/)\s*$/.test(before)) continue;
    if (/(past|last|within|in the|next|for the next)\s*$/.test(before)) continue;
    out.push({ days: Math.round(n * unitDays(m[2])), index: m.index, length: m[0].length });
  }
  return out;
}

/**
 * Duration of a therapy from a date range in `text` ("02/09/2026 - present", "Jan - Apr 2026",
 * "from 06/01/2026 to 07/15/2026", "since 11/2025", "started 05/04/2026"), in days, or null.
 * An open range ("- present", "since") ends on `requestDate`. Month-precision ends count to the
 * month's last day only when written on both sides.
 */
export function rangeDuration(text: string, requestDate: string | null): { days: number; start: string; end: string; open: boolean } | null {
  const dates = findDates(text, { partial: true, yearless: true, present: true }).filter((d) => d.precision !== "year");
  if (!dates.length) return null;
  const resolveYear = (d: DateSpan, ref: DateSpan | undefined): DateSpan => {
    if (!d.start.startsWith("0000")) return d;
    const y = ref && !ref.present && !ref.start.startsWith("0000") ? ref.start.slice(0, 4) : (requestDate?.slice(0, 4) ?? "2000");
    const s = y + d.start.slice(4);
    return { ...d, start: s, end: d.precision === "month" ? endOfMonth(s) : y + d.end.slice(4) };
  };
  for (let i = 0; i < dates.length - 1; i++) {
    const a = dates[i];
    const b = dates[i + 1];
    const between = text.slice(a.index + a.length, b.index).toLowerCase();
    // "to mid-December 2024", "through the end of May": a part of the month written before it
    const part = /^\s*(?:-|–|—|to|through|thru|until|till)\s*(?:(early|mid|middle|late)[-\s]*|(?:the\s+)?(beginning|start|middle|end)\s+of\s+)$/.exec(between);
    if (!part && !/^\s*(?:-|–|—|to|through|thru|until|till)\s*$/.test(between) && !/^\s*(?:-|–)?\s*$/.test(between)) continue;
    if (a.present) continue;
    const A = resolveYear(a, b);
    const B = b.present ? null : resolveYear(b, a);
    // (the part of a month read on the short side: early = its 1st, mid = its 15th, late = its 21st)
    const which = part ? (part[1] ?? part[2]) : null;
    const partDay = which == null ? null : /^(?:early|beginning|start)$/.test(which) ? "01" : /^(?:mid|middle)$/.test(which) ? "15" : "21";
    const endIso = B
      ? B.precision === "month" && partDay
        ? B.start.slice(0, 8) + partDay
        : A.precision === "month" && B.precision === "month"
          ? B.end
          : B.start
      : requestDate;
    if (!endIso) continue;
    const days = daysBetween(A.start, endIso);
    if (days >= 0) return { days, start: A.start, end: endIso, open: !B };
  }
  const since = /\b(?:since|started|starting|began|begun|from|initiated|start(?:ed)? on|start date:?)\s*(?:on\s+|in\s+)?$/i;
  for (const d of dates) {
    if (d.present) continue;
    const before = text.slice(Math.max(0, d.index - 22), d.index);
    if (since.test(before) && requestDate) {
      const A = resolveYear(d, undefined);
      const days = daysBetween(A.start, requestDate);
      if (days >= 0) return { days, start: A.start, end: requestDate, open: true };
    }
  }
  return null;
}
