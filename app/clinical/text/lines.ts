import type { Citation, ParsedDocument } from "~/documents/types";

/**
 * Lines and sentences of a parsed document with exact positions, so that whatever the engine reads
 * can be cited verbatim: a Citation's `text` is always `page.text.slice(start, end)`.
 */

/** One visual line of a parsed document (page 1-based, offsets into the page text). */
export interface DocLine {
  /** the line normalised for matching (see `clean`) */
  text: string;
  page: number;
  /** offsets of the trimmed raw line in the page text */
  start: number;
  end: number;
  /** index in the flat line list */
  index: number;
  /** map[i] = page-text offset of `text[i]`; map[text.length] = `end` */
  map: number[];
  /** left edge of the line's first word (PDF points), when the page has word boxes */
  x?: number;
  /**
   * A line of a grid whose first column labels its rows ("Indication | Requirements"), as
   * table-columns.ts reads it: `label` a row's label, `body` a line of that row's other cells;
   * `grid` is the same for every line of one grid (the header line's page offset).
   */
  cell?: { grid: number; role: "label" | "body" };
  /**
   * A line of a step algorithm table as step-table.ts re-reads it: `question` the step label and its
   * question cell, `yes` / `no` its routing cells; `table` is the same for every line of one table
   * (its first word's page offset), `row` the step's order in it.
   */
  flow?: { table: number; row: number; role: "question" | "yes" | "no" };
  /**
   * The line is printed in a larger type than the document's body text (median word height at
   * least 1.1 x the body's, on a page with a text layer): how policies set their section titles
   * ("Purpose", "Exception criteria", "Not a basis for exception") when the words alone do not say
   * so. Never set on OCR pages (OCR word boxes vary with the letters, not the type size).
   */
  larger?: boolean;
}

/**
 * `at` carrying `text` that is no verbatim page text (a synthetic heading, a line with words added):
 * every character maps to the whole line's position, so a citation of it quotes the line it stands for.
 */
export function withLineText(at: DocLine, text: string): DocLine {
  return { ...at, text, map: Array.from({ length: text.length + 1 }, (_, k) => (k < text.length ? at.start : at.end)) };
}

/**
 * `clean` with a position map: map[i] is the offset in `raw` of output character i (and
 * map[out.length] the end), so a match in the cleaned text can be cited in the raw text.
 */
export function cleanWithMap(raw: string, base = 0): { text: string; map: number[] } {
  const out: string[] = [];
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    let rep: string;
    if (/\s/.test(ch)) {
      if (!out.length) continue;
      space = true;
      continue;
    } else if (/[\u2010-\u2015\u2212]/.test(ch)) rep = "-";
    else if (/[\u2018\u2019\u02bc\u2032]/.test(ch)) rep = "'";
    else if (/[\u201c\u201d]/.test(ch)) rep = '"';
    else if (ch === "\u2265") rep = ">=";
    else if (ch === "\u2264") rep = "<=";
    else if (ch === "\u00d7") rep = "x";
    else if (ch === "\u00b5" || ch === "\u03bc") rep = "u";
    else if (/[®™]/.test(ch)) rep = "";
    else rep = ch;
    if (space && out.length) {
      out.push(" ");
      map.push(base + i);
      space = false;
    }
    for (const r of rep) {
      out.push(r);
      map.push(base + i);
    }
  }
  let end = raw.length;
  while (end > 0 && /\s/.test(raw[end - 1])) end--;
  map.push(base + end);
  return { text: out.join(""), map };
}

/** Normalise whitespace and typographic characters so regexes see plain ASCII-ish text. */
export function clean(s: string): string {
  return cleanWithMap(s).text;
}

/**
 * Split every page of `doc` into lines with positions. Empty lines are dropped. Offsets are UTF-16
 * offsets into `DocumentPageText.text`.
 */
export function docLines(doc: ParsedDocument): DocLine[] {
  const out: DocLine[] = [];
  const heights: { line: DocLine; h: number }[] = [];
  for (const p of doc.pages) {
    let pos = 0;
    const words = p.words ?? [];
    let w = 0;
    for (const raw of p.text.split("\n")) {
      const start = pos;
      pos += raw.length + 1;
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!trimmed) continue;
      const c = cleanWithMap(trimmed, start + lead);
      if (!c.text) continue;
      while (w < words.length && words[w].end <= start + lead) w++;
      const first = words[w] && words[w].start < start + lead + trimmed.length ? words[w] : undefined;
      out.push({
        text: c.text,
        page: p.page,
        start: start + lead,
        end: start + lead + trimmed.length,
        index: out.length,
        map: c.map,
        ...(first ? { x: first.x } : {}),
      });
      const ws: number[] = [];
      for (let k = w; k < words.length && words[k].start < start + lead + trimmed.length; k++) if (words[k].h > 0) ws.push(words[k].h);
      if (ws.length && !p.ocr) heights.push({ line: out[out.length - 1], h: ws.sort((a, b) => a - b)[Math.floor(ws.length / 2)] });
    }
  }
  markLargerType(heights);
  return out;
}

