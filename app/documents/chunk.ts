/**
 * Split a parsed document into retrieval passages.
 */
import type { ParsedDocument } from "./types";

export interface Chunk {
  /** 1-based page number */
  page: number;
  /** UTF-16 offsets into that page's `text`; `text === page.text.slice(start, end)` */
  start: number;
  end: number;
  text: string;
}

export interface ChunkOptions {
  /** a passage is closed once it holds at least this many words (default 80) */
  targetWords?: number;
  /** never exceed this many words; longer lines are split at word boundaries (default 120) */
  maxWords?: number;
  /** words (whole lines, at most half the target) repeated at the start of the next passage (default 15) */
  overlapWords?: number;
  /** alternatively, repeat exactly this many whole lines (overrides overlapWords) */
  overlapLines?: number;
}

/**
 * Cut every page into passages of about `targetWords` (≤ `maxWords`) words for retrieval.
 * Passages never cross pages and are made of whole lines (a line longer than `maxWords` is split
 * at word boundaries); a blank line (paragraph break) closes a passage early once it has half the
 * target. Each passage after the first on a page starts with the last lines of the previous one
 * (about `overlapWords` words) so that a criterion split across a boundary is whole in one of
 * them. Offsets are into the page text: `page.text.slice(start, end) === text`, which makes a
 * passage directly usable as a Citation. Empty pages yield no passages. Pure; never throws.
 */
export function chunkDocument(doc: ParsedDocument, opts: ChunkOptions = {}): Chunk[] {
  const target = Math.max(1, opts.targetWords ?? 80);
  const maxWords = Math.max(target, opts.maxWords ?? 120);
  const overlapWords = Math.max(0, Math.min(opts.overlapWords ?? 15, Math.floor(target / 2)));
  const out: Chunk[] = [];
  for (const page of doc.pages) {
    const lines = splitLines(page.text ?? "", maxWords);
    let i = 0;
    while (i < lines.length) {
      let words = 0;
      let j = i;
      while (j < lines.length) {
        const next = lines[j];
        if (j > i && words + next.words > maxWords) break;
        if (j > i && words >= target) break;
        if (j > i && next.para && words >= target / 2) break;
        words += next.words;
        j++;
      }
      const start = lines[i].start;
      const end = lines[j - 1].end;
      out.push({ page: page.page, start, end, text: page.text.slice(start, end) });
      if (j >= lines.length) break;
      // overlap: step back over whole lines, but always advance past i
      let k = j;
      if (opts.overlapLines != null) {
        k = Math.max(i + 1, j - Math.max(0, opts.overlapLines));
      } else {
        let back = 0;
        while (k - 1 > i && back + lines[k - 1].words <= overlapWords && !lines[k].para) {
          back += lines[k - 1].words;
          k--;
        }
      }
      i = k;
    }
  }
  return out;
}

interface Line {
  start: number;
  end: number;
  words: number;
  /** a blank line (or the page start) precedes this line */
  para: boolean;
}

/** Non-empty lines with word counts; lines longer than maxWords are split at word boundaries. */
function splitLines(text: string, maxWords: number): Line[] {
  const lines: Line[] = [];
  let para = true;
  let pos = 0;
  for (const raw of text.split("\n")) {
    const s = pos;
    pos += raw.length + 1;
    const words = [...raw.matchAll(/\S+/g)];
    if (!words.length) {
      para = true;
      continue;
    }
    for (let w = 0; w < words.length; w += maxWords) {
      const first = words[w];
      const last = words[Math.min(words.length, w + maxWords) - 1];
      lines.push({
        start: s + (first.index ?? 0),
        end: s + (last.index ?? 0) + last[0].length,
        words: Math.min(maxWords, words.length - w),
        para: para && w === 0,
      });
    }
    para = false;
  }
  return lines;
}
