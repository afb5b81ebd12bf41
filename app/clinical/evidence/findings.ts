/**
 * Measured values and test results in the fax: "LDL-C 94 mg/dL (09/10/2026)", "A1c 7.9%",
 * "BSA ~25%", "ESS 14", "12 migraine days/month", "QuantiFERON-TB Gold Plus Negative 09/22/2026",
 * "arginine stimulation test: peak GH 6.2 ng/mL", "MSLT mean sleep latency 4.5 min, 2 SOREMPs",
 * "CPAP download: >= 4 h on 22 of 30 nights (73%)" — with the date each was measured, and whether a
 * result is still pending or only ordered.
 */
import type { Citation } from "../contracts";
import { aliasRegex } from "../vocabulary/conditions";
import { isShareOfPeriod, type MeasureTerm } from "../vocabulary/measures";
import type { TestTerm } from "../vocabulary/tests";
import { BASELINE, PENDING, isNegated } from "../vocabulary/language";
import { findDates, numberWord, parseDate } from "../codes/dates";
import { dateNear, quote, withNext, type CaseIndex, type CaseLine } from "./case-index";

export interface MeasureValue {
  value: number;
  /** the raw text after the name, for units ("%", "mg/dL") */
  unitText: string;
  date: string | null;
  baseline: boolean;
  citation: Citation;
  /** the value was written as a bound ("<1%", "> 90") */
  bound?: "<" | ">";
  /** the line the value was read from (with the line it wraps onto): its setting ("at rest", "during sleep") */
  line?: string;
  /** the value was reported in SI units and converted to the measure's unit (MeasureTerm.si) */
  converted?: boolean;
}

/**
 * Every numeric value written next to a measure name on a line. The value is the first number after
 * the name (a table cell, "of", "=", "was"), or a number right before it for "12 migraine days".
 * Numbers that are dates, reference ranges, or outside the measure's plausible range are skipped.
 */
/** units of a drug's strength or supply (mg/mL, mg, mL, tablets…), never of a lab result (mg/dL, mg/L, g/dL stay) */
const DOSE_UNIT =
  /^\s*(?:(?:mg|mcg|µg|g)(?:\s*\/\s*m[lL]\b|\b(?!\s*\/\s*(?:d[lL]|[lL]|24|kg|g|mmol|day|min)))|m[lL]\b|units?\b|iu\b|tablets?\b|caps(?:ules)?\b|vials?\b|pens?\b|films?\b|syringes?\b)/i;

/** a flowsheet cell left empty: "-", "--", "—", "n/a", "not done" */
const EMPTY_CELL = /^(?:-{1,2}|[\u2013\u2014]|n\/?a|nd|not done|\.{1,3})$/i;
/** an abnormal flag printed after a flowsheet value: "9.6 L", "11.2 (H)", "410 *" */
const FLAG_CELL = /^(?:\(?(?:[HL]{1,2}|A|C|crit)\)?|\*{1,2}|!)$/;

/**
 * The date header of a lab flowsheet (trend table) above `line`: the nearest line on the same page,
 * at most 12 lines up, that is a row of two or more full dates with at most a few words before them
 * ("Parameter Units 05/12/2026 07/14/2026 09/15/2026", "Date 10/02/2026 10/30/2026"). Null when
 * there is none.
 */
function flowsheetHeader(idx: CaseIndex, line: CaseLine): string[] | null {
  for (let i = line.index - 1; i >= Math.max(0, line.index - 12); i--) {
    const l = idx.lines[i];
    if (l.page !== line.page) return null;
    const ds = findDates(l.text).filter((d) => d.precision === "day");
    if (ds.length < 2) continue;
    // nothing but the dates after the first one, and a short caption before it
    const rest = l.text
      .slice(ds[0].index)
      .replace(/\S*\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}\S*/g, "")
      .trim();
    const caption = l.text.slice(0, ds[0].index).trim().split(/\s+/).filter(Boolean);
    // (a last column of reference ranges or units keeps its caption: "Test 05/19 08/20 11/18 Reference")
    const lastColumn = /^(?:ref(?:erence)?\.?(?:\s+(?:range|interval|values?))?|normal(?:\s+range)?|units?|flags?|range)$/i.test(rest);
    if ((!rest || lastColumn) && caption.length <= 4) return ds.map((d) => d.start);
  }
  return null;
}

/**
 * A measure's row of a lab flowsheet: the cells after the measure name (and its unit) read one per
 * date column of the header above, an empty cell ("-") keeping its column and an abnormal flag
 * ("L", "H", "*") going with the value before it. Only when the row has exactly one cell per date
 * column (otherwise the columns cannot be matched and the row is read as ordinary text). Each value
 * is dated by its column. `from` is where the measure name ends in `line.text`.
 */
