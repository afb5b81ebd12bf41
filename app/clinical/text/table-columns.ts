/**
 * Policy criteria laid out as a table of columns ("Initial approval | Reauthorization", "Criteria |
 * Approval Length | Quantity Limit"). The page text runs each printed row across every column, so a
 * line reads "Member is 18 years of age or older - Member has paid claims for X": two columns'
 * requirements joined into one false sentence. This module finds such tables by their header row and
 * re-reads them column by column: the header of a column, then its cells top to bottom, then the next
 * column. Each output line is verbatim page text (its offsets map into the page), so citations still
 * quote the policy exactly. Pure; needs word boxes (text-layer PDFs and OCR both provide them).
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import { cleanWithMap, type DocLine } from "./lines";

/** A horizontal gap at least this wide (PDF points) separates two columns on a line. */
const COLUMN_GAP = 18;
/** A gap this narrow (PDF points) is a space between two words of one sentence, never between cells. */
const WORD_SPACE = 6;

interface Group {
  words: WordBox[];
  x: number;
  right: number;
}

function groupsOf(words: WordBox[]): Group[] {
  const sorted = [...words].sort((a, b) => a.x - b.x);
  const out: Group[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.x - last.right < COLUMN_GAP) {
      last.words.push(w);
      last.right = Math.max(last.right, w.x + w.w);
    } else out.push({ words: [w], x: w.x, right: w.x + w.w });
  }
  return out;
}

