/**
 * Passages for retrieval: each page is cut into chunks of about `targetWords` words that end on a
 * line boundary, with `overlapLines` lines repeated between neighbours so a criterion split across
 * two chunks is still found whole in one. Offsets index into the page text, so a chunk is a citation.
 */
import type { ParsedDocument } from "~/engine/types";

export interface Chunk {
  page: number;
  start: number;
  end: number;
  text: string;
}

/** Splits every page of `doc` into chunks; `page.text.slice(start, end) === text` for each. */
export function chunkDocument(doc: ParsedDocument, opts: { targetWords?: number; maxWords?: number; overlapLines?: number } = {}): Chunk[] {
  const target = opts.targetWords ?? 80;
  const max = opts.maxWords ?? 140;
  const overlap = opts.overlapLines ?? 1;
  const out: Chunk[] = [];
  for (const page of doc.pages) {
    const lines: { start: number; end: number; words: number }[] = [];
    let pos = 0;
    for (const raw of page.text.split("\n")) {
      const words = (raw.match(/\S+/g) ?? []).length;
      if (words > 0) lines.push({ start: pos, end: pos + raw.length, words });
      pos += raw.length + 1;
    }
    let i = 0;
    while (i < lines.length) {
      let words = 0;
      let j = i;
      while (j < lines.length && (words < target || j === i) && words + lines[j].words <= max) {
        words += lines[j].words;
        j++;
      }
      if (j === i) j = i + 1; // a single over-long line is its own chunk
      const start = lines[i].start;
      const end = lines[j - 1].end;
      out.push({ page: page.page, start, end, text: page.text.slice(start, end) });
      if (j >= lines.length) break;
      i = Math.max(i + 1, j - overlap);
    }
  }
  return out;
}
