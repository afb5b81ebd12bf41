import type { Citation, ParsedDocument } from "../types";

/** One visual line of a parsed document with its position (page 1-based, offsets into page text). */
export interface DocLine {
  text: string;
  page: number;
  start: number;
  end: number;
  /** index in the flat line list */
  index: number;
}

/**
 * Split every page of `doc` into lines, keeping page/offset positions so that a span can be cited.
 * Empty lines are dropped. Offsets are UTF-16 offsets into `DocumentPageText.text`.
 */
export function docLines(doc: ParsedDocument): DocLine[] {
  const out: DocLine[] = [];
  for (const p of doc.pages) {
    let pos = 0;
    for (const raw of p.text.split("\n")) {
      const start = pos;
      pos += raw.length + 1;
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (!text) continue;
      out.push({ text, page: p.page, start: start + lead, end: start + lead + text.length, index: out.length });
    }
  }
  return out;
}

/** Citation covering lines[from..to] (clamped to the first line's page). */
export function citeLines(lines: DocLine[], document: string, documentId?: string): Citation | null {
  if (!lines.length) return null;
  const first = lines[0];
  const samePage = lines.filter((l) => l.page === first.page);
  const last = samePage[samePage.length - 1];
  return {
    document,
    ...(documentId ? { document_id: documentId } : {}),
    page: first.page,
    start: first.start,
    end: last.end,
    text: lines.map((l) => l.text).join(" ").slice(0, 600),
  };
}

/** Normalise whitespace and typographic characters so regexes see plain ASCII-ish text. */
export function clean(s: string): string {
  return s
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2265/g, ">=")
    .replace(/\u2264/g, "<=")
    .replace(/[®™]/g, "")
    .replace(/\s+/g, " ")
    .trim();
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
    const repeated = pageCount > 1 && (edgePagesByKey.get(k)?.size ?? 0) >= 2;
    if (repeated || /^(page )?#+ of #+$/i.test(k) || /\bpage #+ of #+\b/i.test(k) && k.length < 90) out.add(l.index);
  }
  return out;
}
