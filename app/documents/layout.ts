/**
 * Reading-order assembly shared by the text-layer and OCR paths: fragments (text runs or OCR words,
 * each with an axis-aligned box in page points, top-left origin) are grouped into visual lines by
 * vertical overlap, sorted left to right, and joined into page text with one WordBox per word.
 */
import type { WordBox } from "./types";

export interface Fragment {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /**
   * Optional y used for line grouping instead of the box centre (OCR passes a de-skewed centre so
   * that a rotated scan still groups into the right lines). Same units as y0/y1.
   */
  key?: number;
  /** Height used for line grouping instead of the box height (OCR: the whole line's height). */
  gh?: number;
  /** Never glue this fragment to its neighbours (OCR words, checkbox tokens). */
  atomic?: boolean;
  /** Optional per-word boxes already known (OCR); otherwise boxes are interpolated over the run. */
  words?: { text: string; x0: number; y0: number; x1: number; y1: number }[];
}

interface Line {
  frags: Fragment[];
  key: number;
  height: number;
}

const fragKey = (f: Fragment) => f.key ?? (f.y0 + f.y1) / 2;

/** Group fragments into lines (top to bottom), each line sorted left to right. */
export function groupLines(frags: Fragment[]): Fragment[][] {
  const sorted = frags.filter((f) => f.text.trim().length > 0).sort((a, b) => fragKey(a) - fragKey(b) || a.x0 - b.x0);
  const lines: Line[] = [];
  for (const f of sorted) {
    const h = Math.max(1, f.gh ?? f.y1 - f.y0);
    const k = fragKey(f);
    // Compare with the few most recent lines (fragments arrive in key order).
    let target: Line | null = null;
    for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i--) {
      const line = lines[i];
      const tol = 0.5 * Math.min(h, line.height);
      if (Math.abs(line.key - k) <= tol) {
        target = line;
        break;
      }
    }
    if (target) {
      target.frags.push(f);
      const n = target.frags.length;
      target.key = (target.key * (n - 1) + k) / n;
      target.height = Math.max(target.height, h);
    } else {
      lines.push({ frags: [f], key: k, height: h });
    }
  }
  lines.sort((a, b) => a.key - b.key);
  return lines.map((l) => l.frags.sort((a, b) => a.x0 - b.x0));
}

/**
 * Build page text and word boxes from fragments. Within a line, fragments that touch (gap below
 * ~15% of the text height) are glued without a space; otherwise one space separates them. Lines
 * are separated by "\n". Word offsets index into the returned text.
 */
export function assemble(frags: Fragment[]): { text: string; words: WordBox[] } {
  const lines = groupLines(frags);
  let text = "";
  const words: WordBox[] = [];
  lines.forEach((line, li) => {
    if (li > 0) text += "\n";
    let prev: Fragment | null = null;
    // word currently being extended across glued fragments
    let open: WordBox | null = null;
    for (const f of line) {
      const raw = f.text.replace(/\s+/g, " ");
      const h = Math.max(1, f.y1 - f.y0);
      let glue = false;
      if (prev) {
        const gap = f.x0 - prev.x1;
        const endsSpace = /\s$/.test(prev.text);
        const startsSpace = /^\s/.test(f.text);
        glue = !f.atomic && !prev.atomic && !endsSpace && !startsSpace && gap < 0.15 * h && gap > -0.5 * h;
        if (!glue) {
          text += " ";
          open = null;
        }
      }
      const trimmedStart = glue ? raw : raw.replace(/^ +/, "");
      const piece = prev ? trimmedStart.replace(/ +$/, "") : trimmedStart.trim();
      if (!piece) {
        prev = f;
        continue;
      }
      const base = text.length;
      text += piece;
      const toks = [...piece.matchAll(/\S+/g)];
      toks.forEach((m, ti) => {
        const s = base + (m.index ?? 0);
        const e = s + m[0].length;
        let box: { x0: number; y0: number; x1: number; y1: number };
        if (f.words && f.words.length === toks.length) {
          box = f.words[ti];
        } else {
          const n = Math.max(1, piece.length);
          const cw = (f.x1 - f.x0) / n;
          const off = m.index ?? 0;
          box = { x0: f.x0 + cw * off, x1: f.x0 + cw * (off + m[0].length), y0: f.y0, y1: f.y1 };
        }
        if (ti === 0 && glue && open && (m.index ?? 0) === 0) {
          // continue the previous word across a glued fragment boundary
          const x0 = Math.min(open.x, box.x0);
          const y0 = Math.min(open.y, box.y0);
          const x1 = Math.max(open.x + open.w, box.x1);
          const y1 = Math.max(open.y + open.h, box.y1);
          open.end = e;
          open.text = text.slice(open.start, e);
          open.x = x0;
          open.y = y0;
          open.w = x1 - x0;
          open.h = y1 - y0;
        } else {
          const wb: WordBox = {
            text: m[0],
            start: s,
            end: e,
            x: box.x0,
            y: box.y0,
            w: box.x1 - box.x0,
            h: box.y1 - box.y0,
          };
          words.push(wb);
          open = wb;
        }
      });
      if (/ $/.test(piece)) open = null;
      prev = f;
    }
  });
  for (const w of words) {
    w.x = round2(w.x);
    w.y = round2(w.y);
    w.w = round2(w.w);
    w.h = round2(w.h);
  }
  return { text, words };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
