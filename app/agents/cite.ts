/**
 * Turning what a model quotes into Citations with real offsets.
 *
 * Models are asked for verbatim quotes, never offsets: offsets are computed here by finding the
 * quote in the page text, tolerant of whitespace, case and typographic punctuation (and, as a last
 * resort, of whitespace the OCR inserted or dropped). A quote that cannot be found is dropped rather
 * than cited somewhere it does not appear. Offsets are UTF-16 offsets into DocumentPageText.text.
 */
import type { CaseFacts, Citation, ParsedDocument } from "~/clinical/contracts";

export interface QuoteSpan {
  page: number;
  start: number;
  end: number;
  /** the page text between start and end (not the model's quote) */
  text: string;
}

const FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u00a0": " ",
  "\u2026": "...",
};

/**
 * Normalised text plus, for each normalised character, the offset of its source character.
 * `dropSpaces` removes whitespace entirely (for OCR that splits or joins tokens).
 */
function normalise(text: string, dropSpaces: boolean): { norm: string; map: number[] } {
  let norm = "";
  const map: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = FOLD[text[i]] ?? text[i];
    if (/\s/.test(ch)) {
      pendingSpace = norm.length > 0;
      continue;
    }
    if (pendingSpace && !dropSpaces) {
      norm += " ";
      map.push(i - 1);
    }
    pendingSpace = false;
    for (const c of ch.toLowerCase()) {
      norm += c;
      map.push(i);
    }
  }
  return { norm, map };
}

/** Finds `quote` in `text`; returns [start, end) offsets in `text` or null. */
export function findQuoteInText(text: string, quote: string): [number, number] | null {
  const q = quote
    .trim()
    .replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, "")
    .trim();
  if (!q) return null;
  const exact = text.indexOf(q);
  if (exact >= 0) return [exact, exact + q.length];
  for (const dropSpaces of [false, true]) {
    const t = normalise(text, dropSpaces);
    const nq = normalise(q, dropSpaces).norm;
    if (!nq) continue;
    const at = t.norm.indexOf(nq);
    if (at >= 0) return [t.map[at], t.map[at + nq.length - 1] + 1];
  }
  // A trailing ellipsis or punctuation the model added: retry without it once.
  const trimmed = q.replace(/[\s.,;:…]+$/u, "");
  if (trimmed && trimmed !== q) return findQuoteInText(text, trimmed);
  return null;
}

/**
 * Locates `quote` on page `page` (1-based) of `doc`, tolerant of whitespace, case and typographic
 * punctuation. Returns the span with the page's own text, or null when the page does not contain it.
 */
export function locateQuote(doc: ParsedDocument, page: number, quote: string): QuoteSpan | null {
  const p = doc.pages.find((x) => x.page === page);
  if (!p) return null;
  const hit = findQuoteInText(p.text, quote);
  return hit ? { page, start: hit[0], end: hit[1], text: p.text.slice(hit[0], hit[1]) } : null;
}

/**
 * A Citation for `quote`, looked for first on `pageHint` and then on every other page (models
 * misnumber pages). Null when no page contains it.
 */
export function quoteToCitation(
  doc: ParsedDocument,
  source: { document: string; document_id?: string },
  quote: string,
  pageHint: number | null,
): Citation | null {
  const order = [...(pageHint != null ? [pageHint] : []), ...doc.pages.map((p) => p.page).filter((n) => n !== pageHint)];
  for (const page of order) {
    const span = locateQuote(doc, page, quote);
    if (span) return withSource(source, span);
  }
  return null;
}

/** Quotes → citations, dropping quotes that are not in the document and duplicate spans. */
export function quotesToCitations(
  doc: ParsedDocument,
  source: { document: string; document_id?: string },
  quotes: { page: number | null; quote: string }[],
): Citation[] {
  return dedupeCitations(quotes.map((q) => quoteToCitation(doc, source, q.quote, q.page)).filter((c): c is Citation => c !== null));
}

function withSource(source: { document: string; document_id?: string }, span: QuoteSpan): Citation {
  return {
    document: source.document,
    ...(source.document_id ? { document_id: source.document_id } : {}),
    page: span.page,
    start: span.start,
    end: span.end,
    text: span.text,
  };
}