/** a numbering column's header that is a mark, not a word ("#", "No.") */
const NUMBER_MARK = /^(?:#|No\.?)$/;

/**
 * A header's numbering column set narrower than a column gap from the next ("#   Requirement"):
 * the mark is a cell of its own when more than two word spaces separate it from the next word.
 */
function splitNumberMark(groups: Group[]): Group[] {
  const first = groups[0];
  if (!first || first.words.length < 2) return groups;
  const [mark, next] = [...first.words].sort((a, b) => a.x - b.x);
  if (!NUMBER_MARK.test(mark.text) || next.x - (mark.x + mark.w) < 2 * WORD_SPACE) return groups;
  const rest = first.words.filter((w) => w !== mark);
  return [{ words: [mark], x: mark.x, right: mark.x + mark.w }, { words: rest, x: next.x, right: first.right }, ...groups.slice(1)];
}

/** A table header: 2–4 short title-like cells, each starting with a capital letter. */
function isHeaderRow(groups: Group[], text: string): boolean {
  if (groups.length < 2 || groups.length > 4) return false;
  // (a header cell's parenthetical says how to read the column — "Criteria (all must be met unless marked
  // ONE of)" — and is no part of its name)
  const cells = groups.map((g) =>
    g.words
      .map((w) => w.text)
      .join(" ")
      .replace(/\s*\([^()]*\)\s*$/, ""),
  );
  if (!cells.every((c) => c.length <= 40 && /^[A-Z]/.test(c) && c.split(/\s+/).length <= 6 && !/[.;]$/.test(c))) return false;
  // a header names what the columns hold, not a value ("12 months")
  return /\b(?:criteria|initial|approval|reauthori[sz]ation|renewal|continuation|length|duration|quantity|limit|requirements?|documentation)\b/i.test(text);
}

/** a first column that names what each row is about ("Indication | Criteria", "Diagnosis | Requirements") */
const ROW_LABEL_HEADER =
  /^(?:indications?|diagnos[ie]s|conditions?|uses?|disease(?: states?)?|(?:drug|product|medication|agent)s?|category|topic|item|sections?)$|^(?:drug|product|medication|agent)(?:\(s\)|s)?(?:\s*(?:name|names))?(?:\s*[/&,]\s*|\s+and\s+)(?:pdl|formulary|preferred)?\s*(?:status|tier)$/i;
/** a first column that names the policy's own sections ("Section | Criteria") */
const SECTION_HEADER = /^sections?$/i;

/**
 * A grid whose first column labels its rows (an indication, "Prescriber", "Not covered", "Quantity
 * limit") and whose second column holds each row's requirements: two columns, the first headed by
 * what the rows are about, its cells short.
 */
function isRowLabelGrid(groups: Group[], columns: WordBox[][][]): boolean {
  if (groups.length !== 2) return false;
  const first = groups[0].words.map((w) => w.text).join(" ");
  if (!ROW_LABEL_HEADER.test(first.trim())) return false;
  return columns[0].length > 0 && columns[0].every((ws) => ws.length <= 12) && columns[1].length >= columns[0].length;
}

/**
 * A row-label grid read row by row: each row's label (its first-column lines joined into one line, so
 * "Prevention of episodic migraine" over "(EM)" reads as one title), then its requirement lines. A row
 * starts where the first column has words after a line where it had none, or where both columns
 * start a capitalised cell on one line; a first-column line in lower case continues its row.
 */
function rowLabelGrid(doc: ParsedDocument, header: DocLine, rows: WordBox[][][]): DocLine[] {
  const out: DocLine[] = [];
  let label: DocLine | null = null;
  let body: DocLine[] = [];
  let prevHadLabel = false;
  const grid = header.start;
  const flush = () => {
    if (label) out.push({ ...(label as DocLine), cell: { grid, role: "label" } });
    out.push(...body.map((b) => ({ ...b, cell: { grid, role: "body" as const } })));
    label = null;
    body = [];
  };
  const startsUpper = (ws: WordBox[] | undefined) => !!ws?.length && /^[A-Z]/.test([...ws].sort((a, b) => a.x - b.x)[0].text);
  for (const [labelWords, rest] of rows) {
    if (labelWords.length) {
      const part = lineFrom(doc, header.page, labelWords, 0);
      if (part) {
        // a new row: the label column starts again after a blank, or both columns start a capitalised
        // cell on the same line ("dialysis" then "Anemia due to … | Chemotherapy given …"); a label
        // line in lower case ("non-myeloid malignancy") continues the row above
        if (!/^[a-z]/.test(part.text) && (!prevHadLabel || (startsUpper(labelWords) && startsUpper(rest)))) flush();
        label = label ? joinLines(label, part) : part;
      }
    }
    prevHadLabel = labelWords.length > 0;
    const line = lineFrom(doc, header.page, rest ?? [], 0);
    if (line) body.push(line);
  }
  flush();
  return out;
}

/** the first column of a criteria grid: each row is one numbered criterion ("Criterion | Requirement | …") */
const CRITERION_HEADER = /^(?:criteri(?:on|a)|items?|#|no\.?|ref(?:erence)?|step)$/i;
/** a criterion's row code: "C1", "1", "2.1", "A", "R-3" */
const ROW_CODE = /^(?:[A-Z]{1,3}[-.]?)?\d{1,2}(?:\.\d{1,2})?[.):]?$|^[A-Z][.):]?$/;
/** a column that tells the reviewer what to look at, not what must be true ("Evidence the reviewer needs", "Documentation", "Notes") */
const GUIDANCE_HEADER = /\b(?:evidence|documentation|documents?|notes?|comments?|guidance|rationale|reviewer|examples?|source|submit)\b/i;

/**
 * A criteria grid: the first column numbers the criteria ("Criterion", "Item", "#") with short row
 * codes (C1, C2 …), the second holds each requirement and any further column is reviewer guidance
 * ("Evidence the reviewer needs", "Documentation"). Returns false for any other table.
 */
function isCriterionGrid(groups: Group[], rows: WordBox[][][]): boolean {
  if (groups.length < 2 || groups.length > 4) return false;
  const heads = groups.map((g) =>
    g.words
      .map((w) => w.text)
      .join(" ")
      .trim(),
  );
  if (!CRITERION_HEADER.test(heads[0]) || GUIDANCE_HEADER.test(heads[1])) return false;
  if (!heads.slice(2).every((h) => GUIDANCE_HEADER.test(h))) return false;
  const labels = rows
    .filter((r) => r[0].length)
    .map((r) =>
      r[0]
        .map((w) => w.text)
        .join(" ")
        .trim(),
    );
  return labels.length >= 2 && labels.every((t) => ROW_CODE.test(t)) && rows[0][0].length > 0;
}

/**
 * A criteria grid read row by row as a numbered list: each row's requirement lines, the first one
 * numbered by the row's order ("1. Diagnosis of ONE of: …", its "a. … b. …" lines nesting under it
 * as the outline reader expects). The guidance columns are left out: they say what evidence to
 * look for, never what must be true. The synthetic marker maps onto the row code's position, so a
 * citation of the requirement text stays verbatim.
 */
