/**
 * Step algorithm tables: a policy's decision chart printed as a table whose rows are steps —
 *
 *   S1 | Is the diagnosis X made by a specialist? | YES -> Go to S2 | NO -> Another diagnosis: NOT APPROVED.
 *      |                                          |                 |       Diagnosis not stated: PEND.
 *   S2 | Is the patient 12 or older …?            | YES -> Go to S3 | NO -> NOT APPROVED
 *
 * ("Drug utilization algorithm", "Step | Description | Yes | No", a PBM "decision tree" table), with or
 * without a header row. Every cell may wrap over several printed lines and the step label may sit
 * anywhere in its row's height, so the page text runs the cells of a printed line together ("Is the
 * diagnosis X YES -> Go to S2 NO -> Another"): no reader can follow it. This module finds such a table
 * from the word boxes and re-reads it row by row: per row a question line (the step label, then the
 * question cell's lines), a YES line and a NO line, each verbatim page text (offsets map into the
 * page, so citations quote the policy exactly) and tagged with `flow` (decision-flow.ts reads the
 * rows; any other reader sees three readable lines instead of the interleaved text).
 *
 * Found only when the geometry is unambiguous: at least three rows; the routing columns' left edges
 * given by a header row ("… | Yes | No") or by the YES / NO words that start their cells, aligned on
 * every row; a label column (S1, 2, Step 3, Q4) left of the question column with exactly one label
 * per row; rows separated by a vertical gap in every column; no printed line crossing a column
 * boundary inside the table. Anything else leaves the lines as they were.
 * Pure; needs word boxes (text-layer PDFs and OCR both provide them).
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import { cleanWithMap, type DocLine } from "./lines";

/** a word that opens a YES routing cell ("YES", "Yes:", "YES->", "If yes") */
const YES_WORD = /^(?:yes|if\s+yes)\b/i;
const NO_WORD = /^(?:no|if\s+no)\b/i;
/** a step label: "S1", "Q3", "1", "1.", "A1", "3)" (a "Step 4" label is two words, joined before the test) */
const STEP_LABEL = /^(?:step\s*)?(?:[A-Z]{1,2})?\d{1,2}[.):]?$/i;
/** the gap (PDF points) before a word that starts a cell of its own */
const CELL_GAP = 12;
/** words this close in height (fraction of the median word height) are on one printed line */
const SAME_LINE = 0.4;
/** a gap between two lines of one column larger than this (x median word height) separates two cells */
const CELL_BREAK = 1.5;

type Role = "question" | "yes" | "no";

/** a printed line of one column: its words left to right */
interface ColLine {
  words: WordBox[];
  y: number;
  bottom: number;
}

