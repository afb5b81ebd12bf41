/**
 * The laboratory's reference range printed beside a result: "ALT 38 U/L (ref 7-56)", "Hemoglobin
 * 10.9 g/dL  Normal range: 12.0 - 15.5", or a results table whose header names a reference-range
 * column ("TEST  RESULT  UNITS  REFERENCE RANGE  FLAG" over "ALT  84  U/L  7 - 55  H"). A policy limit
 * written relative to the normal range ("ALT above 2 x ULN", "below the lower limit of normal") is
 * compared with this range — never with a range guessed from the measure.
 */
import type { CaseIndex, CaseLine } from "./case-index";
import type { MeasureTerm } from "../vocabulary/measures";
import { aliasRegex } from "../vocabulary/conditions";

export interface ReferenceRange {
  /** lower limit of normal; null when the range gives only an upper limit ("< 40") */
  low: number | null;
  /** upper limit of normal; null when the range gives only a lower limit ("> 60") */
  high: number | null;
}

const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const num = (s: string) => Number(s.replace(/,/g, ""));
/** a range or a one-sided limit at the start of a text */
const RANGE_AT_START = new RegExp(String.raw`^\(?\s*(?:${NUM}\s*(?:-|–|to)\s*${NUM}|(<=?|≤|>=?|≥)\s*${NUM})\s*\)?`);
/** "ref", "reference range", "normal range", "nl", "RR", "reference interval" before the range */
const LABEL = /^(?:ref(?:erence)?\.?(?:\s*(?:range|interval|int\.?|values?))?|normal(?:\s*(?:range|values?|limits?))?|nl|rr|range)\s*[:=]?\s*/i;
/** a table header naming a reference-range column */
const HEADER = /\b(?:reference(?:\s*(?:range|interval|values?))?|ref\.?\s*(?:range|interval)|normal\s*(?:range|values?))\b/i;

function read(text: string): ReferenceRange | null {
  const m = RANGE_AT_START.exec(text.trim());
  if (!m) return null;
  if (m[1] != null) {
    const low = num(m[1]);
    const high = num(m[2]);
    return low < high ? { low, high } : null;
  }
  const v = num(m[4]);
  return m[3].startsWith("<") || m[3] === "≤" ? { low: null, high: v } : { low: v, high: null };
}

/** a range (or one-sided limit) ending a row: "… 61   7-41", "… 27   >60" */
const RANGE_AT_END = new RegExp(String.raw`\s(\(?\s*(?:${NUM}\s*(?:-|–|to)\s*${NUM}|(?:<=?|≤|>=?|≥)\s*${NUM})\s*\)?)\s*$`);

/**
 * A results table with one column per date and the reference range last ("Test | 11/10/2026 |
 * 11/17/2026 | 11/28/2026 | Reference" over "ALT (U/L)  18  24  61  7-41"): the range ending the row,
 * when `value` is one of the row's results and a header above names the reference column.
 */
function tableColumnRange(idx: CaseIndex, line: CaseLine, after: string, value: number): ReferenceRange | null {
  const end = RANGE_AT_END.exec(after);
  if (!end) return null;
  const results = [...after.slice(0, end.index).matchAll(new RegExp(NUM, "g"))].map((x) => num(x[1]));
  if (!results.includes(value)) return null;
  const header = idx.lines
    .filter((l) => l.page === line.page && l.index < line.index && l.index >= line.index - 25)
    .reverse()
    .find((l) => HEADER.test(l.text));
  return header ? read(end[1]) : null;
}

/**
 * The reference range written with the result `value` of measure `m` on `line`, or null when none is
 * printed there. The value must follow the measure's name on the line; the range is read right after
 * the value and its unit, labelled ("ref 7-56", "normal range: 12.0-15.5"), in parentheses ("(7-56)"),
 * or as a bare column ("7 - 55") when a header above it on the page names a reference-range column.
 */
export function referenceRangeOn(idx: CaseIndex, line: CaseLine, m: MeasureTerm, value: number): ReferenceRange | null {
  // abbreviations in capitals (case-sensitive), names in words in any case ("Free T4" beside "FT4")
  const abbr = m.aliases.filter((a) => /^\\b[a-z0-9-]{2,6}\\b/.test(a));
  const words = m.aliases.filter((a) => !abbr.includes(a));
  const found: RegExpExecArray[] = [];
  for (const names of [
    abbr.length ? new RegExp(abbr.map((a) => aliasRegex(a).source).join("|"), "g") : null,
    words.length ? new RegExp(words.map((a) => `(?:${a})`).join("|"), "gi") : null,
  ]) {
    let x: RegExpExecArray | null;
    while (names && (x = names.exec(line.text))) {
      if (!x[0].length) names.lastIndex++;
      else found.push(x);
    }
  }
  for (const mm of found.sort((a, b) => a.index - b.index)) {
    const after = line.text.slice(mm.index + mm[0].length);
    const v = new RegExp(String.raw`^[^0-9\n]{0,24}?${NUM}`).exec(after);
    if (!v || num(v[1]) !== value) {
      const trailing = tableColumnRange(idx, line, after, value);
      if (trailing) return trailing;
      continue;
    }
    let rest = after.slice(v.index + v[0].length);
    // the unit ("U/L", "g/dL", "x10^3/uL", "IU/mL") and a flag before the range ("H", "L", "(L)", "*")
    rest = rest.replace(/^\s*(?:[a-zµμ%][^\s(]*(?:\s*\/\s*[a-z0-9^]+)?)?\s*(?:\(\s*[HL]{1,2}\s*\)|\b[HL]\b|\*)?\s*[,;]?\s*/i, "");
    const labelled = LABEL.exec(rest);
    if (labelled && labelled[0].trim()) return read(rest.slice(labelled[0].length));
    if (/^\(/.test(rest)) {
      const inner = /^\(\s*(?:ref(?:erence)?\.?(?:\s*range)?|normal(?:\s*range)?|nl)?\s*[:=]?\s*([^)]*)\)/i.exec(rest);
      if (inner) return read(inner[1]);
    }
    // a bare range in a results table: only under a header that names the reference-range column
    const header = idx.lines
      .filter((l) => l.page === line.page && l.index < line.index && l.index >= line.index - 25)
      .reverse()
      .find((l) => HEADER.test(l.text));
    if (header) return read(rest);
    return null;
  }
  return null;
}