function criterionGrid(doc: ParsedDocument, header: DocLine, rows: WordBox[][][]): DocLine[] {
  const out: DocLine[] = [];
  let n = 0;
  let code: DocLine | null = null;
  let fresh = false;
  for (const row of rows) {
    if (row[0].length) {
      code = lineFrom(doc, header.page, row[0], 0);
      n++;
      fresh = true;
    }
    const line = lineFrom(doc, header.page, row[1] ?? [], 0);
    if (!line) continue;
    if (fresh && code) {
      const prefix = `${n}. `;
      out.push({ ...line, text: prefix + line.text, map: [...prefix].map(() => code!.start).concat(line.map) });
      fresh = false;
    } else out.push(line);
  }
  return out;
}

/**
 * A grid of the policy's own sections read as the document it stands for: each section's label on a
 * line of its own (a heading: "Approval Criteria", "Denial Criteria", "Renewal Criteria"), then the
 * section's cells. Every capitalised label line starts a section (labels sit on their rows' first
 * lines); a label in lower case continues the one above; "Approval Criteria (continued)" goes on the
 * section above. The lines carry no grid roles: nothing here is an indication's row.
 */
function sectionGrid(doc: ParsedDocument, header: DocLine, rows: WordBox[][][]): DocLine[] {
  const out: DocLine[] = [];
  let pending: DocLine | null = null;
  for (const [labelWords, rest] of rows) {
    const part = labelWords.length ? lineFrom(doc, header.page, labelWords, 0) : null;
    if (part) {
      if (/^[a-z]/.test(part.text) && pending) pending = joinLines(pending, part);
      else {
        if (pending) out.push(pending);
        pending = /\(continued\)\s*$/i.test(part.text) ? null : part;
      }
    }
    const line = lineFrom(doc, header.page, rest ?? [], 0);
    if (line) {
      if (pending) out.push(pending);
      pending = null;
      out.push(line);
    }
  }
  if (pending) out.push(pending);
  return out;
}

/** Two lines read as one ("Prevention of episodic migraine" + "(EM)"); offsets keep mapping into the page. */
function joinLines(a: DocLine, b: DocLine): DocLine {
  return { ...a, text: `${a.text} ${b.text}`, end: b.end, map: [...a.map.slice(0, a.text.length), a.map[a.text.length] ?? a.end, ...b.map] };
}

/** A line of verbatim page text from `words` (their page offsets), at the leftmost word's x; null when empty. */
export function lineFrom(doc: ParsedDocument, page: number, words: WordBox[], index: number): DocLine | null {
  const p = doc.pages.find((x) => x.page === page);
  if (!p || !words.length) return null;
  const ws = [...words].sort((a, b) => a.start - b.start);
  const start = ws[0].start;
  const end = ws[ws.length - 1].end;
  const c = cleanWithMap(p.text.slice(start, end), start);
  if (!c.text) return null;
  return { text: c.text, page, start, end, index, map: c.map, x: Math.min(...ws.map((w) => w.x)) };
}

/**
 * The rows under the header line `lines[i]` whose cells are `groups`: each line's words by column
 * (`rows`, and per column the non-empty cells `columns`), until the table ends (a word crossing a
 * column boundary, a page end, a blank line, a heading in capitals); `j` is the first line after it.
 */