function flowsheetRow(idx: CaseIndex, line: CaseLine, from: number): { value: number; at: number; len: number; date: string }[] | null {
  const dates = flowsheetHeader(idx, line);
  if (!dates) return null;
  const tokens = [...line.text.slice(from).matchAll(/\S+/g)].map((t) => ({ text: t[0], at: from + t.index }));
  const cells: ({ value: number; at: number; len: number } | null)[] = [];
  let started = false;
  for (const t of tokens) {
    const num = /^[<>\u2264\u2265]?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)$/.exec(t.text);
    if (num) {
      started = true;
      cells.push({ value: Number(num[1].replace(/,/g, "")), at: t.at, len: t.text.length });
    } else if (EMPTY_CELL.test(t.text)) {
      started = true;
      cells.push(null);
    } else if (started && FLAG_CELL.test(t.text)) continue;
    else if (started) break;
    // a reference range ("0-28", "(3.5-5.0)") or a scale's item span ("(items 1-7)") before the
    // first dated cell is a column of the row's name, never a result
    else if (/^\(?\d+(?:\.\d+)?\s*[-–]\s*\d+(?:\.\d+)?\)?$/.test(t.text)) continue;
    // before the first cell: the unit and any qualifier of the row's name ("g/dL", "(CKD-EPI)")
    else if (/\d/.test(t.text) && !/[a-z%]/i.test(t.text)) return null;
  }
  if (cells.length !== dates.length) return null;
  return cells.flatMap((c, i) => (c ? [{ ...c, date: dates[i] }] : []));
}

/** one point of a trend: a value and its date in parentheses ("27 (04/14/2026)", "31 (06/2025)") */
const TREND_POINT = /(-?\d+(?:\.\d+)?)\s*\(\s*(\d{1,2}\/(?:\d{1,2}\/)?\d{2,4})\s*\)/g;
/** a trend after a measure's name: two or more dated points joined by arrows, commas or "then" */
const TREND_SERIES =
  /^\s*(?:\([^()]{0,30}\)\s*)?[:=]?\s*((?:-?\d+(?:\.\d+)?\s*\(\s*\d{1,2}\/(?:\d{1,2}\/)?\d{2,4}\s*\)\s*(?:->|→|=>|—>|,|;|\bthen\b|\bto\b)?\s*){2,})/i;
/** "4% rule", "3% criteria", "4% desaturation": a scoring convention, not a result */
const SCORING_RULE = /\b\d{1,2}(?:\.\d)?\s*%\s*(?:rule|criteri(?:on|a)|desaturation|scoring)\b/gi;
/** comparator words before a number: what follows is a threshold, not a result */
const COMPARATOR_WORD =
  /\b(?:at or (?:below|above|under|over)|below|above|under|over|less than|greater than|more than|fewer than|lower than|higher than|at least|at most|exceed(?:s|ed|ing)?|up to)\b/i;

/** words after a number that make it a threshold ("4 or more", "70 or higher") or a band's lower bound ("platelets 40 to less than 50") */
const THRESHOLD_TAIL =
  /^\s*(?:or (?:more|greater|higher|above|over|less|fewer|lower|below|under)\b|(?:to|-(?!>)|–)\s*(?:less than|under|below|more than|over|above|<(?!-)|>)\s*\d)/i;