/** one row of a step table: its label word(s) and the lines of each cell */
interface StepRow {
  label: WordBox[];
  question: ColLine[];
  yes: ColLine[];
  no: ColLine[];
  top: number;
  bottom: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** `words` grouped into printed lines (same y within `tol`), each sorted left to right, top to bottom */
function printedLines(words: WordBox[], tol: number): ColLine[] {
  const out: ColLine[] = [];
  for (const w of [...words].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const last = out[out.length - 1];
    if (last && w.y - last.y <= tol) {
      last.words.push(w);
      last.bottom = Math.max(last.bottom, w.y + w.h);
    } else out.push({ words: [w], y: w.y, bottom: w.y + w.h });
  }
  for (const l of out) l.words.sort((a, b) => a.x - b.x);
  return out;
}

/** the word of `line` that starts a cell matching `re` (a column gap before it, or first on the line) */
function cellStart(line: ColLine, re: RegExp, after: number): WordBox | undefined {
  return line.words.find((w, k) => w.x > after && re.test(w.text) && (k === 0 || w.x - (line.words[k - 1].x + line.words[k - 1].w) >= CELL_GAP));
}

/** the routing columns' left edges from a header row whose last two cells are "Yes" and "No" */
function headerEdges(lines: ColLine[]): { yes: number; no: number; y: number } | null {
  for (const l of lines) {
    const cells: WordBox[][] = [];
    for (const [k, w] of l.words.entries()) {
      if (k === 0 || w.x - (l.words[k - 1].x + l.words[k - 1].w) >= CELL_GAP) cells.push([w]);
      else cells[cells.length - 1].push(w);
    }
    if (cells.length < 3 || cells.length > 4) continue;
    const text = cells.map((c) => c.map((w) => w.text).join(" "));
    const [y, n] = text.slice(-2);
    if (/^(?:if\s+)?yes$/i.test(y) && /^(?:if\s+)?no$/i.test(n) && /^(?:#|(?:step|no\.?|question|criteri(?:a|on)|description|item)\b)/i.test(text[0]))
      return { yes: cells[cells.length - 2][0].x, no: cells[cells.length - 1][0].x, y: l.bottom };
  }
  return null;
}

/** the routing columns' left edges from the YES / NO words starting their cells on at least three lines */
function anchorEdges(lines: ColLine[]): { yes: number; no: number } | null {
  const pairs: { yes: number; no: number }[] = [];
  for (const l of lines) {
    const y = cellStart(l, YES_WORD, -Infinity);
    const n = y ? cellStart(l, NO_WORD, y.x + 30) : undefined;
    // the YES cell never starts a line: a question cell stands left of it
    if (y && n && l.words[0] !== y) pairs.push({ yes: y.x, no: n.x });
  }
  if (pairs.length < 3) return null;
  const yes = median(pairs.map((p) => p.yes));
  const no = median(pairs.map((p) => p.no));
  const aligned = pairs.filter((p) => Math.abs(p.yes - yes) <= 6 && Math.abs(p.no - no) <= 6);
  if (aligned.length < 3) return null;
  return { yes: Math.min(...aligned.map((p) => p.yes)), no: Math.min(...aligned.map((p) => p.no)) };
}

/**
 * The rows of the step table on one page (see the module comment), or null when there is none or
 * its geometry is not unambiguous.
 */
function stepRows(words: WordBox[]): StepRow[] | null {
  if (words.length < 20) return null;
  const h = median(words.map((w) => w.h)) || 10;
  const all = printedLines(words, SAME_LINE * h);
  const header = headerEdges(all);
  const edges = header ?? anchorEdges(all);
  if (!edges) return null;
  const bYes = edges.yes - 3;
  const bNo = edges.no - 3;
  // a printed line that runs across a boundary (a full-width paragraph) bounds the table
  const crosses = (l: ColLine) =>
    l.words.some((w, k) =>
      [bYes, bNo].some((b) => {
        if (w.x < b - 2 && w.x + w.w > b + 2) return true;
        const prev = l.words[k - 1];
        // a word set exactly on a column edge that a header row gives starts that cell, however
        // close the question's last word comes to it (narrow cell padding)
        const onEdge = !!header && Math.abs(w.x - (b + 3)) <= 2 && w.x - (prev?.x ?? 0) - (prev?.w ?? 0) >= 3;
        return !!prev && prev.x < b && w.x >= b && w.x - (prev.x + prev.w) < CELL_GAP && !onEdge;
      }),
    );
  // the table's zone: the run of printed lines between crossing lines that holds the routing starts
  const first = header ? all.findIndex((l) => l.y > header.y) : all.findIndex((l) => cellStart(l, YES_WORD, bYes - 1));
  if (first < 0) return null;
  let lo = first;
  while (lo > 0 && !header && !crosses(all[lo - 1])) lo--;
  let hi = first;
  while (hi + 1 < all.length && !crosses(all[hi + 1])) hi++;
  const zone = all.slice(lo, hi + 1);
  const zoneWords = zone.flatMap((l) => l.words);
  // the label column: label-like words left of every other word of the question column
  const left = zoneWords.filter((w) => w.x < bYes);
  // each left line that opens with a label standing apart from the question beside it
  const entries: WordBox[][] = [];
  for (const l of printedLines(left, SAME_LINE * h)) {
    const [w0, w1] = l.words;
    const two = /^step$/i.test(w0.text) && !!w1 && STEP_LABEL.test(w1.text);
    if (!two && !STEP_LABEL.test(w0.text)) continue;
    const end = two ? w1 : w0;
    const next = l.words[two ? 2 : 1];
    if (next && next.x - (end.x + end.w) < 8) continue;
    entries.push(two ? [w0, w1] : [w0]);
  }
  if (entries.length < 3) return null;
  const labelX = median(entries.map((e) => e[0].x));
  const label = entries.filter((e) => Math.abs(e[0].x - labelX) <= 6).flat();
  const labelRight = Math.max(...label.map((w) => w.x + w.w));
  const question = left.filter((w) => !label.includes(w));
  // cells: each column's lines split where a gap opens (or a new YES / NO starts)
  type Cell = { role: Role | "label"; lines: ColLine[]; top: number; bottom: number };
  const cells: Cell[] = [];
  const column = (ws: WordBox[], role: Role | "label", startRe: RegExp | null) => {
    let open: Cell | null = null;
    for (const l of printedLines(ws, SAME_LINE * h)) {
      const fresh = role === "label" || !open || l.y - open.lines[open.lines.length - 1].y > CELL_BREAK * h || (!!startRe && startRe.test(l.words[0].text));
      if (fresh) {
        open = { role, lines: [l], top: l.y, bottom: l.bottom };
        cells.push(open);
      } else {
        open!.lines.push(l);
        open!.bottom = Math.max(open!.bottom, l.bottom);
      }
    }
  };
  column(label, "label", null);
  column(question, "question", null);
  column(
    zoneWords.filter((w) => w.x >= bYes && w.x < bNo),
    "yes",
    header ? null : YES_WORD,
  );
  column(
    zoneWords.filter((w) => w.x >= bNo),
    "no",
    header ? null : NO_WORD,
  );
  // rows: cells that overlap in height, across columns
  cells.sort((a, b) => a.top - b.top);
  const groups: Cell[][] = [];
  let bottom = -Infinity;
  for (const c of cells) {
    if (groups.length && c.top < bottom) groups[groups.length - 1].push(c);
    else groups.push([c]);
    bottom = groups.length && groups[groups.length - 1].length > 1 ? Math.max(bottom, c.bottom) : c.bottom;
  }
  // (a row may route with one cell across both answer columns — "What diagnosis is being treated? |
  // Record ICD-10 code. Go to #2" — that does not start with YES: both answers go on the same way)
  const single = (g: Cell[]) =>
    !header &&
    !g.some((c) => c.role === "no") &&
    g.filter((c) => c.role === "yes").length === 1 &&
    !YES_WORD.test(g.find((c) => c.role === "yes")!.lines[0].words[0].text);
  const isRow = (g: Cell[]) =>
    (["label", "question", "yes"] as const).every((r) => g.some((c) => c.role === r)) && (g.some((c) => c.role === "no") || single(g));
  const firstRow = groups.findIndex(isRow);
  if (firstRow < 0) return null;
  let lastRow = firstRow;
  while (lastRow + 1 < groups.length && isRow(groups[lastRow + 1])) lastRow++;
  const rowGroups = groups.slice(firstRow, lastRow + 1);
  // groups before the table are text above it (a heading); row-like groups after a group that is no row
  // (a title: "Renewal Criteria") are a second table, left as printed; any other row-like group right
  // after the table is a row not understood
  if (rowGroups.length < 3) return null;
  const after = groups.slice(lastRow + 1);
  if (after.length && after[0].some((c) => c.role === "yes" || c.role === "no")) return null;
  if (groups.slice(0, firstRow).some((g) => g.some((c) => c.role === "yes" || c.role === "no"))) return null;
  const rows: StepRow[] = [];
  for (const g of rowGroups) {
    const of = (r: Role | "label") => g.filter((c) => c.role === r);
    // one label, one cell of each kind: two of anything is two rows run together
    const one = single(g);
    if (of("label").length !== 1 || of("yes").length !== 1 || of("no").length !== (one ? 0 : 1) || of("question").length !== 1) return null;
    const lbl = of("label")[0].lines[0].words;
    const yes = of("yes")[0].lines;
    const no = one ? yes : of("no")[0].lines;
    // the question column stands right of the labels
    if (of("question")[0].lines.some((l) => l.words[0].x < labelRight + 4)) return null;
    if (!header && !one && (!YES_WORD.test(yes[0].words[0].text) || !NO_WORD.test(no[0].words[0].text))) return null;
    rows.push({
      label: lbl,
      question: of("question")[0].lines,
      yes,
      no,
      top: Math.min(...g.map((c) => c.top)),
      bottom: Math.max(...g.map((c) => c.bottom)),
    });
  }
  return rows;
}

/** the verbatim page text of `words` as one line (offsets map into the page), or null when empty */
function lineOf(pageText: string, page: number, words: WordBox[]): DocLine | null {
  if (!words.length) return null;
  const ws = [...words].sort((a, b) => a.start - b.start);
  const c = cleanWithMap(pageText.slice(ws[0].start, ws[ws.length - 1].end), ws[0].start);
  if (!c.text) return null;
  return { text: c.text, page, start: ws[0].start, end: ws[ws.length - 1].end, index: 0, map: c.map, x: Math.min(...ws.map((w) => w.x)) };
}

/** lines read as one, separated by a space; offsets keep mapping into the page */
function joined(parts: DocLine[]): DocLine | null {
  if (!parts.length) return null;
  return parts.slice(1).reduce(
    (a, b) => ({
      ...a,
      text: `${a.text} ${b.text}`,
      start: Math.min(a.start, b.start),
      end: Math.max(a.end, b.end),
      map: [...a.map.slice(0, a.text.length), a.map[a.text.length] ?? a.end, ...b.map],
    }),
    parts[0],
  );
}

/**
 * `lines` (docLines of `doc`) with every step algorithm table re-read row by row (see the module
 * comment): the page-text lines holding a table's words are replaced, where the first of them stood,
 * by three lines per row — "<label> <question>", "<YES cell>", "<NO cell>" — tagged `flow` with the
 * table (its first word's page offset), the row's order and the cell's role. Lines outside tables,
 * and pages whose table is not unambiguous, are returned unchanged; `index` is renumbered.
 */
export function readStepTables(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  let out = lines;
  for (const p of doc.pages) {
    const rows = p.words?.length ? stepRows(p.words) : null;
    if (!rows) continue;
    const rowWords = new Set(rows.flatMap((r) => [...r.label, ...[...r.question, ...r.yes, ...r.no].flatMap((l) => l.words)]));
    const inTable = (l: DocLine) => l.page === p.page && p.words.some((w) => rowWords.has(w) && w.start >= l.start && w.end <= l.end);
    const replaced = out.filter(inTable);
    // a page-text line that mixes table words with other text: the table is not cleanly separable
    if (!replaced.length || replaced.some((l) => p.words.some((w) => !rowWords.has(w) && w.start >= l.start && w.end <= l.end))) continue;
    const table = Math.min(...[...rowWords].map((w) => w.start));
    const made: DocLine[] = [];
    let ok = true;
    rows.forEach((r, row) => {
      const cellLine = (ls: ColLine[], withLabel: boolean) =>
        joined([...(withLabel ? [lineOf(p.text, p.page, r.label)] : []), ...ls.map((l) => lineOf(p.text, p.page, l.words))].filter((l): l is DocLine => !!l));
      const q = cellLine(r.question, true);
      const y = cellLine(r.yes, false);
      const n = cellLine(r.no, false);
      if (!q || !y || !n) ok = false;
      else made.push({ ...q, flow: { table, row, role: "question" } }, { ...y, flow: { table, row, role: "yes" } }, { ...n, flow: { table, row, role: "no" } });
    });
    if (!ok) continue;
    const at = out.indexOf(replaced[0]);
    out = [...out.slice(0, at).filter((l) => !replaced.includes(l)), ...made, ...out.slice(at).filter((l) => !replaced.includes(l))];
  }
  return out === lines ? lines : out.map((l, k) => ({ ...l, index: k }));
}