function tableRows(doc: ParsedDocument, lines: DocLine[], i: number, groups: Group[]): { columns: WordBox[][][]; rows: WordBox[][][]; j: number } {
  const l = lines[i];
  const wordsOf = (x: DocLine) => (doc.pages.find((p) => p.page === x.page)?.words ?? []).filter((w) => w.start >= x.start && w.end <= x.end);
  // column boundaries: just left of each header cell after the first
  const bounds = groups.slice(1).map((g) => g.x - COLUMN_GAP / 3);
  const colOf = (w: WordBox) => bounds.filter((b) => w.x >= b).length;
  const columns: WordBox[][][] = groups.map(() => []);
  const rows: WordBox[][][] = [];
  let j = i + 1;
  for (; j < lines.length && lines[j].page === l.page; j++) {
    const ws = wordsOf(lines[j]);
    if (!ws.length) break;
    // a word that crosses a boundary: the table has ended (a full-width line)
    if (ws.some((w) => bounds.some((b) => w.x < b && w.x + w.w > b + COLUMN_GAP / 3))) break;
    const byCol = groups.map((_, k) => ws.filter((w) => colOf(w) === k));
    // running text whose word gap happens to fall on a boundary: two cells of a table are never
    // only a word space apart ("… or 12 | weeks (chemotherapy) when ALL …" is one sentence)
    if (
      byCol.some(
        (cell, k) =>
          k > 0 && cell.length && byCol[k - 1].length && Math.min(...cell.map((w) => w.x)) - Math.max(...byCol[k - 1].map((w) => w.x + w.w)) < WORD_SPACE,
      )
    )
      break;
    // a section heading in capitals alone in the first column ("RENEWAL CRITERIA") starts the text after the table
    const only = byCol[0].map((w) => w.text).join(" ");
    if (byCol.slice(1).every((c) => !c.length) && only.length >= 8 && /[A-Z]{4}/.test(only) && only === only.toUpperCase()) break;
    // … also when its words run on past the first column ("NOT | MEDICALLY NECESSARY" under a
    // "# | Criterion | Documentation" grid): a whole line in capitals, with no row code of its own
    const whole = ws
      .map((w) => w.text)
      .join(" ")
      .trim();
    const letters = whole.replace(/[^A-Za-z]/g, "");
    if (letters.length >= 8 && /[A-Z]{4}/.test(whole) && letters === letters.toUpperCase() && !/^\d/.test(whole)) break;
    for (let k = 0; k < groups.length; k++) if (byCol[k].length) columns[k].push(byCol[k]);
    rows.push(byCol);
  }
  return { columns, rows, j };
}

/**
 * `lines` (docLines of `doc`) with every column table re-read column by column (see the module
 * comment). A table starts at a header row and ends at the first line with a word that crosses a
 * column boundary (a full-width paragraph), a page end, or a blank run of the first column. Lines
 * outside tables are returned unchanged; `index` is renumbered in the output order.
 */
export function readTableColumns(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  const out: DocLine[] = [];
  const wordsOf = (l: DocLine) => (doc.pages.find((p) => p.page === l.page)?.words ?? []).filter((w) => w.start >= l.start && w.end <= l.end);
  let i = 0;
  while (i < lines.length) {
    const l = lines[i];
    const readRows = (groups: Group[]) => tableRows(doc, lines, i, groups);
    // a numbering column headed by a mark ("# | Requirement | Documentation accepted") is split off
    // only when the table it makes is a criteria grid; any other table is read as before
    const plain = groupsOf(wordsOf(l));
    const marked = splitNumberMark(plain);
    // (the mark may stand a column gap apart already: "#" | "Criteria (…)" | "Documentation to submit")
    const markApart = plain.length > 2 && plain[0].words.length === 1 && NUMBER_MARK.test(plain[0].words[0].text);
    if ((marked !== plain || markApart) && isHeaderRow(marked.slice(1), l.text)) {
      const t = readRows(marked);
      if (t.j - i >= 3 && isCriterionGrid(marked, t.rows)) {
        out.push(...criterionGrid(doc, l, t.rows));
        i = t.j;
        continue;
      }
    }
    const groups = plain;
    if (!isHeaderRow(groups, l.text)) {
      out.push(l);
      i++;
      continue;
    }
    const { columns, rows, j } = readRows(groups);
    // fewer than two rows under the header: not a table
    if (j - i < 3) {
      out.push(l);
      i++;
      continue;
    }
    if (isCriterionGrid(groups, rows)) {
      out.push(...criterionGrid(doc, l, rows));
      i = j;
      continue;
    }
    if (isRowLabelGrid(groups, columns)) {
      // a grid of the policy's own sections ("Section | Criteria": Approval Criteria, Denial Criteria,
      // Length of Authorization, Renewal Criteria, Quantity Limit) reads as the document it stands for
      if (
        SECTION_HEADER.test(
          groups[0].words
            .map((w) => w.text)
            .join(" ")
            .trim(),
        )
      )
        out.push(...sectionGrid(doc, l, rows));
      else out.push(...rowLabelGrid(doc, l, rows));
      i = j;
      continue;
    }
    groups.forEach((g, k) => {
      const head = lineFrom(doc, l.page, g.words, 0);
      if (head) out.push(head);
      for (const row of columns[k]) {
        const line = lineFrom(doc, l.page, row, 0);
        if (line) out.push(line);
      }
    });
    i = j;
  }
  return out.map((l, k) => ({ ...l, index: k }));
}