/** A measure's name patterns compiled once: long names case-insensitively, abbreviations as written. */
interface MeasurePatterns {
  reWords: RegExp | null;
  reAbbr: RegExp | null;
  /** the names can be looked for in the whole document first (no pattern anchored with ^ or $) */
  prefilter: boolean;
}
const PATTERNS = new WeakMap<MeasureTerm, MeasurePatterns>();
function measurePatterns(m: MeasureTerm): MeasurePatterns {
  let p = PATTERNS.get(m);
  if (p) return p;
  const abbr = m.aliases.filter((a) => /^\\b[a-z0-9-]{2,6}\\b/.test(a));
  const words = m.aliases.filter((a) => !abbr.includes(a));
  p = {
    reWords: words.length ? new RegExp(words.map((a) => `(?:${a})`).join("|"), "gi") : null,
    reAbbr: abbr.length ? new RegExp(abbr.map((a) => aliasRegex(a).source).join("|"), "g") : null,
    prefilter: !m.aliases.some((a) => /(?<!\\)\$|(?<![[\\])\^/.test(a)),
  };
  PATTERNS.set(m, p);
  return p;
}

/**
 * Each line's text as measures are read from it, and the whole document in one string. A value
 * wrapped onto the next line ("height velocity 2.1 cm/yr, below the 3rd percentile / and more than
 * 2 SD below the mean") is read with the line it continues, never into a line that starts another
 * field ("Pages: 2", "NDC #: ..."). The whole text joins lines with NUL and a space, which no name
 * pattern reads across as a word, so a name found in no line's text is not found in it either.
 */
const READ_TEXTS = new WeakMap<CaseIndex, { lines: string[]; all: string }>();
function readTexts(idx: CaseIndex): { lines: string[]; all: string } {
  let r = READ_TEXTS.get(idx);
  if (r) return r;
  const lines = idx.lines.map((line) => {
    const next = idx.lines[line.index + 1];
    return next && next.page === line.page && !/^[A-Z][A-Za-z #/&().-]{1,30}:\s/.test(next.text) ? `${line.text} ${next.text}` : line.text;
  });
  r = { lines, all: idx.lines.map((l) => l.text).join("\u0000 ") };
  READ_TEXTS.set(idx, r);
  return r;
}

/** the caption of a results table's date column ("Collected", "Date", "Date collected", "Drawn") */
const DATE_COLUMN_RE = /\b(?:collected|collection date|date(?: collected| drawn| of (?:test|collection))?|drawn|specimen date)\b/i;
const DATE_ROW_RE = /^(\d{1,2}\/\d{1,2}\/\d{2,4})\s+([<>≤≥]?\s*\d+(?:\.\d+)?)(?!\s*\/\d)\s*([^\s\d][^\s]*(?:\s*\/\s*\S+)?)?/;

/**
 * The rows of a results table whose header line names the measure (`from`..`to` in `line`) after a date
 * column's caption and holds no value itself: each following line that starts with a date and then a
 * number is one dated result (blank lines skipped; the table ends at the first other line, at most
 * 12 rows). Null when `line` is no such header.
 */
function dateRowsUnder(
  idx: CaseIndex,
  line: CaseLine,
  from: number,
  to: number,
): { value: number; unitText: string; date: string; line: CaseLine; to: number }[] | null {
  // (a caption may hold an ordinal: "BMI percentile / % of 95th")
  if (
    !DATE_COLUMN_RE.test(line.text.slice(0, from)) ||
    /\d/.test(
      line.text
        .slice(to)
        .replace(/\([^)]*\)/g, "")
        .replace(/\b\d+(?:st|nd|rd|th)\b/gi, ""),
    )
  )
    return null;
  // each row's first number is the first column after the date's: the measure's caption must be that
  // column's ("Date | Weight (kg) | Height (cm) | BMI": the rows' first number is the weight, never the BMI)
  const date = [...line.text.slice(0, from).matchAll(new RegExp(DATE_COLUMN_RE.source, "gi"))].at(-1);
  if (!date || line.text.slice(date.index! + date[0].length, from).trim()) return null;
  const out: { value: number; unitText: string; date: string; line: CaseLine; to: number }[] = [];
  for (let k = line.index + 1; k < idx.lines.length && k <= line.index + 14 && out.length < 12; k++) {
    const next = idx.lines[k];
    if (next.page !== line.page) break;
    if (!next.text.trim()) continue;
    const r = DATE_ROW_RE.exec(next.text.trim());
    const date = r ? parseDate(r[1]) : null;
    if (!r || !date) break;
    const offset = next.text.indexOf(r[0]);
    // (a unit printed only in the caption — "Weight (kg)" — is the column's)
    const unit = (r[3] ?? "").trim() || (/^\s*\(([^()\d]{1,12})\)/.exec(line.text.slice(to))?.[1] ?? "");
    out.push({ value: Number(r[2].replace(/[<>≤≥\s]/g, "")), unitText: unit, date, line: next, to: offset + r[0].length });
  }
  return out.length >= 2 ? out : null;
}

/** a count written before an event's name: "3 exacerbations", "Three steroid-requiring exacerbations" */
const EVENT_COUNT_BEFORE = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[a-z][a-z-]*\s+){0,2}$/i;

