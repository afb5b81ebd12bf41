/**
 * Criteria grids whose last columns mark the requests each row applies to ("# | Criterion |
 * Initial | Renewal", an X in each column that applies), as state Medicaid preferred-drug-list
 * clinical authorization criteria print them. The page text runs a row's marks onto the end of its
 * first line ("2 Age 5 years or older. X X") and its number onto the start, without a list marker,
 * so the rows read as running text: the stray marks are no words, the rows no items, and nothing
 * says which rows a first request must meet and which are for renewal only.
 *
 * This module re-reads such a grid by its word boxes: the rows marked Initial become a numbered list
 * ("1. Diagnosis of …", "2. Age 5 years or older.") under an "Approval Criteria" heading, and the rows
 * marked Renewal alone go under a "Renewal Criteria" heading (continuation, never applied to a first
 * request). Each output line quotes the page (its offsets map into the page text), so citations still
 * point at the policy. A grid without any mark under its request columns is left as it is. Pure.
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import { cleanWithMap, withLineText, type DocLine } from "./lines";

/** the header row: a criterion column, then an initial-request and a renewal column */
const HEADER_RE =
  /^(?:#|no\.?|row|item|line)?\s*(?:criteri(?:on|a)|requirements?|clinical criteri(?:on|a))\s+(initial(?: request| approval)?|new start)\s+(renewal|re-?authori[sz]ation|continuation|re-?certification)$/i;
/** a mark in a request column */
const MARK_RE = /^[Xx✓✔☒]$/;
/** a row number in the first column */
const ROW_NUMBER_RE = /^\d{1,2}\.?$/;

interface Row {
  number: string;
  words: { page: number; words: WordBox[] }[];
  initial: boolean;
  renewal: boolean;
}

const wordsOf = (doc: ParsedDocument, l: DocLine) =>
  (doc.pages.find((p) => p.page === l.page)?.words ?? []).filter((w) => w.start >= l.start && w.end <= l.end).sort((a, b) => a.x - b.x);

/** a heading in capitals that ends the grid ("DENIAL", "DOCUMENTATION NOTES") */
function isCapsHeading(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, "");
  return letters.length >= 5 && letters === letters.toUpperCase();
}

/** The page text of `words` (one line's), cleaned, with its offsets; null when empty. */
function lineOf(doc: ParsedDocument, page: number, words: WordBox[]): DocLine | null {
  const p = doc.pages.find((x) => x.page === page);
  if (!p || !words.length) return null;
  const ws = [...words].sort((a, b) => a.start - b.start);
  const c = cleanWithMap(p.text.slice(ws[0].start, ws[ws.length - 1].end), ws[0].start);
  if (!c.text) return null;
  return { text: c.text, page, start: ws[0].start, end: ws[ws.length - 1].end, index: 0, map: c.map, x: Math.min(...ws.map((w) => w.x)) };
}

/** `a` then `b` as one line (a space between); offsets keep mapping into the page */
function join(a: DocLine, b: DocLine): DocLine {
  return { ...a, text: `${a.text} ${b.text}`, end: b.end, map: [...a.map.slice(0, a.text.length), a.map[a.text.length] ?? a.end, ...b.map] };
}

/** `line` with `prefix` before its text (the prefix maps to the line's start) */
function prefixed(line: DocLine, prefix: string): DocLine {
  return { ...line, text: `${prefix}${line.text}`, map: [...prefix.split("").map(() => line.start), ...line.map] };
}

/** a line of synthetic heading text standing at `at`'s place in the page (cites the grid's header) */
function heading(at: DocLine, text: string): DocLine {
  return withLineText(at, text);
}

/**
 * `lines` (docLines of `doc`) with every applicability grid re-read (see the module comment); other
 * lines unchanged, `index` renumbered in output order.
 */
export function readApplicabilityGrids(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const header = lines[i];
    const hm = HEADER_RE.exec(header.text.trim());
    const hw = hm ? wordsOf(doc, header) : [];
    const initialWord = hm ? hw.find((w) => new RegExp(`^${hm[1].split(/\s+/)[0]}$`, "i").test(w.text)) : undefined;
    const renewalWord = hm ? [...hw].reverse().find((w) => new RegExp(`^${hm[2].split(/\s+/)[0]}$`, "i").test(w.text)) : undefined;
    if (!hm || !initialWord || !renewalWord || renewalWord.x <= initialWord.x) {
      out.push(header);
      i++;
      continue;
    }
    const initialX = initialWord.x + initialWord.w / 2;
    const renewalX = renewalWord.x + renewalWord.w / 2;
    // the request columns start a little left of the Initial header
    const marksFrom = initialWord.x - Math.max(12, (renewalX - initialX) / 2);
    const rows: Row[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j].page === header.page; j++) {
      const ws = wordsOf(doc, lines[j]);
      if (!ws.length || isCapsHeading(lines[j].text)) break;
      const marks = ws.filter((w) => MARK_RE.test(w.text) && w.x >= marksFrom);
      // a word of running text in the request columns: the grid has ended
      if (ws.some((w) => w.x >= marksFrom && !MARK_RE.test(w.text) && w.x > initialWord.x + initialWord.w)) break;
      const content = ws.filter((w) => !marks.includes(w));
      const startsRow = content.length > 0 && ROW_NUMBER_RE.test(content[0].text);
      if (startsRow) rows.push({ number: content[0].text.replace(/\.$/, ""), words: [], initial: false, renewal: false });
      const row = rows[rows.length - 1];
      if (!row) break;
      const body = startsRow ? content.slice(1) : content;
      if (body.length) row.words.push({ page: lines[j].page, words: body });
      for (const m of marks) {
        const cx = m.x + m.w / 2;
        if (Math.abs(cx - initialX) <= Math.abs(cx - renewalX)) row.initial = true;
        else row.renewal = true;
      }
    }
    if (!rows.length || !rows.some((r) => r.initial || r.renewal)) {
      out.push(header);
      i++;
      continue;
    }
    const rowLine = (r: Row): DocLine | null => {
      const parts = r.words.map((p) => lineOf(doc, p.page, p.words)).filter((l): l is DocLine => l !== null);
      if (!parts.length) return null;
      return prefixed(parts.slice(1).reduce(join, parts[0]), `${r.number}. `);
    };
    const initial = rows.filter((r) => r.initial).map(rowLine);
    const renewalOnly = rows.filter((r) => r.renewal && !r.initial).map(rowLine);
    out.push(heading(header, "Approval Criteria"));
    out.push(...initial.filter((l): l is DocLine => l !== null));
    if (renewalOnly.some((l) => l)) {
      out.push(heading(header, "Renewal Criteria"));
      out.push(...renewalOnly.filter((l): l is DocLine => l !== null));
    }
    i = j;
  }
  return out.map((l, k) => ({ ...l, index: k }));
}