/** one cell of a row of a table of agents: its lines top to bottom and their text joined */
export interface GridCell {
  text: string;
  lines: DocLine[];
}

/** A table of agents read row by row: the header cells' text and each row's cells (one per column, null when empty). */
export interface AgentGrid {
  header: string[];
  rows: (GridCell | null)[][];
  /** every line of the table, the header first (the reading order of `lines`) */
  lines: DocLine[];
}

/** a first column that names each row's drug ("Agent", "Drug", "Product") */
const AGENT_HEADER = /^(?:agents?|drugs?|products?|medications?)(?:\s*\((?:brand|generic)[^)]*\))?$/i;
/** a column that names each row's indication */
const INDICATION_HEADER = /^(?:indications?|diagnos[ie]s|conditions?|(?:covered |approved )?uses?)\b/i;

/**
 * The tables of agents of a class document ("Agent | Indication | Criteria (ALL) | Preferred-agent
 * requirement"), read row by row: a row of a drug and an indication with its own criteria. The column
 * reading of `readTableColumns` runs every row's cells of one column together, which parts each
 * requirement from the drug and indication it belongs to; this keeps them together. A row starts where
 * the first column starts a cell after a line where it had none, or where the first column and the
 * next filled one both start a capitalised cell on one line; a first-column line in lower case, or
 * one beside a continuation in lower case or a number, continues its row. Needs word boxes; [] when
 * the document has no such table (three or more columns, the first headed by drugs, one by indications).
 */
export function readAgentGrids(doc: ParsedDocument, lines: DocLine[]): AgentGrid[] {
  const out: AgentGrid[] = [];
  const wordsOf = (l: DocLine) => (doc.pages.find((p) => p.page === l.page)?.words ?? []).filter((w) => w.start >= l.start && w.end <= l.end);
  const text = (ws: WordBox[]) =>
    [...ws]
      .sort((a, b) => a.x - b.x)
      .map((w) => w.text)
      .join(" ");
  for (let i = 0; i < lines.length; i++) {
    const groups = groupsOf(wordsOf(lines[i]));
    if (groups.length < 3 || groups.length > 5) continue;
    const header = groups.map((g) => text(g.words).trim());
    if (!AGENT_HEADER.test(header[0]) || !header.slice(1).some((h) => INDICATION_HEADER.test(h))) continue;
    const { rows, j } = tableRows(doc, lines, i, groups);
    if (j - i < 3) continue;
    const grid: AgentGrid = { header, rows: [], lines: lines.slice(i, j) };
    let cur: DocLine[][] | null = null;
    let prevHadLabel = false;
    const flush = () => {
      if (cur)
        grid.rows.push(
          cur.map((ls) =>
            ls.length
              ? {
                  text: ls
                    .map((x) => x.text)
                    .join(" ")
                    .replace(/\s+/g, " ")
                    .trim(),
                  lines: ls,
                }
              : null,
          ),
        );
      cur = null;
    };
    for (const row of rows) {
      const label = row[0].length ? text(row[0]) : "";
      const restFirst = row
        .slice(1)
        .find((c) => c.length)
        ?.slice()
        .sort((a, b) => a.x - b.x)[0]?.text;
      const startsRow = !!label && !/^[a-z]/.test(label) && (!prevHadLabel || !cur || (!!restFirst && /^[A-Z]/.test(restFirst)));
      if (startsRow || !cur) {
        flush();
        cur = groups.map(() => []);
      }
      row.forEach((ws, k) => {
        const line = lineFrom(doc, lines[i].page, ws, 0);
        if (line) cur![k].push(line);
      });
      prevHadLabel = !!label;
    }
    flush();
    if (grid.rows.filter((r) => r[0] && r.slice(1).some(Boolean)).length >= 2) out.push(grid);
    i = j - 1;
  }
  return out;
}
