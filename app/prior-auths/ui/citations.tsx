/**
 * Citations: every claim the AI makes points at a document page and quoted text. Clicking one
 * anywhere on the case page (Explanation, criteria steps, chat replies) asks the page to show that
 * page in the document viewer with the quote highlighted.
 */
import { createContext, useContext } from "react";
import type { CitationJson } from "./types";
import { displayQuote, groupCitationsByPage } from "./citation-display";

type OpenCitation = (citation: CitationJson) => void;

const CitationContext = createContext<OpenCitation | null>(null);

export const CitationProvider = CitationContext.Provider;

export function useOpenCitation(): OpenCitation | null {
  return useContext(CitationContext);
}

function documentLabel(c: CitationJson) {
  const d = (c.document ?? "").toLowerCase();
  if (d === "policy" || d.startsWith("policy")) return "Policy";
  if (d === "epa") return "ePA";
  return "Fax";
}

/**
 * A clickable "Fax p. 2" chip with the quote as its accessible description; `count` > 1 marks a chip
 * standing for several quotes on that page ("Fax p. 1 ×3", every quote in its tooltip).
 */
export function CitationChip({ citation, index, count = 1, quotes }: { citation: CitationJson; index?: number; count?: number; quotes?: string[] }) {
  const open = useOpenCitation();
  const label = `${documentLabel(citation)} p. ${citation.page}`;
  const quoteText = (quotes ?? [citation.text]).map(displayQuote).join(" · ");
  const body = (
    <>
      <svg viewBox="0 0 16 16" className="h-3 w-3" fill="currentColor" aria-hidden="true">
        <path d="M4 2h5l3 3v9H4V2Zm5 1v3h3" fillOpacity=".9" />
      </svg>
      {index !== undefined && <span className="font-semibold">[{index + 1}]</span>}
      {label}
      {count > 1 && <span className="text-indigo-500">×{count}</span>}
    </>
  );
  const className =
    "inline-flex items-center gap-1 rounded border border-indigo-200 bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium text-indigo-700 hover:border-indigo-300 hover:bg-indigo-100";
  if (!open) {
    return (
      <span className={className} title={quoteText}>
        {body}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      title={`“${quoteText}”`}
      aria-label={`Show citation on ${label}: ${quoteText.slice(0, 120)}`}
      data-testid="citation"
      data-page={citation.page}
      onClick={() => open(citation)}
    >
      {body}
    </button>
  );
}

/** Citation chips in a row, optionally with their quotes. */
export function CitationList({ citations, withQuotes = false }: { citations: CitationJson[] | null | undefined; withQuotes?: boolean }) {
  if (!citations?.length) return null;
  if (!withQuotes) {
    return (
      <span className="inline-flex flex-wrap gap-1">
        {groupCitationsByPage(citations).map((g, i) => (
          <CitationChip key={i} citation={g.first} count={g.all.length} quotes={g.all.map((c) => c.text)} />
        ))}
      </span>
    );
  }
  return (
    <ol className="space-y-2">
      {citations.map((c, i) => (
        <li key={i} className="flex items-start gap-2 text-sm">
          <CitationChip citation={c} index={i} />
          <q className="text-slate-600 italic">{displayQuote(c.text)}</q>
        </li>
      ))}
    </ol>
  );
}
