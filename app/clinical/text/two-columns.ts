/**
 * Pages set in two text columns (a medical policy printed like a journal page: "I. Description" and
 * "II. Criteria" down the left half, "III. Not covered", the grade table and the coding table down the
 * right). The page text runs the two columns together line by line ("A. The panniculus hangs at or
 * below the level of the pubic   2   Extends to cover the mons pubis"), so every sentence of either
 * column is cut by the other's words. This module finds runs of lines that share one empty vertical
 * gutter near the middle of the page, with prose on both sides, and re-reads them column by column:
 * the whole left column, then the whole right column (a column continues at the top of the next, as
 * printed). Each output line is verbatim page text (its offsets map into the page); lines outside such
 * runs pass through unchanged; `index` is renumbered in the output order.
 *
 * A table is not a column layout: the run must be long (MIN_RUN lines), most of its lines must hold
 * words on both sides, the gutter must stand near the middle of the text width, and the two halves
 * must be of about the same width — a "Criterion | Documentation" grid has a narrow first column and a
 * header row, and is left to table-columns.ts.
 * Pure; needs word boxes (text-layer PDFs and OCR both provide them).
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import type { DocLine } from "./lines";
import { lineFrom } from "./table-columns";

/** the narrowest empty gutter (PDF points) between the columns */
const MIN_GUTTER = 12;
/** the fewest lines a run of two columns has */
const MIN_RUN = 12;
/** the share of a run's lines that hold words in both columns */
const MIN_TWO_SIDED = 0.5;

interface Row {
  line: DocLine;
  words: WordBox[];
}

/** the empty stretches of [lo, hi] left between `words` (their boxes), each at least MIN_GUTTER wide */
function freeSpans(words: WordBox[], lo: number, hi: number): [number, number][] {
  const boxes = words.map((w) => [w.x, w.x + w.w] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let at = lo;
  for (const [a, b] of boxes) {
    if (b <= at) continue;
    if (a >= hi) break;
    if (a - at >= MIN_GUTTER) out.push([at, Math.min(a, hi)]);
    at = Math.max(at, b);
  }
  if (hi - at >= MIN_GUTTER) out.push([at, hi]);
  return out;
}

/** the part of `spans` that overlaps [a, b], widest first; null when none is MIN_GUTTER wide */
function overlap(spans: [number, number][], a: number, b: number): [number, number] | null {
  let best: [number, number] | null = null;
  for (const [x, y] of spans) {
    const lo = Math.max(x, a);
    const hi = Math.min(y, b);
    if (hi - lo >= MIN_GUTTER && (!best || hi - lo > best[1] - best[0])) best = [lo, hi];
  }
  return best;
}

/**
 * `lines` (docLines of `doc`) with each run of two-column text re-read column by column (see the module
 * comment). Lines a grid reader already re-read (cells, step rows) are never part of a run.
 */
export function readTwoColumnPages(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  const replaced = new Map<DocLine, DocLine[]>();
  const skipped = new Set<DocLine>();
  const byPage = new Map<number, DocLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  for (const [page, ls] of byPage) {
    const words = doc.pages.find((p) => p.page === page)?.words ?? [];
    if (words.length < 40) continue;
    const left = Math.min(...words.map((w) => w.x));
    const right = Math.max(...words.map((w) => w.x + w.w));
    const width = right - left;
    if (width < 200) continue;
    // the gutter stands in the middle of the text width
    const bandLo = left + width * 0.35;
    const bandHi = left + width * 0.65;
    const rows: Row[] = ls.map((line) => ({
      line,
      words: line.cell || line.flow ? [] : words.filter((w) => w.start >= line.start && w.end <= line.end),
    }));
    let i = 0;
    while (i < rows.length) {
      const first = rows[i];
      const start = first.words.length ? overlap(freeSpans(first.words, bandLo, bandHi), bandLo, bandHi) : null;
      const twoSided = (r: Row, g: [number, number]) => r.words.some((w) => w.x + w.w <= g[0]) && r.words.some((w) => w.x >= g[1]);
      if (!start || !twoSided(first, start)) {
        i++;
        continue;
      }
      let gutter = start;
      let j = i + 1;
      for (; j < rows.length; j++) {
        const r = rows[j];
        if (!r.words.length) break;
        const next = overlap(freeSpans(r.words, gutter[0], gutter[1]), gutter[0], gutter[1]);
        if (!next) break;
        gutter = next;
      }
      const run = rows.slice(i, j);
      const sided = run.filter((r) => twoSided(r, gutter));
      const mid = (gutter[0] + gutter[1]) / 2;
      const leftWidth = mid - left;
      const rightWidth = right - mid;
      const ok =
        run.length >= MIN_RUN &&
        sided.length >= run.length * MIN_TWO_SIDED &&
        Math.abs(leftWidth - rightWidth) <= width * 0.15 &&
        // prose in both columns: most two-sided lines fill their left column to near the gutter
        sided.filter((r) => Math.max(...r.words.filter((w) => w.x + w.w <= gutter[0]).map((w) => w.x + w.w)) >= left + leftWidth * 0.7).length >=
          sided.length * 0.5;
      if (!ok) {
        i = Math.max(i + 1, j);
        continue;
      }
      const lefts: DocLine[] = [];
      const rights: DocLine[] = [];
      for (const r of run) {
        const l = lineFrom(
          doc,
          page,
          r.words.filter((w) => w.x + w.w <= gutter[0]),
          0,
        );
        const rt = lineFrom(
          doc,
          page,
          r.words.filter((w) => w.x >= gutter[1]),
          0,
        );
        if (l) lefts.push(l);
        if (rt) rights.push(rt);
        skipped.add(r.line);
      }
      replaced.set(run[0].line, [...lefts, ...rights]);
      i = j;
    }
  }
  if (!replaced.size) return lines;
  const out: DocLine[] = [];
  for (const l of lines) {
    const parts = replaced.get(l);
    if (parts) out.push(...parts);
    else if (!skipped.has(l)) out.push(l);
  }
  return out.map((l, index) => ({ ...l, index }));
}
