/**
 * Strict date parsing for fax text (MM/DD/YYYY, M/D/YY, YYYY-MM-DD, MM-DD-YYYY, "Month D, YYYY",
 * "D Month YYYY", "OCT-06-2026") plus partial dates ("04/2025", "March 2025", "2024"), tolerant of
 * OCR digit confusions inside the date token. All outputs are ISO strings (YYYY-MM-DD).
 */
const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};
const MONTH_RE = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

export function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function valid(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return false;
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= dim;
}

function iso(y: number, m: number, d: number): string | null {
  return valid(y, m, d) ? `${y}-${pad2(m)}-${pad2(d)}` : null;
}

function year2(y: number): number {
  return y < 100 ? (y > 40 ? 1900 + y : 2000 + y) : y;
}

/** Digit-confusable characters that OCR puts inside numeric dates. */
const D = "[0-9OoIl|SB]";
function fixDigits(s: string): string {
  return s.replace(/[Oo]/g, "0").replace(/[Il|]/g, "1").replace(/S/g, "5").replace(/B/g, "8");
}

export interface DateHit {
  iso: string;
  /** "day" for full dates, "month" for MM/YYYY or Month YYYY, "year" for a bare year */
  precision: "day" | "month" | "year";
  index: number;
  length: number;
  text: string;
}

const FULL_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => string | null }[] = [
  // MM/DD/YYYY, MM-DD-YYYY, M/D/YY (same separator twice; OCR may add a space around it)
  { re: new RegExp(`(?<![0-9/])(${D}{1,2}) ?([/\\-.]) ?(${D}{1,2}) ?\\2 ?(${D}{4}|${D}{2})(?![0-9/])`, "g"),
    parse: (m) => iso(year2(+fixDigits(m[4])), +fixDigits(m[1]), +fixDigits(m[3])) },
  // YYYY-MM-DD (same separator twice)
  { re: new RegExp(`(?<![0-9])(${D}{4})([-/.])(${D}{1,2})\\2(${D}{1,2})(?![0-9])`, "g"),
    parse: (m) => iso(+fixDigits(m[1]), +fixDigits(m[3]), +fixDigits(m[4])) },
  // Month D, YYYY  /  OCT-06-2026
  { re: new RegExp(`\\b(${MONTH_RE})\\.?[\\s\\-]+(${D}{1,2})(?:st|nd|rd|th)?,?[\\s\\-]+(${D}{4})\\b`, "gi"),
    parse: (m) => iso(+fixDigits(m[3]), MONTHS[m[1].toLowerCase().replace(/\.$/, "")] ?? MONTHS[m[1].toLowerCase().slice(0, 3)], +fixDigits(m[2])) },
  // D Month YYYY
  { re: new RegExp(`\\b(${D}{1,2})\\s+(${MONTH_RE})\\.?,?\\s+(${D}{4})\\b`, "gi"),
    parse: (m) => iso(+fixDigits(m[3]), MONTHS[m[2].toLowerCase()] ?? MONTHS[m[2].toLowerCase().slice(0, 3)], +fixDigits(m[1])) },
];

const PARTIAL_PATTERNS: { re: RegExp; parse: (m: RegExpExecArray) => [string, "month" | "year"] | null }[] = [
  { re: /(?<![0-9/])(\d{1,2})\/(\d{4})(?![0-9/])/g,
    parse: (m) => { const v = iso(+m[2], +m[1], 1); return v ? [v, "month"] : null; } },
  { re: new RegExp(`\\b(${MONTH_RE})\\.?,?\\s+(\\d{4})\\b`, "gi"),
    parse: (m) => { const v = iso(+m[2], MONTHS[m[1].toLowerCase()] ?? MONTHS[m[1].toLowerCase().slice(0, 3)], 1); return v ? [v, "month"] : null; } },
  { re: /(?<![0-9/.])((?:19|20)\d{2})(?![0-9/.])/g,
    parse: (m) => { const v = iso(+m[1], 1, 1); return v ? [v, "year"] : null; } },
];

/** Every date in `text`, full dates first claim their span; partial dates fill the gaps. Sorted by index. */
export function findDates(text: string, opts: { partial?: boolean } = {}): DateHit[] {
  const hits: DateHit[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
  for (const p of FULL_PATTERNS) {
    p.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = p.re.exec(text))) {
      const v = p.parse(m);
      if (v && free(m.index, m.index + m[0].length)) {
        hits.push({ iso: v, precision: "day", index: m.index, length: m[0].length, text: m[0] });
        taken.push([m.index, m.index + m[0].length]);
      }
    }
  }
  if (opts.partial) {
    for (const p of PARTIAL_PATTERNS) {
      p.re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = p.re.exec(text))) {
        const v = p.parse(m);
        if (v && free(m.index, m.index + m[0].length)) {
          hits.push({ iso: v[0], precision: v[1], index: m.index, length: m[0].length, text: m[0] });
          taken.push([m.index, m.index + m[0].length]);
        }
      }
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/** Parses the first full date in `s` to ISO YYYY-MM-DD; null when none. */
export function parseDate(s: string): string | null {
  return findDates(s)[0]?.iso ?? null;
}

/** Whole days from `a` to `b` (ISO dates), b - a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b + "T00:00:00Z") - Date.parse(a + "T00:00:00Z")) / 86400000);
}

/** Last day of the month of an ISO date. */
export function endOfMonth(isoDate: string): string {
  const [y, m] = isoDate.split("-").map(Number);
  return `${y}-${pad2(m)}-${pad2(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}
