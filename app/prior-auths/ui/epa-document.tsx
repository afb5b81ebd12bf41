/**
 * The synthetic ePA document (plain text) of an ePA case, with the cited quote highlighted and
 * scrolled into view when a citation is opened.
 */
import { useEffect, useMemo, useRef } from "react";
import type { PdfHighlight } from "./pdf-viewer";

/** [start, end) of `quote` in `text`, whitespace-insensitive, or null. */
function findQuote(text: string, quote: string): [number, number] | null {
  const idx = text.indexOf(quote);
  if (idx >= 0) return [idx, idx + quote.length];
  const words = quote.trim().split(/\s+/).filter(Boolean).slice(0, 12);
  if (!words.length) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "i");
  const m = pattern.exec(text);
  return m ? [m.index, m.index + m[0].length] : null;
}

export function EpaDocument({ text, highlight, className = "" }: { text: string; highlight?: PdfHighlight | null; className?: string }) {
  const range = useMemo(() => (highlight ? findQuote(text, highlight.text) : null), [text, highlight]);
  const markRef = useRef<HTMLElement>(null);
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [highlight?.nonce, range]);
  return (
    <div className={`flex flex-col rounded-md border border-slate-200 bg-white ${className}`} data-testid="epa-document">
      <div className="border-b border-slate-200 px-3 py-1.5 text-xs font-medium text-slate-600">Electronic prior auth (ePA) · synthetic document</div>
      <pre className="min-h-64 flex-1 overflow-auto p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800">
        {range ? (
          <>
            {text.slice(0, range[0])}
            <mark ref={markRef} className="rounded bg-yellow-200 px-0.5 text-slate-900" data-testid="epa-highlight">
              {text.slice(range[0], range[1])}
            </mark>
            {text.slice(range[1])}
          </>
        ) : (
          text
        )}
      </pre>
      {highlight && !range && (
        <p className="border-t border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" role="note">
          Cited: “{highlight.text}”
        </p>
      )}
    </div>
  );
}