/** the smallest ratio of a line's type size to the body text's that marks it as set larger */
const LARGER_TYPE_RATIO = 1.1;

/**
 * Sets `larger` on lines whose median word height is at least LARGER_TYPE_RATIO x the body text's
 * (the height that covers the most characters of the document). `heights` are text-layer lines only.
 */
function markLargerType(heights: { line: DocLine; h: number }[]): void {
  if (heights.length < 8) return;
  const weight = new Map<number, number>();
  for (const { line, h } of heights) {
    const k = Math.round(h * 10) / 10;
    weight.set(k, (weight.get(k) ?? 0) + line.text.length);
  }
  const body = [...weight.entries()].sort((a, b) => b[1] - a[1])[0][0];
  if (!(body > 0)) return;
  for (const { line, h } of heights) if (h >= body * LARGER_TYPE_RATIO) line.larger = true;
}

/** Page-text offsets of `line.text.slice(from, to)`. */
export function rawRange(line: DocLine, from: number, to: number): [number, number] {
  const a = line.map[Math.max(0, Math.min(from, line.text.length))] ?? line.start;
  const lastIdx = Math.max(0, Math.min(to, line.text.length) - 1);
  const b = to >= line.text.length ? line.end : (line.map[lastIdx] ?? line.end - 1) + 1;
  return [Math.min(a, b), Math.max(a, b)];
}

/** A verbatim citation of `line.text.slice(from, to)` (the whole line by default). */
export function citeLine(doc: ParsedDocument, document: string, line: DocLine, from = 0, to = line.text.length): Citation {
  const [a, b] = rawRange(line, from, to);
  const page = doc.pages.find((p) => p.page === line.page);
  return { document, page: line.page, start: a, end: b, text: page ? page.text.slice(a, b) : line.text.slice(from, to) };
}

const SENTENCE_STOP =
  /(?<!\b(?:approx|e\.g|i\.e|vs|dr|mr|mrs|ms|wk|wks|mo|mos|yr|yrs|no|tab|tabs|inc|st|er|xr|sr|oint|cr|soln|pt|pts|hx|dx|tx|rx|sig|qty|avg|min|max|ref|fig))[.!?](?=\s|$)|;(?=\s)/g;

/**
 * The whole sentence around page-text offsets [start, end): from the previous sentence end (or the
 * start of the line when the text above is a separate form line) to the next one, at most `max`
 * characters. Returns page-text offsets; `page.text.slice(a, b)` is the verbatim quote.
 */
export function sentenceBounds(pageText: string, start: number, end: number, max = 420): [number, number] {
  const lineStart = pageText.lastIndexOf("\n", Math.max(0, start - 1)) + 1;
  let a = lineStart;
  // a sentence that began on an earlier line: keep going up while the previous line does not end a sentence
  for (let hops = 0; hops < 3 && a > 0; hops++) {
    const prevEnd = a - 1;
    const prevStart = pageText.lastIndexOf("\n", prevEnd - 1) + 1;
    const prev = pageText.slice(prevStart, prevEnd).trimEnd();
    if (!prev || /[.!?:;]$/.test(prev) || prev.length < 45 || /^[A-Z][A-Z /&-]{3,}$/.test(prev)) break;
    if (/^\s*(?:[-•*]|\(?[0-9a-z]{1,3}[.)])\s/.test(pageText.slice(lineStart, lineStart + 6))) break;
    a = prevStart;
  }
  const head = pageText.slice(a, start);
  let m: RegExpExecArray | null;
  SENTENCE_STOP.lastIndex = 0;
  let lastStop = -1;
  while ((m = SENTENCE_STOP.exec(head))) lastStop = m.index + m[0].length;
  if (lastStop >= 0) a += lastStop;
  while (a < start && /\s/.test(pageText[a])) a++;
  // forward to the sentence end, not past a blank line, at most 3 more lines
  let b = end;
  const tail = pageText.slice(end, Math.min(pageText.length, end + max));
  SENTENCE_STOP.lastIndex = 0;
  const stop = SENTENCE_STOP.exec(tail);
  let limit = tail.length;
  let nl = -1;
  for (let k = 0, hops = 0; k < tail.length; k++) {
    if (tail[k] !== "\n") continue;
    const next = tail.slice(k + 1, k + 8);
    const thisLine = pageText.slice(pageText.lastIndexOf("\n", end + k - 1) + 1, end + k);
    hops++;
    if (hops > 3 || /^\s*$/.test(next) || /^\s*(?:[-•*]|\(?[0-9a-z]{1,3}[.)])\s/.test(next) || thisLine.trimEnd().length < 45) {
      nl = k;
      break;
    }
  }
  if (nl >= 0) limit = nl;
  if (stop && stop.index < limit) limit = stop.index + 1;
  b = end + limit;
  while (b > end && /\s/.test(pageText[b - 1])) b--;
  if (b - a > max) {
    a = Math.max(a, start - Math.floor(max / 3));
    b = Math.min(b, a + max);
  }
  return [a, Math.max(b, end)];
}