export function measureValues(idx: CaseIndex, m: MeasureTerm): MeasureValue[] {
  const out: MeasureValue[] = [];
  const { reWords, reAbbr, prefilter } = measurePatterns(m);
  const texts = readTexts(idx);
  if (prefilter && ![reWords, reAbbr].some((re) => re && ((re.lastIndex = 0), re.test(texts.all)))) return out;
  for (let i = 0; i < idx.lines.length; i++) {
    const line = idx.lines[i];
    const text = texts.lines[i];
    const matches: { index: number; length: number }[] = [];
    for (const re of [reWords, reAbbr]) {
      if (!re) continue;
      re.lastIndex = 0;
      let x: RegExpExecArray | null;
      while ((x = re.exec(text))) {
        if (x.index >= line.text.length) break;
        if (!x[0].length) {
          re.lastIndex++;
          continue;
        }
        if (!matches.some((y) => x!.index < y.index + y.length && x!.index + x![0].length > y.index)) matches.push({ index: x.index, length: x[0].length });
      }
    }
    for (const mt of matches) {
      const end = mt.index + mt.length;
      // a results table whose header names the measure ("Collected | Eosinophils (absolute) | Context")
      // and whose rows start with the collection date ("03/10/2026   310 cells/mcL   3 weeks after …"):
      // each row's value with its own date (the rows after the first name no measure)
      const rows = dateRowsUnder(idx, line, mt.index, end);
      if (rows) {
        for (const r of rows) {
          if (r.value < m.range[0] || r.value > m.range[1]) continue;
          out.push({ value: r.value, unitText: r.unitText, date: r.date, baseline: false, citation: quote(idx, r.line, 0, r.to), line: r.line.text });
        }
        continue;
      }
      // a column caption of such a table other than the first after the date ("Date | Weight (kg) |
      // Height (cm) | BMI"): the row below starts with the date and the first column's value, never this
      // column's — no value is read from it (a BMI of 61.2 was the weight)
      if (DATE_COLUMN_RE.test(line.text.slice(0, mt.index)) && DATE_ROW_RE.test(idx.lines[line.index + 1]?.text.trim() ?? "")) continue;
      // a flowsheet row: one dated value per column
      const row = flowsheetRow(idx, line, end);
      if (row) {
        for (const c of row) {
          if (c.value < m.range[0] || c.value > m.range[1]) continue;
          const unitText = line.text.slice(end, row[0]?.at ?? end).trim();
          const ctx = line.lower.slice(Math.max(0, mt.index - 60), end + 40);
          out.push({ value: c.value, unitText, date: c.date, baseline: BASELINE.test(ctx), citation: quote(idx, line, mt.index, c.at + c.len), line: text });
        }
        continue;
      }
      // a trend written as a series of values each dated in parentheses ("GFR (CKD-EPI 2021): 31
      // (06/2025) -> 27 (04/14/2026) -> 24 (10/20/2026)"): each value with its own date, never the
      // first value with the line's latest date
      const series = TREND_SERIES.exec(text.slice(end, end + 220));
      if (series) {
        const from = end + series.index + series[0].length - series[1].length;
        for (const x of series[1].matchAll(TREND_POINT)) {
          const value = Number(x[1]);
          const date = findDates(x[2], { partial: true })[0]?.start ?? null;
          if (!date || value < m.range[0] || value > m.range[1]) continue;
          const vAt = Math.min(line.text.length - 1, from + (x.index ?? 0));
          const ctx = line.lower.slice(Math.max(0, mt.index - 60), end + 40);
          out.push({
            value,
            unitText: "",
            date,
            baseline: BASELINE.test(ctx),
            citation: quote(idx, line, mt.index, Math.max(end, Math.min(line.text.length, vAt + x[0].length))),
            line: text,
          });
        }
        continue;
      }
      // one item of a scale ("AIMS item 8 (global severity) 3") is that item's score, never the
      // scale's total
      if (m.unit === "points" && /^\s*(?:total\s+)?(?:item|question|q)\s*#?\s*\d{1,2}\b(?!\s*(?:-|–|to|through)\s*\d)/i.test(text.slice(end, end + 16)))
        continue;
      // a scoring rule written beside the name ("AHI, 4% rule", "AHI (3% criteria)") is how the value
      // was scored, never the value: blanked so the number after it is read; so are the items a score
      // is summed over ("AIMS total (items 1-7) 16") and the date of the examination written between
      // the name and the score ("AIMS on 04/22/2026 was 16")
      // a result still to come ("Eosinophils, absolute PENDING x10E9/L", "A1c: to follow"): no value, and
      // never the digits of its unit or reference range
      if (/^[\s,:=]*(?:pending|to follow|not (?:yet )?resulted|in process|tnp|sent out|ordered)\b/i.test(text.slice(end, end + 30))) continue;
      let after = text
        .slice(end, end + 48)
        // a count unit written as a power of ten ("x10E9/L", "x 10^9/L", "X10°9/L") holds no value
        .replace(/[x×]\s*10\s*(?:e|\^|°|\*\*)?\s*\d{1,2}\s*\/\s*[lL]\b/g, (x) => " ".repeat(x.length))
        .replace(SCORING_RULE, (x) => " ".repeat(x.length))
        // a rate normalised to body surface ("mL/min/1.73 m2", "(mL/min/1.73m²)") is a unit, not a value
        .replace(/\/\s*1\.73\s*m\s*(?:2|²|\^2)?/gi, (x) => " ".repeat(x.length))
        // a formula's input written beside the name ("CrCl, Cockcroft-Gault (81.3 kg) 54 mL/min",
        // "eGFR (age 47) 39"): a body measure in parentheses is what the value was computed from,
        // never the value, unless the measure itself is one of those
        .replace(/\(\s*(?:(?:wt|weight|ibw|abw|age|ht|height)\s*[:=]?\s*)?\d+(?:\.\d+)?\s*(?:kg|lbs?|cm|in|years?|yrs?|y)?\s*\)/gi, (x) =>
          /\b(?:kg|lbs?|cm|in|years?|yrs?|y)\b/i.test(m.unit ?? "") || !/[a-z]/i.test(x) ? x : " ".repeat(x.length),
        )
        .replace(/\b(?:items?|questions?)\s*#?\s*\d{1,2}\s*(?:-|–|to|through)\s*\d{1,2}\b/gi, (x) => " ".repeat(x.length));
      let writtenDate: string | null = null;
      if (m.unit === "points")
        after = after.replace(/^(\s*(?:on|dated|of)?\s*)(\d{1,2}\/\d{1,2}\/\d{2,4})\b/i, (_x, a: string, d: string) => {
          writtenDate = parseDate(d);
          return a + " ".repeat(d.length);
        });
      // a results table's row "Test | Date collected | Result" ("CrCl, Cockcroft-Gault 11/02/2026 54
      // mL/min"): the date is the value's date, the number after it the value — never a time of day
      // ("PSA Collected 10/06/2026 07:45" holds no PSA value)
      else
        after = after.replace(
          /^([^0-9\n]{0,30}?)(\d{1,2}\/\d{1,2}\/\d{4})(?=\s+[<>≥≤]?\s*-?\d+(?:\.\d+)?(?![\d:/.]|\s*(?:am|pm|hrs?|h)\b))/i,
          (x, a: string, d: string) => {
            const iso = parseDate(d);
            if (!iso) return x;
            writtenDate = iso;
            return a + " ".repeat(d.length);
          },
        );
      // a scale's items written one by one and then summed ("AIMS 10/29/2026 items 1-7: face 1, lips 3,
      // ... trunk 1 = TOTAL 15"): the total is the score, never the first item's
      const total =
        m.unit === "points"
          ? /^[^.\n]{0,160}?\btotal(?:\s+score)?\s*(?:[:=]|\bof\b|\bwas\b|\bis\b)?\s*(\d{1,3})\b(?!\s*[/-]\s*\d|\.\d)/i.exec(text.slice(end, end + 200))
          : null;
      const before = line.text.slice(Math.max(0, mt.index - 18), mt.index);
      // a residual value ("Residual AHI 2.1/h" from a device download) is measured on therapy: it is
      // no diagnostic result
      if (/\bresidual\s*$/i.test(before)) continue;
      let value: number | null = null;
      let vAt = end;
      let unitText = "";
      let bound: "<" | ">" | undefined;
      // standard deviation scores: "(-2.6 SD)", "< -2 SD", "more than 2 SD below the mean"
      // (the window stops where another measurement starts: "..., mid-parental height 175 cm (+0.1 SD)")
      const sdWindow = m.unit === "SD" ? text.slice(end, end + 90).replace(/^(.{3}.*?)\b(?:height|weight|bmi|velocity|igf-?1|ldl|a1c)\b.*$/is, "$1") : "";
      const sd =
        m.unit === "SD"
          ? /(?:^|[^\d.])([<>\u2264\u2265]=?\s*)?([-\u2212+]?\d+(?:\.\d+)?)\s*(?:sds?|sd score|standard deviations?)\b(\s+below)?/i.exec(sdWindow)
          : null;
      if (sd) {
        const n = Number(sd[2].replace("\u2212", "-"));
        value = sd[3] ? -Math.abs(n) : n;
        vAt = Math.min(line.text.length - 1, end + sd.index + sd[0].indexOf(sd[2]));
        unitText = "SD";
      }
      // an SD score is only the number written as one, unless the name itself says "SDS" / "z-score"
      const sdName = /sds|sd score|z-?score|standard deviation/i.test(text.slice(mt.index, end));
      // a functional class ("NYHA class IV", "NYHA II"): the numeral right after the name, roman or arabic
      if (m.unit === "class" && value == null) {
        const c =
          /^\s*(?:\(nyha\)\s*)?(?:functional\s+)?(?:class\s*)?(?:[:=-]\s*)?\b(iv|v|i{1,3}|[il1|]{2,3}|[1-5])\b(?!\s*(?:,|or|to|-|–)\s*\b(?:iv|v|i{1,3}|[1-5])\b)/i.exec(
            after,
          );
        if (!c) continue;
        // a scan reads the strokes of "II" / "III" as l, 1 or | ("FC Ill", "class I1"): their count
        const strokes = /^[il1|]{2,3}$/i.test(c[1]) && !/^i+$/i.test(c[1]) ? c[1].length : null;
        value = strokes ?? { i: 1, ii: 2, iii: 3, iv: 4, v: 5 }[c[1].toLowerCase()] ?? Number(c[1]);
        vAt = end + c.index + c[0].length - c[1].length;
        unitText = "class";
      }
      if (total && value == null && !COMPARATOR_WORD.test(total[0]) && !PENDING.test(total[0])) {
        value = Number(total[1]);
        vAt = Math.min(line.text.length - 1, end + total[0].lastIndexOf(total[1]));
        unitText = "points";
      }
      // a score written out of its scale's maximum ("worst-itch NRS 8/10", "DLQI 18/30"): the score,
      // never a date ("8/10/2026" and a denominator other than the scale's maximum stay unread)
      if (m.unit === "points" && value == null) {
        const o = /^[^0-9\n]{0,24}?(?:[:=~]|\bof\b|\bwas\b|\bis\b|score)?\s*(\d{1,3}(?:\.\d+)?)\s*\/\s*(\d{1,3})(?![\d/-]|\.\d)/.exec(after);
        if (o && Number(o[2]) === m.range[1] && !COMPARATOR_WORD.test(after.slice(0, o.index + o[0].length))) {
          value = Number(o[1]);
          vAt = end + o.index + o[0].lastIndexOf(o[1]);
          unitText = `/${o[2]}`;
        }
      }
      // a share of nights or days written as a count of them ("on 24 of 30 nights (80%)", "22/30
      // nights"): the percentage written beside it, else the count over the period; a bare count of
      // nights is never compared as a share
      const shareOfNights = isShareOfPeriod(m);
      if (shareOfNights && value == null) {
        const sh = /^[^0-9\n]{0,24}?(\d{1,3})\s*(?:\/|of|out of)\s*(\d{1,3})\s*(?:nights?|days?)\b(?:[^%\n\d]{0,6}(\d{1,3}(?:\.\d+)?)\s*%)?/i.exec(after);
        if (sh && Number(sh[2]) > 0 && Number(sh[1]) <= Number(sh[2])) {
          value = sh[3] ? Number(sh[3]) : Math.round((Number(sh[1]) / Number(sh[2])) * 1000) / 10;
          vAt = end + sh.index + sh[0].length - 1;
          unitText = "%";
        }
      }
      // a count of events over a window ("3 exacerbations, 1 ED visit", "Three exacerbations requiring
      // oral steroids in the past 12 months"): the number before the name, dated by its window — never a
      // number after it ("1 ED visit") nor one on the next line (a list marker: "exacerbation\n5. …")
      let eventCount = false;
      if (m.unit === "per year" && value == null) {
        const lead = line.lower.slice(Math.max(0, mt.index - 40), mt.index);
        const c = EVENT_COUNT_BEFORE.exec(lead);
        // (">= 2 exacerbations …? [X] Yes", "at least two exacerbations": a form's or a policy's threshold)
        if (
          c &&
          !/(?:[<>\u2264\u2265]=?|\bat (?:least|most)|\bmore than|\bfewer than|\bless than|\bminimum of|\bmaximum of)\s*$/i.test(lead.slice(0, c.index)) &&
          !/\bor (?:more|fewer|less|greater)\b|\+/i.test(c[0])
        ) {
          const n = numberWord(c[1]);
          if (Number.isFinite(n)) {
            value = n;
            vAt = mt.index - c[0].length;
            unitText = "per year";
            if (
              /\b(?:past|last|previous|prior|preceding)\s+(?:12|twelve)\s+months\b|\b(?:past|last|previous|prior)\s+year\b/i.test(
                withNext(idx, line).slice(mt.index, mt.index + 160),
              )
            )
              writtenDate = idx.requestDate;
          }
        }
        eventCount = true;
      }
      // a count of days written before its name ("18 headache days per month"): that number — never the
      // number after the name ("18 headache days per month with 10 migraine days" read 10); of a list of
      // monthly counts ("11, 12 migraine days / month"), the last, the latest month's
      if (value == null && /\bdays?\b/i.test(line.text.slice(mt.index, end + 6))) {
        const counted = /(?:^|[^\d.\/])(\d{1,3})((?:\s*(?:,|\band\b)\s*\d{1,3})*)\s*$/.exec(before);
        if (counted && !/(?:[<>\u2264\u2265]=?|\bat (?:least|most)|\bmore than|\bfewer than|\bless than)\s*$/i.test(before.slice(0, counted.index + 1))) {
          const last = /(\d{1,3})\s*$/.exec(counted[0].trimEnd())!;
          value = Number(last[1]);
          vAt = mt.index - counted[0].length + counted[0].trimEnd().lastIndexOf(last[1]);
        }
      }
      const a =
        value != null || eventCount || (m.unit === "SD" && !sdName)
          ? null
          : /^[^0-9\n]{0,24}?(?:[:=~]|\bof\b|\bwas\b|\bis\b|\bat\b|approx\.?|about|score|level|result|value)?\s*([<>≥≤]=?)?\s*(-?\d{1,3}(?:,\d{3})+|-?\d+(?:\.\d+)?)(?!\s*\/\s*\d)(?!\d|\.\d)/.exec(
              after,
            );
      // "SpO2 at or below 88%: 47 minutes", "LDL-C above 100": a number after a comparator word is a
      // threshold or a time spent beyond one, never the measured value
      // "4 or more migraine days per month? [X] Yes": a number followed by "or more" / "or less" is a
      // form question's or a policy's threshold, never the measured value
      const compared = a ? COMPARATOR_WORD.test(after.slice(0, a.index + a[0].length)) || THRESHOLD_TAIL.test(after.slice(a.index + a[0].length)) : false;
      if (a && !compared && !PENDING.test(after.slice(0, a.index + 2)) && !/\b(?:ref(?:erence)?|range|normal|goal|target)\b/i.test(after.slice(0, a.index))) {
        const tail = after.slice(a.index + a[0].length);
        // (hours too: "Factor VIII activity (trough, 72 h post dose) 3 %" is sampled 72 hours after a dose)
        const isDuration = /^\s*(?:months?|weeks?|wks?|years?|yrs?|mo\b|yo\b|y\/o|(?:h|hrs?|hours?)\b(?!\s*\/))/i.test(tail);
        const isDate = /^\s*[-/]\s*\d/.test(tail) || /^\s*(?:19|20)\d\d\b/.test(a[2]);
        const isCount = shareOfNights && /^\s*(?:of\s+\d+\s+)?(?:nights?|days?)\b/i.test(tail);
        if (!isDuration && !isDate && !isCount) {
          value = Number(a[2].replace(/,/g, ""));
          if (a[1]) bound = /[<≤]/.test(a[1]) ? "<" : ">";
          vAt = end + a.index + a[0].lastIndexOf(a[2]);
          unitText = tail.slice(0, 14);
        }
      }
      if (value == null && /\bdays?\b|\bsorem/i.test(line.text.slice(mt.index, end + 6))) {
        const b = /(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*$/.exec(before);
        if (b) {
          value = b[2] ? Math.min(Number(b[1]), Number(b[2])) : Number(b[1]);
          vAt = mt.index - b[0].length;
        }
      }
      if (value == null || !Number.isFinite(value)) continue;
      // a result in SI units ("LDL cholesterol 2.6 mmol/L"): on the measure's own unit (100.5 mg/dL),
      // marked as converted (a value this close to a threshold is left to a reviewer)
      const si = m.si?.find((x) => x.unit.test(unitText.trim()));
      if (si && m.unit) {
        // (a small result keeps two decimals: 0.71 mg/mg is 0.71 g/g, never 0.7)
        const v = value * si.factor;
        value = v < 10 ? Math.round(v * 100) / 100 : Math.round(v * 10) / 10;
        unitText = ` ${m.unit} (converted from ${unitText.trim().split(/\s+/)[0]})`;
      }
      if (value < m.range[0] || value > m.range[1]) continue;
      // a drug's strength or amount ("Testosterone cypionate 200 mg/mL, 10 mL vial") is not a result
      if (DOSE_UNIT.test(unitText) && !(m.unit && DOSE_UNIT.test(` ${m.unit}`))) continue;
      const date = writtenDate ?? dateNear(idx, line, mt.index);
      const ctx = line.lower.slice(Math.max(0, mt.index - 60), end + 40);
      // a volume restated as its percentage of predicted ("FVC 2.31 L = 58% predicted"): both are read
      const restated =
        m.unit === "% predicted"
          ? /^\s*(?:m?l\b|liters?|litres?)[^%;.\n]{0,6}?(?:=|,|\(|\/)\s*(\d+(?:\.\d+)?)\s*%\s*(?:of\s+)?pred(?:icted)?\b/i.exec(
              text.slice(vAt).replace(/^[\d.]+/, ""),
            )
          : null;
      if (restated && Number(restated[1]) >= m.range[0] && Number(restated[1]) <= m.range[1])
        out.push({
          value: Number(restated[1]),
          unitText: "% predicted",
          date,
          baseline: BASELINE.test(ctx),
          citation: quote(idx, line, mt.index, Math.min(line.text.length, vAt + 24)),
          line: text,
        });
      out.push({
        value,
        unitText,
        date,
        baseline: BASELINE.test(ctx),
        citation: quote(idx, line, Math.min(mt.index, vAt), Math.max(end, vAt + 4)),
        ...(bound ? { bound } : {}),
        ...(si ? { converted: true } : {}),
        line: text,
      });
    }
  }
  return out;
}

/** A mention of the measure or test that says its result is pending, ordered or scheduled. */
export function pendingMention(idx: CaseIndex, aliases: string[]): { line: CaseLine; index: number } | null {
  const re = new RegExp(aliases.map((a) => `(?:${a})`).join("|"), "gi");
  for (const line of idx.lines) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line.lower))) {
      if (!m[0].length) {
        re.lastIndex++;
        continue;
      }
      const clause =
        line.lower
          .slice(Math.max(0, m.index - 50), m.index + m[0].length + 70)
          .split(/(?<=\.)\s/)
          .find((c) => c.includes(m![0])) ?? "";
      if (PENDING.test(clause)) return { line, index: m.index };
    }
  }
  return null;
}

