/**
 * Geometry-aware line model over a ParsedDocument. Lines are rebuilt from word boxes (so the
 * result does not depend on how the intake stage ordered the page text); each line is split into
 * cells ("segments") at wide horizontal gaps, which is how form grids and "Label: value   Label:"
 * rows are separated. Without word boxes, page text lines are used and x is the character column.
 */
import type { Citation, ParsedDocument, WordBox } from "~/documents/types";

export interface Tok {
  text: string;
  start: number; // offset in page text
  end: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Segment {
  toks: Tok[];
  text: string;
  x: number;
  right: number;
}

export interface Line {
  page: number;
  index: number; // line index within page
  y: number;
  h: number;
  toks: Tok[];
  text: string; // tokens joined with single spaces
  segs: Segment[];
}

export interface PageModel {
  page: number;
  text: string;
  ocr: boolean;
  lines: Line[];
}

export interface DocModel {
  documentName: string;
  pages: PageModel[];
}

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function tokensFromText(text: string): Tok[] {
  const toks: Tok[] = [];
  let lineNo = 0;
  let lineStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "\n") {
      const line = text.slice(lineStart, i);
      const re = /\S+/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line))) {
        toks.push({
          text: m[0],
          start: lineStart + m.index,
          end: lineStart + m.index + m[0].length,
          x: m.index * 6,
          y: lineNo * 12,
          w: m[0].length * 6,
          h: 10,
        });
      }
      lineNo++;
      lineStart = i + 1;
    }
  }
  return toks;
}

function splitWords(words: WordBox[], text: string): Tok[] {
  const out: Tok[] = [];
  for (const w of words) {
    const t = text.slice(w.start, w.end) || w.text;
    if (!t.trim()) continue;
    // a "word" box may contain spaces (text-layer runs); split proportionally
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    const cw = w.w / Math.max(1, t.length);
    while ((m = re.exec(t))) {
      out.push({ text: m[0], start: w.start + m.index, end: w.start + m.index + m[0].length, x: w.x + m.index * cw, y: w.y, w: m[0].length * cw, h: w.h });
    }
  }
  return out;
}

/** Builds the line/segment model for every page. */
export function buildModel(doc: ParsedDocument, documentName = "fax"): DocModel {
  const pages: PageModel[] = [];
  for (const p of doc.pages) {
    const useWords = p.words && p.words.length > 0 && p.words.every((w) => w.end <= p.text.length);
    // (an NCPDP field number printed after a caption — "Qty (442-E7) / days (405-D5)", "Cardholder ID
    // (302-C2)" — names the field, never its value)
    const rawToks = (useWords ? splitWords(p.words, p.text) : tokensFromText(p.text)).filter((t) => !/^\(\d{3}-[A-Z0-9]{2}\)$/.test(t.text));
    const hMed = median(rawToks.map((t) => t.h)) || 10;
    // scanned pages are rotated a little: estimate the skew from horizontally adjacent words and
    // straighten y (y' = y - slope·x) so that rows cluster correctly across the whole page width
    const slope = useWords ? estimateSkew(rawToks, hMed) : 0;
    const toks = slope ? rawToks.map((t) => ({ ...t, y: t.y - slope * (t.x + t.w / 2) })) : rawToks;
    // cluster into lines by vertical centre
    const sorted = [...toks].sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2) || a.x - b.x);
    const rows: Tok[][] = [];
    for (const t of sorted) {
      const cy = t.y + t.h / 2;
      const row = rows[rows.length - 1];
      if (row) {
        const rcy = median(row.map((r) => r.y + r.h / 2));
        if (Math.abs(rcy - cy) <= hMed * 0.45) {
          row.push(t);
          continue;
        }
      }
      rows.push([t]);
    }
    const lines: Line[] = rows.map((row, index) => {
      row.sort((a, b) => a.x - b.x);
      const h = median(row.map((r) => r.h)) || hMed;
      const segs: Segment[] = [];
      let cur: Tok[] = [];
      for (const t of row) {
        const prev = cur[cur.length - 1];
        if (prev) {
          const gap = t.x - (prev.x + prev.w);
          const charW = Math.min(prev.w / Math.max(1, prev.text.length), t.w / Math.max(1, t.text.length));
          const wide = useWords ? gap > Math.max(h * 0.95, charW * 2.2) : gap > 6 * 1.5;
          if (wide) {
            segs.push(mkSeg(cur));
            cur = [];
          }
        }
        cur.push(t);
      }
      if (cur.length) segs.push(mkSeg(cur));
      return { page: p.page, index, y: median(row.map((r) => r.y)), h, toks: row, text: row.map((r) => r.text).join(" "), segs };
    });
    pages.push({ page: p.page, text: p.text, ocr: p.ocr, lines });
  }
  return { documentName, pages };
}