/** A verbatim whole-sentence citation around page-text offsets [start, end) of `page`. */
export function citeSentence(doc: ParsedDocument, document: string, page: number, start: number, end: number): Citation {
  const p = doc.pages.find((x) => x.page === page);
  if (!p) return { document, page, start, end, text: "" };
  const [a, b] = sentenceBounds(p.text, start, end);
  return { document, page, start: a, end: b, text: p.text.slice(a, b) };
}

/** True when a citation's text is exactly the page text at its offsets. */
export function isVerbatim(doc: ParsedDocument, c: Citation): boolean {
  const p = doc.pages.find((x) => x.page === c.page);
  return !!p && c.end > c.start && p.text.slice(c.start, c.end) === c.text;
}

/**
 * Citation covering `lines` (clamped to the first line's page). With `doc` the text is the verbatim
 * page slice; without it, the lines' normalised text.
 */
export function citeLines(lines: DocLine[], document: string, doc?: ParsedDocument | null): Citation | null {
  if (!lines.length) return null;
  const first = lines[0];
  const samePage = lines.filter((l) => l.page === first.page);
  const last = samePage[samePage.length - 1];
  const start = Math.min(...samePage.map((l) => l.start));
  const end = Math.max(...samePage.map((l) => l.end));
  const page = doc?.pages.find((p) => p.page === first.page);
  return { document, page: first.page, start, end, text: page ? page.text.slice(start, end) : samePage.map((l) => l.text).join(" ") };
}

/**
 * Lines that repeat on several pages (running headers/footers) or are page counters.
 * Digits are ignored when comparing so "Page 1 of 3" and "Page 2 of 3" count as one line.
 */
export function boilerplateLineSet(lines: DocLine[], pageCount: number): Set<number> {
  const key = (t: string) => t.replace(/\d+/g, "#").toLowerCase();
  const out = new Set<number>();
  // running headers/footers sit in the first or last few lines of a page; a criterion that happens
  // to repeat word for word elsewhere in the body ("ii. Patient meets ONE of the following") is not one
  const edge = new Set<number>();
  const byPage = new Map<number, DocLine[]>();
  for (const l of lines) (byPage.get(l.page) ?? byPage.set(l.page, []).get(l.page)!).push(l);
  for (const ls of byPage.values()) [...ls.slice(0, 3), ...ls.slice(-3)].forEach((l) => edge.add(l.index));
  const edgePagesByKey = new Map<string, Set<number>>();
  for (const l of lines) {
    if (!edge.has(l.index)) continue;
    const k = key(l.text);
    if (!edgePagesByKey.has(k)) edgePagesByKey.set(k, new Set());
    edgePagesByKey.get(k)!.add(l.page);
  }
  for (const l of lines) {
    if (!edge.has(l.index)) continue;
    const k = key(l.text);
    // a running header or footer repeats on most pages; a list item or a criterion that happens to
    // fall at a page edge on two pages ("A) Initial Therapy. Approve for 6 months ...") does not
    const isListItem = /^\(?(?:[ivx]{1,4}|[a-z]|[A-Z]|\d{1,2})[.)]\s/.test(l.text) || /^[•▪◦●○■-]\s/.test(l.text);
    const repeated = pageCount > 1 && !isListItem && (edgePagesByKey.get(k)?.size ?? 0) >= Math.max(2, Math.ceil(pageCount / 2));
    if (repeated || /^(page )?#+ of #+$/i.test(k) || (/\bpage #+ of #+\b/i.test(k) && k.length < 90)) out.add(l.index);
  }
  // a continuation page's running header set differently from the first page's masthead ("CobaltRx" /
  // "DRUG LIST EXCEPTION CRITERIA" side by side on page 1, one line on page 2): a line at the top of a
  // later page whose every word is a word of the first page's top lines, never part of the item it follows
  const words = (t: string) => t.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [];
  const mastheadWords = new Set((byPage.get(1) ?? []).slice(0, 8).flatMap((l) => words(l.text)));
  for (const [page, ls] of byPage) {
    if (page === 1) continue;
    for (const l of ls.slice(0, 3)) {
      const w = words(l.text);
      if (w.length >= 2 && w.length <= 14 && w.every((x) => mastheadWords.has(x)) && !/^\(?(?:[ivx]{1,4}|[a-z]|\d{1,2})[.)]\s|^[•▪◦●○■-]\s/i.test(l.text))
        out.add(l.index);
      else break;
    }
  }
  // a continuation page's running header that names the document and its revision date ("CDRP
  // Worksheet CDRP-11 - Xywav … Revised 04/01/2026"): printed once per page after the first, so it
  // never repeats word for word, but it is no part of the item it follows
  for (const [page, ls] of byPage)
    if (page > 1 && ls[0] && /\b(?:revised|effective|updated|reviewed|revision(?: date)?)\s*:?\s*\d{1,2}\/\d{1,2}\/\d{2,4}\s*$/i.test(ls[0].text))
      out.add(ls[0].index);
  return out;
}
