/**
 * Section names printed in a left margin column beside the body ("Coverage criteria   I. Initial
 * authorization. …", "Continuation   II. Continued authorization …", "Documentation to submit   These
 * records …"): the page text runs the label into the first line of its section, so the section's name
 * reads as the start of a sentence and the section is never opened. This module splits such a line
 * into the label, a line of its own set apart as a title (`larger`, as a heading in larger type is),
 * and the body line. Each output line is verbatim page text (its offsets map into the page).
 * Pure; needs word boxes (text-layer PDFs and OCR both provide them); lines of a page without them
 * pass through unchanged.
 */
import type { ParsedDocument, WordBox } from "~/documents/types";
import type { DocLine } from "./lines";
import { lineFrom } from "./table-columns";

/** A horizontal gap at least this wide (PDF points) separates the margin label from the body. */
const LABEL_GAP = 24;
/** How far (PDF points) a body line may start from the body column's left edge. */
const BODY_TOLERANCE = 4;

/** the line of `words` (table-columns.ts), set apart as a title when it is a margin label */
function lineOf(doc: ParsedDocument, page: number, words: WordBox[], index: number, larger: boolean): DocLine | null {
  const l = lineFrom(doc, page, words, index);
  return l && larger ? { ...l, larger: true } : l;
}

/** A margin label: a short name ("Coverage criteria", "Documentation to submit"), no sentence. */
const LABEL_RE = /^[A-Z][A-Za-z/&,'()-]*(?:\s+[A-Za-z/&,'()-]+){0,4}$/;

/**
 * `lines` with each margin label split from the body line it was printed beside. A page qualifies when
 * at least three of its lines start at one body column right of the margin (the body's left edge)
 * and at least two lines start at the margin with a short label, a wide gap, then words at that edge.
 */
export function readMarginLabels(doc: ParsedDocument, lines: DocLine[]): DocLine[] {
  const byPage = new Map<number, DocLine[]>();
  for (const l of lines) byPage.set(l.page, [...(byPage.get(l.page) ?? []), l]);
  const splits = new Map<DocLine, DocLine[]>();
  for (const [page, ls] of byPage) {
    const words = doc.pages.find((p) => p.page === page)?.words ?? [];
    if (!words.length) continue;
    const candidates: { line: DocLine; label: WordBox[]; body: WordBox[] }[] = [];
    for (const l of ls) {
      // (a line a grid reader already re-read is a cell, never a margin label's line)
      if (l.cell) continue;
      const ws = words.filter((w) => w.start >= l.start && w.end <= l.end).sort((a, b) => a.x - b.x);
      if (ws.length < 3) continue;
      // the first wide gap after one to five words
      let cut = -1;
      for (let k = 1; k < Math.min(ws.length, 6); k++)
        if (ws[k].x - (ws[k - 1].x + ws[k - 1].w) >= LABEL_GAP) {
          cut = k;
          break;
        }
      if (cut < 0) continue;
      const label = ws.slice(0, cut);
      const text = label.map((w) => w.text).join(" ");
      if (text.length > 32 || !LABEL_RE.test(text)) continue;
      candidates.push({ line: l, label, body: ws.slice(cut) });
    }
    if (candidates.length < 2) continue;
    // the body column: where the candidates' bodies start, confirmed by plain lines starting there
    // (the candidates' body start shared by the most lines: a table row's second cell is no body column)
    const near = (a: number | undefined, b: number) => a != null && Math.abs(a - b) <= BODY_TOLERANCE;
    const support = (x: number) => candidates.filter((c) => near(c.body[0].x, x)).length + ls.filter((l) => near(l.x, x)).length;
    const edge = candidates.map((c) => c.body[0].x).reduce((best, x) => (support(x) > support(best) ? x : best));
    const atEdge = (x: number | undefined) => near(x, edge);
    const bodyLines = ls.filter((l) => !candidates.some((c) => c.line === l) && atEdge(l.x)).length;
    const aligned = candidates.filter((c) => atEdge(c.body[0].x));
    if (bodyLines < 3 || aligned.length < 2) continue;
    for (const c of aligned) {
      const label = lineOf(doc, page, c.label, c.line.index, true);
      const body = lineOf(doc, page, c.body, c.line.index, false);
      if (label && body) splits.set(c.line, [label, body]);
    }
    // once the columns are known: a longer label whose gap to the body is narrower ("Documentation to
    // submit   These records …"), and a label alone on its line at the margin ("Dosing and coding")
    const margin = Math.min(...aligned.map((c) => c.label[0].x));
    for (const l of ls) {
      if (splits.has(l) || l.cell || l.x == null || Math.abs(l.x - margin) > BODY_TOLERANCE) continue;
      const ws = words.filter((w) => w.start >= l.start && w.end <= l.end).sort((a, b) => a.x - b.x);
      const k = ws.findIndex((w, i) => i > 0 && atEdge(w.x) && w.x - (ws[i - 1].x + ws[i - 1].w) >= 8);
      const label = k > 0 ? ws.slice(0, k) : ws.every((w) => w.x + w.w < edge - 8) ? ws : [];
      const text = label.map((w) => w.text).join(" ");
      if (!label.length || text.length > 40 || !LABEL_RE.test(text)) continue;
      const head = lineOf(doc, page, label, l.index, true);
      const body = k > 0 ? lineOf(doc, page, ws.slice(k), l.index, false) : null;
      if (head) splits.set(l, body ? [head, body] : [head]);
    }
  }
  if (!splits.size) return lines;
  const out = lines.flatMap((l) => splits.get(l) ?? [l]);
  return out.map((l, index) => ({ ...l, index }));
}
