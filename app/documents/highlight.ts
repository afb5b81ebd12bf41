/**
 * Turning an agent's quote into a citation (page + offsets) and a citation into boxes to highlight.
 *
 * Matching is done on a normalised view of the page text (lower case, no diacritics, typographic
 * quotes/dashes folded, whitespace runs collapsed to one space) whose characters map back to
 * page-text offsets. An exact match on that view is tried first; otherwise an approximate
 * substring match (edit distance, free start/end in the page) tolerates OCR noise such as
 * "rnethotrexate", "0"/"O", dropped or extra spaces.
 */
import type { DocumentPageText, ParsedDocument, WordBox } from "./types";

export interface Span {
  start: number;
  end: number;
}

export interface FindSpanOptions {
  /**
   * Maximum edits allowed as a fraction of the normalised quote length (default 0.2). A quote of
   * under 8 characters must match exactly (up to normalisation).
   */
  maxErrorRate?: number;
}

interface Norm {
  text: string;
  /** map[i] = offset in the original string of normalised char i */
  map: number[];
}

const FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u00b4": "'",
  "`": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u00a0": " ",
  "\u2022": "-",
};

function normalise(s: string): Norm {
  let text = "";
  const map: number[] = [];
  let space = true; // drop leading whitespace
  for (let i = 0; i < s.length; i++) {
    let ch = s[i];
    if (/\s/.test(ch)) {
      if (!space) {
        text += " ";
        map.push(i);
        space = true;
      }
      continue;
    }
    ch = FOLD[ch] ?? ch;
    const base = ch
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    for (const c of base) {
      text += c;
      map.push(i);
    }
    space = false;
  }
  if (text.endsWith(" ")) {
    text = text.slice(0, -1);
    map.pop();
  }
  return { text, map };
}

/**
 * Locate `quote` in `page.text`. Returns UTF-16 offsets `{ start, end }` into the page text
 * (trimmed to non-space characters), or null when the quote is empty or no part of the page is
 * within the allowed edit distance. A quote containing "..." / "…" is matched piecewise (pieces in
 * order) and the span covers first to last piece. Case, whitespace, diacritics and typographic
 * punctuation are ignored; OCR-style character errors are tolerated (see FindSpanOptions).
 */
export function findSpan(page: Pick<DocumentPageText, "text">, quote: string, opts: FindSpanOptions = {}): Span | null {
  const pieces = quote
    .split(/\.{3,}|\u2026|\[\s*\.\.\.\s*\]/)
    .map((p) => p.trim())
    .filter((p) => p.replace(/\W/g, "").length > 0);
  if (!pieces.length) return null;
  const hay = normalise(page.text ?? "");
  if (!hay.text) return null;
  let from = 0;
  let first: NormMatch | null = null;
  let last: NormMatch | null = null;
  for (const piece of pieces) {
    const m = matchNorm(hay, normalise(piece).text, from, opts.maxErrorRate ?? 0.2);
    if (!m) {
      // a piece that cannot be found invalidates a multi-piece quote only if it is the first one
      if (!first) return null;
      continue;
    }
    first ??= m;
    last = m;
    from = m.nEnd;
  }
  if (!first || !last) return null;
  return trimSpan(page.text, { start: hay.map[first.nStart], end: hay.map[last.nEnd - 1] + 1 });
}

