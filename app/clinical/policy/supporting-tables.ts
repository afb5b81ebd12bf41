/**
 * A decision flow's supporting tables ("Clinical Edit Supporting Tables": "Table 1 - ADHD diagnoses",
 * "Table 3 - Conditions in which a stimulant is not appropriate", "Table 4 - Daily dose limits"), read
 * so that a step's question that refers to one ("Does the client have a condition in Table 3?", "Is the
 * requested daily dose within the limit in Table 4 for the client's age?") is answered from the
 * table's rows instead of being left to a reviewer:
 *
 *  - a table of conditions with ICD-10-CM codes gives a diagnosis: its condition names and codes;
 *  - a table whose rows are age bands with a daily maximum ("6 through 12 years | 4 mg per day") gives
 *    one daily dose ceiling per band, each asked only at its ages.
 *
 * Source: the policy document's own tables; no clinical rule is added. Anything else in a table (a
 * preferred-drug list, a qualifies / does-not-qualify grid) is not read here.
 */
import type { DocLine } from "../text/lines";

/** one supporting table: its number, its title and the lines of its body (header row included) */
export interface SupportingTable {
  n: number;
  title: string;
  rows: string[];
}

const TABLE_HEAD_RE = /^\s*table\s+(\d{1,2})\s*[-–—:.]\s*(\S.*)$/i;
/** what ends a table's body: the next table, references, a publication history, a signature block */
const TABLE_END_RE = /^\s*(?:table\s+\d{1,2}\s*[-–—:.]|references\b|publication history\b|revision history\b|background\b|appendix\b)/i;

/**
 * The numbered tables of a policy's lines (`lines` in reading order): "Table n - title" followed by
 * its rows up to the next table or the references. Lines repeated as page furniture (running heads
 * and footers, given in `furniture`) are skipped. Empty when there are none.
 */
export function supportingTables(lines: DocLine[], furniture: Set<string> = new Set()): Map<number, SupportingTable> {
  const out = new Map<number, SupportingTable>();
  let open: SupportingTable | null = null;
  for (const l of lines) {
    const head = TABLE_HEAD_RE.exec(l.text);
    if (head && !/\?\s*$/.test(l.text)) {
      open = { n: Number(head[1]), title: head[2].trim(), rows: [] };
      // a second "Table n" heading with the same number is a reference in prose, not a table
      if (!out.has(open.n)) out.set(open.n, open);
      else open = null;
      continue;
    }
    if (TABLE_END_RE.test(l.text)) {
      open = null;
      continue;
    }
    if (open && !furniture.has(l.text.trim()) && open.rows.length < 60) open.rows.push(l.text);
  }
  return out;
}

/** an ICD-10-CM code or category as tables print them: "F95.2", "D81.x", "F50.0x", "Q35" */
const CODE_RE = /\b([A-TV-Z]\d{2})(?:\.([0-9A-Z]{1,4})x?|\.x)?\b/g;
/** a range of categories: "F10-F19", "Q20-Q24", "Q35-Q37" */
const RANGE_RE = /\b([A-TV-Z])(\d{2})\s*[-–]\s*\1?(\d{2})\b/g;

/**
 * The ICD-10-CM codes a table row names, ranges of categories expanded ("F10-F19" → F10 … F19) and
 * "x" placeholders dropped ("D81.x" → D81). Empty when the row names none.
 */
export function rowCodes(row: string): string[] {
  const codes = new Set<string>();
  let rest = row;
  for (const m of row.matchAll(RANGE_RE)) {
    const [from, to] = [Number(m[2]), Number(m[3])];
    if (to < from || to - from > 30) continue;
    for (let k = from; k <= to; k++) codes.add(`${m[1]}${String(k).padStart(2, "0")}`);
    rest = rest.replace(m[0], " ");
  }
  for (const m of rest.matchAll(CODE_RE)) codes.add(m[2] ? `${m[1]}.${m[2]}` : m[1]);
  return [...codes];
}

/** the conditions and codes of a table of conditions, or null when its rows name no ICD-10-CM code */
export function tableConditions(table: SupportingTable): { names: string[]; icd10: string[] } | null {
  const names: string[] = [];
  const icd10 = new Set<string>();
  for (const row of table.rows) {
    const codes = rowCodes(row);
    if (!codes.length) continue;
    for (const c of codes) icd10.add(c);
    // the words before the row's first code name the condition ("Tic disorder or Tourette syndrome F95.0, …")
    const first = row.search(/\b[A-TV-Z]\d{2}\b/);
    const name = row
      .slice(0, first < 0 ? row.length : first)
      .replace(/\([^)]*$/, "")
      .trim();
    if (name.length > 3 && !/^icd-?10/i.test(name)) names.push(name);
  }
  return icd10.size ? { names, icd10: [...icd10] } : null;
}

/** one age band of a dose-limit table: ages [min_years, max_years) and the daily maximum in mg */
export interface AgeDoseBand {
  min_years: number;
  max_years: number;
  max_mg: number;
  text: string;
}

const AGE_BAND_ROW_RE =
  /^\s*(?:ages?\s+)?(\d{1,2})\s*(?:through|to|-|–)\s*(\d{1,2})\s*(?:years?|yrs?)(?:\s+(?:of age|old))?\s*[|:]?\s*(\d+(?:\.\d+)?)\s*mg\s*(?:\/|per|a)\s*day\b/i;

/**
 * The age bands of a daily dose-limit table ("6 through 12 years 4 mg per day", "13 through 17 years
 * 7 mg per day"): ages inclusive as written, `max_years` exclusive (17 → 18). Null unless every row
 * that names a dose is such a band and at least two are read.
 */
export function ageDoseBands(table: SupportingTable): AgeDoseBand[] | null {
  const bands: AgeDoseBand[] = [];
  for (const row of table.rows) {
    const m = AGE_BAND_ROW_RE.exec(row);
    if (m) {
      const [lo, hi] = [Number(m[1]), Number(m[2])];
      if (hi < lo) return null;
      bands.push({ min_years: lo, max_years: hi + 1, max_mg: Number(m[3]), text: row.trim() });
    } else if (/\d\s*mg\b/i.test(row)) return null;
  }
  return bands.length >= 2 ? bands : null;
}

/** the number of the table a question refers to ("(Table 3)", "in Table 4"), or null */
export function tableRef(text: string): number | null {
  const m = /\btable\s+(\d{1,2})\b/i.exec(text);
  return m ? Number(m[1]) : null;
}
