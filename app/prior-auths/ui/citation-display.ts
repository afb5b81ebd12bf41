/**
 * Display helpers for citations (issue 13 "Reviewer's rough edges"): one chip per document page
 * instead of rows of identical "Fax p. 1" chips, and quotes that do not end on a dangling fragment.
 */
import type { CitationJson } from "./types";

export interface CitationGroup {
  /** the first citation of the page (what a click opens) */
  first: CitationJson;
  /** every citation on that page, in order */
  all: CitationJson[];
}

/** Groups citations by document and page, keeping the order of first appearance. */
export function groupCitationsByPage(citations: CitationJson[]): CitationGroup[] {
  const groups = new Map<string, CitationGroup>();
  for (const c of citations) {
    const key = `${(c.document ?? "").toLowerCase()}#${c.page}`;
    const g = groups.get(key);
    if (g) g.all.push(c);
    else groups.set(key, { first: c, all: [c] });
  }
  return [...groups.values()];
}

/**
 * A quote as shown to the reviewer: whitespace collapsed; a trailing unclosed bracket or a dangling
 * separator ("Cimzia (", "methotrexate,") removed and marked with "…"; leading closers removed.
 * The stored citation (its offsets into the document) is not changed.
 */
export function displayQuote(text: string): string {
  let q = text.replace(/\s+/g, " ").trim();
  const original = q;
  for (;;) {
    const before = q;
    q = q
      .replace(/\s*[([{]\s*$/, "")
      .replace(/\s*[,;:/&|–—-]\s*$/, "")
      .trim();
    if (q === before) break;
  }
  q = q.replace(/^[)\]},;:.]+\s*/, "");
  const opens = (q.match(/\(/g) ?? []).length;
  const closes = (q.match(/\)/g) ?? []).length;
  if (opens > closes) q = q.replace(/\s*\([^()]*$/, "").trim() || q;
  return q !== original && q.length > 0 && !/[.!?]$/.test(q) ? `${q}…` : q;
}