function trimSpan(text: string, s: Span): Span {
  let { start, end } = s;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

interface NormMatch {
  nStart: number;
  nEnd: number;
  cost: number;
}

function matchNorm(hay: Norm, q: string, from: number, rate: number): NormMatch | null {
  if (!q) return null;
  const exact = hay.text.indexOf(q, from);
  if (exact >= 0) return { nStart: exact, nEnd: exact + q.length, cost: 0 };
  if (q.length < 8) {
    // short quotes: also allow a match with spaces removed (OCR splits "00169-4132- 12")
    return matchNoSpace(hay, q, from);
  }
  const maxCost = Math.max(1, Math.floor(q.length * rate));
  return approxSubstring(hay.text, q, from, maxCost);
}

function matchNoSpace(hay: Norm, q: string, from: number): NormMatch | null {
  const qs = q.replace(/ /g, "");
  if (!qs) return null;
  let packed = "";
  const idx: number[] = [];
  for (let i = from; i < hay.text.length; i++) {
    if (hay.text[i] === " ") continue;
    packed += hay.text[i];
    idx.push(i);
  }
  const k = packed.indexOf(qs);
  if (k < 0) return null;
  return { nStart: idx[k], nEnd: idx[k + qs.length - 1] + 1, cost: 0 };
}

/**
 * Semi-global edit distance (Sellers): best substring of `t` (from `from`) matching `q` with at
 * most `maxCost` edits. Ties prefer the earliest end, then the longest match.
 */
function approxSubstring(t: string, q: string, from: number, maxCost: number): NormMatch | null {
  const m = q.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  let prevStart = new Int32Array(m + 1);
  let curStart = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) {
    prev[i] = i;
    prevStart[i] = from;
  }
  let best: NormMatch | null = null;
  for (let j = from; j < t.length; j++) {
    const tc = t.charCodeAt(j);
    cur[0] = 0;
    curStart[0] = j + 1;
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1] + (q.charCodeAt(i - 1) === tc ? 0 : 1);
      const del = prev[i] + 1; // skip a text char
      const ins = cur[i - 1] + 1; // skip a quote char
      let v = sub;
      let st = prevStart[i - 1];
      if (del < v) {
        v = del;
        st = prevStart[i];
      }
      if (ins < v) {
        v = ins;
        st = curStart[i - 1];
      }
      cur[i] = v;
      curStart[i] = st;
    }
    const cost = cur[m];
    if (cost <= maxCost && (!best || cost < best.cost)) {
      best = { nStart: curStart[m], nEnd: j + 1, cost };
      if (cost === 0) break;
    }
    [prev, cur] = [cur, prev];
    [prevStart, curStart] = [curStart, prevStart];
  }
  if (!best) return null;
  // the DP start may point at a space when the quote began with a skipped char
  while (best.nStart < best.nEnd && t[best.nStart] === " ") best.nStart++;
  return best;
}

/**
 * Words of `page` overlapping the half-open range [start, end) of the page text, in text order.
 * Boxes are in PDF points, top-left origin (see WordBox). Empty when nothing overlaps.
 */
export function boxesForSpan(page: Pick<DocumentPageText, "words">, start: number, end: number): WordBox[] {
  if (!(end > start)) return [];
  return (page.words ?? []).filter((w) => w.start < end && w.end > start).sort((a, b) => a.start - b.start);
}

/**
 * Search every page (or only `opts.page`) of a document for `quote` and return the best match as
 * `{ page, start, end, text }` (text = the page text actually matched), or null. Pages are tried
 * in order; an exact (normalised) match wins immediately, otherwise the lowest-edit match.
 */
export function findQuote(
  doc: ParsedDocument,
  quote: string,
  opts: FindSpanOptions & { page?: number } = {},
): { page: number; start: number; end: number; text: string } | null {
  const pages = opts.page != null ? doc.pages.filter((p) => p.page === opts.page) : doc.pages;
  const q = normalise(quote).text;
  let best: { page: number; start: number; end: number; text: string; score: number } | null = null;
  for (const p of pages) {
    const s = findSpan(p, quote, opts);
    if (!s) continue;
    const matched = p.text.slice(s.start, s.end);
    const score = normalise(matched).text === q ? 0 : levenshteinBounded(normalise(matched).text, q);
    if (!best || score < best.score) best = { page: p.page, ...s, text: matched, score };
    if (score === 0) break;
  }
  if (!best) return null;
  const { score: _score, ...rest } = best;
  return rest;
}

function levenshteinBounded(a: string, b: string): number {
  if (a === b) return 0;
  const m = b.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  for (let j = 1; j <= a.length; j++) {
    cur[0] = j;
    for (let i = 1; i <= m; i++) {
      cur[i] = Math.min(prev[i] + 1, cur[i - 1] + 1, prev[i - 1] + (a[j - 1] === b[i - 1] ? 0 : 1));
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}