export function dedupeCitations(list: Citation[]): Citation[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.document}|${c.document_id ?? ""}|${c.page}|${c.start}|${c.end}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// ─────────────────────────── numbered evidence (review, audit, decision, chat) ───────────────────────────

/**
 * Numbered evidence shown to a model as "[n] ..." lines. Passages are Citations (document, page,
 * offsets, text), e.g. retrieved chunks of the fax or policy, or citations from earlier stages.
 */
export function formatEvidence(passages: Citation[], maxChars = 1200): string {
  if (!passages.length) return "(no evidence passages)";
  return passages
    .map((p, i) => {
      const text = p.text.length > maxChars ? `${p.text.slice(0, maxChars)}…` : p.text;
      return `[${i + 1}] (${p.document}${p.document_id ? ` ${p.document_id}` : ""}, page ${p.page}) ${text.replace(/\s+/g, " ").trim()}`;
    })
    .join("\n");
}

/**
 * Resolves a model's `{ ref, quote }` pointer into numbered `passages` (1-based). The quote narrows
 * the citation to its span inside the passage; when the quote is empty or not found there, the whole
 * passage is cited (the model did rely on that passage). Unknown refs → null.
 */
export function resolveEvidenceRef(passages: Citation[], ref: number, quote: string | null): Citation | null {
  const p = passages[ref - 1];
  if (!Number.isInteger(ref) || !p) return null;
  if (quote && quote.trim()) {
    const hit = findQuoteInText(p.text, quote);
    if (hit) {
      return { ...p, start: p.start + hit[0], end: p.start + hit[1], text: p.text.slice(hit[0], hit[1]) };
    }
  }
  return { ...p };
}

/** Resolves a list of `{ ref, quote }` pointers, dropping unknown refs and duplicates. */
export function resolveEvidence(passages: Citation[], refs: { ref: number; quote: string | null }[]): Citation[] {
  return dedupeCitations(refs.map((r) => resolveEvidenceRef(passages, r.ref, r.quote)).filter((c): c is Citation => c !== null));
}

/** Every citation carried by CaseFacts, in reading order of the facts (deduplicated). */
export function factCitations(facts: CaseFacts): Citation[] {
  const all: Citation[] = [
    ...facts.patient.citations,
    ...facts.practitioner.citations,
    ...facts.medication.citations,
    ...facts.diagnoses.flatMap((d) => d.citations),
    ...facts.prior_therapies.flatMap((t) => t.citations),
    ...facts.concurrent_therapies.flatMap((t) => t.citations),
    ...facts.labs.flatMap((l) => l.citations),
    ...facts.notes.flatMap((n) => n.citations),
  ];
  return dedupeCitations(all);
}

/** A stage output without its `citations` / `passage` keys (what a model reasons about; evidence is numbered separately). */
export function withoutCitations(value: unknown): unknown {
  if (value == null) return null;
  return JSON.parse(JSON.stringify(value, (key, v) => (key === "citations" || key === "passage" || key === "criterion" ? undefined : v)));
}

/** CaseFacts without citations. */
export function factsForPrompt(facts: CaseFacts): unknown {
  return withoutCitations(facts);
}

/** Every page of a document as a whole-page evidence passage (quotes then narrow it to a span). */
export function pagesAsPassages(doc: ParsedDocument, source: { document: string; document_id?: string }): Citation[] {
  return doc.pages
    .filter((p) => p.text.trim())
    .map((p) => ({
      document: source.document,
      ...(source.document_id ? { document_id: source.document_id } : {}),
      page: p.page,
      start: 0,
      end: p.text.length,
      text: p.text,
    }));
}

/** The document as page-delimited text for a prompt, cut at `maxChars` (a note says so). */
export function documentForPrompt(doc: ParsedDocument, maxChars = 120_000): string {
  let out = "";
  for (const p of doc.pages) {
    const block = `=== Page ${p.page}${p.ocr ? " (OCR)" : ""} ===\n${p.text}\n`;
    if (out.length + block.length > maxChars) {
      out += `=== [document truncated: pages ${p.page}–${doc.page_count} not shown] ===\n`;
      break;
    }
    out += block;
  }
  return out;
}