export type TestOutcome = "negative" | "positive" | "abnormal" | "normal" | "indeterminate" | "pending" | "done";

export interface TestFinding {
  result: TestOutcome;
  date: string | null;
  /** numbers written with the test (peak GH values, latencies), in order */
  values: number[];
  citation: Citation;
  text: string;
}

const RESULT_WORD =
  /\b(non-?reactive|not detected|negative|neg\b|no evidence of (?:latent )?(?:tb|tuberculosis|infection)|within normal limits|normal|unremarkable|positive|pos\b|reactive|detected|abnormal|consistent with|confirm(?:s|ed|ing)|diagnostic of|showed|shows|revealed|demonstrat(?:ed|es)|indeterminate|equivocal|borderline|pending|awaiting|not (?:yet )?(?:resulted|available|done|performed)|ordered|scheduled|to be (?:drawn|done|performed|scheduled)|will (?:forward|send|obtain|be performed))\b/i;

function outcomeOf(word: string): TestOutcome {
  const w = word.toLowerCase();
  if (/^(?:non-?reactive|not detected|negative|neg|no evidence)/.test(w)) return "negative";
  if (/^(?:positive|pos|reactive|detected)$/.test(w)) return "positive";
  if (/^(?:within normal|normal|unremarkable)/.test(w)) return "normal";
  if (/^(?:abnormal|consistent with|confirm|diagnostic of)/.test(w)) return "abnormal";
  if (/^(?:indeterminate|equivocal|borderline)$/.test(w)) return "indeterminate";
  if (/^(?:showed|shows|revealed|demonstrat)/.test(w)) return "done";
  return "pending";
}