/** Median dy/dx between each word and its nearest right-hand neighbour on the same row. */
export function estimateSkew(toks: Tok[], hMed: number): number {
  const slopes: number[] = [];
  const byX = [...toks].sort((a, b) => a.x - b.x);
  for (const t of toks) {
    const cy = t.y + t.h / 2;
    let best: Tok | null = null;
    for (const u of byX) {
      if (u.x <= t.x + t.w * 0.5) continue;
      if (u.x - (t.x + t.w) > hMed * 4) break;
      if (Math.abs(u.y + u.h / 2 - cy) > hMed * 0.6) continue;
      if (!best || u.x < best.x) best = u;
    }
    if (best) {
      const dx = best.x + best.w / 2 - (t.x + t.w / 2);
      if (dx > hMed) slopes.push((best.y + best.h / 2 - cy) / dx);
    }
  }
  if (slopes.length < 8) return 0;
  const m = median(slopes);
  return Math.abs(m) < 0.0015 ? 0 : Math.max(-0.05, Math.min(0.05, m));
}

function mkSeg(toks: Tok[]): Segment {
  return { toks, text: toks.map((t) => t.text).join(" "), x: toks[0].x, right: toks[toks.length - 1].x + toks[toks.length - 1].w };
}

/** A run of tokens (value) with its citation. */
export interface Span {
  page: number;
  toks: Tok[];
  text: string;
}

export function spanOf(page: number, toks: Tok[]): Span {
  return { page, toks, text: toks.map((t) => t.text).join(" ") };
}

/** Citation for a token run (page offsets span first..last token). */
export function cite(model: DocModel, page: number, toks: Tok[]): Citation {
  const pm = model.pages.find((p) => p.page === page)!;
  if (!toks.length) return { document: model.documentName, page, start: 0, end: 0, text: "" };
  const start = Math.min(...toks.map((t) => t.start));
  const end = Math.max(...toks.map((t) => t.end));
  return { document: model.documentName, page, start, end, text: pm.text.slice(start, end) };
}

/**
 * Maps a character range of `joined` (tokens joined by single spaces) back to the tokens it covers.
 */
export function toksInRange(toks: Tok[], from: number, to: number): Tok[] {
  const out: Tok[] = [];
  let pos = 0;
  for (const t of toks) {
    const a = pos;
    const b = pos + t.text.length;
    if (b > from && a < to) out.push(t);
    pos = b + 1;
  }
  return out;
}

/** Sub-token precision: citation for chars [from,to) of the single-space join of `toks`. */
export function citeRange(model: DocModel, page: number, toks: Tok[], from: number, to: number): Citation {
  const pm = model.pages.find((p) => p.page === page)!;
  let pos = 0;
  let start = -1;
  let end = -1;
  for (const t of toks) {
    const a = pos;
    const b = pos + t.text.length;
    if (start < 0 && from < b) start = t.start + Math.max(0, from - a);
    if (to <= b && end < 0) end = t.start + Math.max(0, to - a);
    pos = b + 1;
  }
  if (start < 0) start = toks[0]?.start ?? 0;
  if (end < 0) end = toks[toks.length - 1]?.end ?? start;
  if (end < start) end = start;
  return { document: model.documentName, page, start, end, text: pm.text.slice(start, end) };
}
