/**
 * Criteria that point into a numbered-row requirements table instead of stating their threshold:
 *
 *   2.3 Estimated GFR that meets Table A, row 1.
 *   Table A - Laboratory and measurement requirements
 *   Row Test                    Required value               Result must be dated within
 *   1   eGFR (CKD-EPI 2021)     25 mL/min/1.73 m2 or higher  90 days before the request
 *   4   Mayo Imaging Class.     Class 1C, 1D or 1E (2)       Any date
 *
 * The table's rows are read (a row starts with its number; a line without one continues the row
 * above), the table is taken out of the lines (its rows are no criteria of their own), and each
 * reference ("Table A, row 1", "(Table A, rows 2 and 3)", "Table A, row 1 OR row 2") is replaced in
 * its line by the rows' text, with the recency column written as "dated within N days before the
 * request" and footnote marks dropped, so the criterion reader sees the threshold and its window.
 * Offsets of the inserted text map to the reference, so citations still quote the policy's page.
 */
import type { DocLine } from "../text/lines";

const CAPTION = /^Table\s+([A-Z]|\d{1,2})\b\s*[-–—:.]?/i;
const ROW_HEADER = /^(?:Row|#|No\.?)\s+\S/i;
const ROW = /^(\d{1,2})\s+(\S.*)$/;
/** a line that ends the table: a footnote, a numbered section ("3. Exclusions"), a lettered one, another table */
const TABLE_END = /^(?:\(\d\)|\d{1,2}\.\s|[A-Z]\.\s|Table\s)/;

interface RowTable {
  name: string;
  rows: Map<number, string>;
  /** indices (DocLine.index) of the caption, header and row lines */
  used: Set<number>;
}

/** The row's words as a requirement: recency as "dated within …", "Any date" and footnote marks dropped. */
function rowRequirement(text: string): string {
  return text
    .replace(/\s*\(\d\)/g, "")
    .replace(/\s+any date\s*$/i, "")
    .replace(/\s+(\d{1,3}\s*(?:days?|weeks?|months?))\s+(before|prior to)\s+(?:the\s+)?(request|first dose|start)\b/i, ", dated within $1 $2 the $3")
    .replace(/\s+/g, " ")
    .trim();
}

function readTables(lines: DocLine[]): RowTable[] {
  const out: RowTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const cap = CAPTION.exec(lines[i].text.trim());
    const header = lines[i + 1];
    if (!cap || !header || header.page !== lines[i].page || !ROW_HEADER.test(header.text.trim())) continue;
    const t: RowTable = { name: cap[1].toUpperCase(), rows: new Map(), used: new Set([lines[i].index, header.index]) };
    let current: number | null = null;
    let j = i + 2;
    for (; j < lines.length; j++) {
      const text = lines[j].text.trim();
      const row = ROW.exec(text);
      if (row && !/^\d{1,2}\.\s/.test(text) && Number(row[1]) === (current ?? 0) + 1) {
        current = Number(row[1]);
        t.rows.set(current, row[2]);
      } else if (current != null && !TABLE_END.test(text) && lines[j].page === lines[j - 1].page) {
        t.rows.set(current, `${t.rows.get(current)} ${text}`);
      } else break;
      t.used.add(lines[j].index);
    }
    // the table's footnotes ("(1) Use the upper limit of normal printed by the laboratory.") explain its
    // rows; they are no criteria of the item above the table
    for (; j < lines.length && /^\(\d\)\s/.test(lines[j].text.trim()); j++) {
      t.used.add(lines[j].index);
      for (
        ;
        j + 1 < lines.length && !TABLE_END.test(lines[j + 1].text.trim()) && lines[j + 1].page === lines[j].page && !/[.;]$/.test(lines[j].text.trim());
        j++
      )
        t.used.add(lines[j + 1].index);
    }
    if (t.rows.size >= 2) out.push(t);
    i = j - 1;
  }
  return out;
}

/** a reference's rest on the line after its "Table" */
const REF_CONT = /^([A-Z]|\d{1,2}),?\s+rows?\s+(\d{1,2})((?:\s*(?:,|\band\b|\bor\b)\s*(?:rows?\s+)?\d{1,2})*)\)?/i;
const REF = /\(?\bTable\s+([A-Z]|\d{1,2}),?\s+rows?\s+(\d{1,2})((?:\s*(?:,|\band\b|\bor\b)\s*(?:rows?\s+)?\d{1,2})*)\)?/gi;

/**
 * `lines` with every numbered-row requirements table taken out and each reference to one of its
 * rows replaced by the row's requirement (see the module comment). Lines without such a reference,
 * and policies without such a table, are returned unchanged.
 * @param lines the policy's lines in reading order
 */
export function resolveTableRowRefs(lines: DocLine[]): DocLine[] {
  const tables = readTables(lines);
  if (!tables.length) return lines;
  const byName = new Map(tables.map((t) => [t.name, t]));
  const used = new Set(tables.flatMap((t) => [...t.used]));
  const out: DocLine[] = [];
  let prev: DocLine | null = null;
  for (const l of lines) {
    if (used.has(l.index)) continue;
    let text = "";
    let map: number[] = [];
    let at = 0;
    let changed = false;
    // a reference wrapped after its "Table" ("… class 1C (Table" / "A, row 4); or …") is read on its second line
    const wrapped = prev && prev.page === l.page && /\(?\bTable\s*$/i.test(prev.text) ? REF_CONT.exec(l.text) : null;
    prev = l;
    const refs = wrapped ? [Object.assign(wrapped, { index: 0 })] : [...l.text.matchAll(REF)];
    for (const m of refs) {
      const t = byName.get(m[1].toUpperCase());
      const nums = [Number(m[2]), ...[...(m[3] ?? "").matchAll(/\d{1,2}/g)].map((x) => Number(x[0]))];
      if (!t || nums.some((n) => !t.rows.has(n))) continue;
      const joiner = /\bor\b/i.test(m[3] ?? "") ? " or " : " and ";
      const insert = nums.map((n) => rowRequirement(t.rows.get(n)!)).join(joiner);
      const start = m.index!;
      text += l.text.slice(at, start) + insert;
      map = map.concat(
        l.map.slice(at, start),
        Array.from({ length: insert.length }, () => l.map[start]),
      );
      at = start + m[0].length;
      changed = true;
    }
    // this line's tail "(Table" belongs to the reference the next line resolves
    const next = lines[lines.indexOf(l) + 1];
    const tail = /\s*\(?\bTable\s*$/i.exec(changed ? "" : l.text);
    if (tail && next && next.page === l.page && !used.has(next.index)) {
      const m = REF_CONT.exec(next.text);
      const t = m ? byName.get(m[1].toUpperCase()) : undefined;
      if (t && t.rows.has(Number(m![2]))) {
        out.push({ ...l, text: l.text.slice(0, tail.index), map: l.map.slice(0, tail.index + 1) });
        continue;
      }
    }
    if (!changed) {
      out.push(l);
      continue;
    }
    text += l.text.slice(at);
    map = map.concat(l.map.slice(at));
    out.push({ ...l, text, map });
  }
  return out;
}