/**
 * The lines of the request that belong to a report of `test` (indexes into `idx.lines`): each block
 * opens at a heading that names the test (a short line, ten words at most: "Capitol Heart Clinic
 * RESTING 12-LEAD ECG") and runs on that page until a heading that names another of `others` (the
 * next report: "ECHOCARDIOGRAM REPORT"), at most 40 lines. A mention in running prose ("HR 74 ... ECG
 * attached") opens no block: a value beside it is not the report's.
 */
export function testReportLines(idx: CaseIndex, test: TestTerm, others: TestTerm[]): Set<number> {
  const names = (t: TestTerm) => new RegExp(t.aliases.map((a) => `(?:${a})`).join("|"), "i");
  const own = names(test);
  const rest = others.filter((t) => t !== test && !t.generic).map(names);
  const heading = (l: CaseLine) => l.text.trim().split(/\s+/).length <= 10;
  const out = new Set<number>();
  for (const line of idx.lines) {
    if (!heading(line) || !own.test(line.lower)) continue;
    out.add(line.index);
    for (let k = line.index + 1; k < idx.lines.length && k <= line.index + 40; k++) {
      const l = idx.lines[k];
      if (l.page !== line.page) break;
      if (heading(l) && !own.test(l.lower) && rest.some((re) => re.test(l.lower))) break;
      out.add(k);
    }
  }
  return out;
}

/**
 * Every result of a test written in the fax: name (any synonym), result word or values, date.
 * A table row ("QuantiFERON-TB Gold Plus  Negative  09/22/2026") and prose ("negative
 * QuantiFERON on 09/22/2026") both count; a wrapped line continues the clause.
 */
export function testFindings(idx: CaseIndex, test: TestTerm): TestFinding[] {
  const out: TestFinding[] = [];
  const re = new RegExp(test.aliases.map((a) => `(?:${a})`).join("|"), "gi");
  for (const line of idx.lines) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    const seen: number[] = [];
    while ((m = re.exec(line.lower))) {
      if (!m[0].length) {
        re.lastIndex++;
        continue;
      }
      if (seen.some((s) => Math.abs(s - m!.index) < 12)) continue;
      seen.push(m.index);
      const end = m.index + m[0].length;
      let after = line.lower
        .slice(end)
        .split(/;|\.(?:\s|$)/)[0]
        .slice(0, 110);
      const next = idx.lines[line.index + 1];
      if (end + after.length >= line.lower.length - 1 && !/[.;:]\s*$/.test(line.lower) && next && next.page === line.page && after.length < 60)
        after += " " + next.lower.split(/[.;]/)[0].slice(0, 90);
      const before =
        line.lower
          .slice(Math.max(0, m.index - 40), m.index)
          .split(/[.;]\s/)
          .pop() ?? "";
      let r = RESULT_WORD.exec(after);
      if (!r) {
        const b = /\b(negative|positive|non-?reactive|normal|abnormal|pending|ordered|scheduled)\b[^a-z]*(?:\w+\s*){0,3}$/i.exec(before);
        if (b) r = RESULT_WORD.exec(b[0]);
      }
      const values = [...after.matchAll(/(?<![\d/.-])(\d+(?:\.\d+)?)(?![\d.])(?!\s*(?:\/\s*\d|-\d|years?|yrs?|y\/o|yo\b|weeks?|months?|am\b|pm\b))/g)]
        .map((x) => Number(x[1]))
        .filter((n) => n < 1000);
      // a dated mention is a report of a done test ("Bone age 07/15/2026: 6 years", "Echo (03/2026)")
      const datedAt = findDates(line.text.slice(end, end + 24), { partial: true }).find(
        (d) => d.index <= 4 && d.precision !== "year" && /^[1-9]\d{3}-/.test(d.start),
      );
      if (!r && !values.length && !datedAt) continue;
      // "start 11/16/2026 if QuantiFERON negative", "once the TB test is negative": a result the plan
      // waits for is a condition, never a result
      if (/\b(?:if|once|provided(?: that)?|assuming|unless|until)\s+(?:the\s+|a\s+|his\s+|her\s+|their\s+)?$/.test(before)) continue;
      let result: TestOutcome = r ? outcomeOf(r[1]) : "done";
      const measured = test.interpret?.(after);
      if (measured && (!r || result === "done")) result = measured;
      if (isNegated(line.lower, m.index) && result !== "negative") {
        // "no TB test on file", "has not had a sleep study"
        if (/\b(?:no|not|never)\b[^.;]{0,30}$/.test(before)) result = "pending";
      }
      const clause = `${before} ${line.lower.slice(m.index, end)} ${after}`;
      if (PENDING.test(clause) && result !== "negative" && result !== "positive" && !values.length) result = "pending";
      // "consider genetic testing", "has not had a sleep study", "will order": not done
      if (
        /\b(?:consider(?:ing)?|plan(?:s|ned)? (?:to|for)|recommend(?:ed)?|will (?:order|obtain|refer|schedule)|has not had|have not had|never had|not (?:yet )?(?:done|performed|obtained)|declined|deferred)\b[^.;]{0,30}$/.test(
          before,
        ) &&
        result !== "negative" &&
        result !== "positive"
      )
        result = "pending";
      const full = findDates(`${line.text.slice(end, end + 110)}`).filter((d) => d.precision === "day");
      // a month-precision date counts from the month's first day (the oldest the test can be)
      const date =
        full[0]?.start ??
        dateNear(idx, line, m.index) ??
        datedAt?.start ??
        findDates(line.text.slice(end, end + 60), { partial: true }).find((d) => d.precision === "month" && /^[1-9]\d{3}-/.test(d.start))?.start ??
        null;
      out.push({
        result,
        date,
        values,
        citation: quote(idx, line, m.index, Math.min(line.text.length, end + Math.min(after.length, 60))),
        text: line.text.slice(Math.max(0, m.index - 10), Math.min(line.text.length, end + 80)),
      });
    }
  }
  return out;
}
