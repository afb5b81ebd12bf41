/**
 * The browser half of <PdfViewer>: react-pdf with one page at a time, fit to the panel width,
 * page controls, and citation highlighting.
 *
 * Highlighting: the cited quote is located in the page's pdf.js text items (whitespace-insensitive,
 * falling back to the quote's opening words), and `customTextRenderer` wraps the matching characters
 * in <mark>. Scanned pages have no text layer (their text came from OCR), so the quote is shown in a
 * callout over the page instead.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerSrc from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import "react-pdf/dist/Page/TextLayer.css";
import "react-pdf/dist/Page/AnnotationLayer.css";
import type { PdfViewerProps } from "./pdf-viewer";
import { displayQuote } from "./citation-display";

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

type Ranges = Map<number, [number, number]>;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Item index → [from, to) character range of `items` covered by `quote`, or null when not found. */
export function locateQuote(items: string[], quote: string): Ranges | null {
  const chars: string[] = [];
  const where: [number, number][] = [];
  items.forEach((str, i) => {
    for (let c = 0; c < str.length; c++) {
      const ch = str[c]!;
      if (/\s/.test(ch)) continue;
      chars.push(ch.toLowerCase());
      where.push([i, c]);
    }
  });
  const hay = chars.join("");
  const needle = quote.replace(/\s+/g, "").toLowerCase();
  if (!needle || !hay) return null;
  const attempts = [needle, needle.slice(0, 80), needle.slice(0, 40), needle.slice(0, 20)].filter((n, i, all) => n.length >= 6 && all.indexOf(n) === i);
  for (const attempt of attempts) {
    const at = hay.indexOf(attempt);
    if (at < 0) continue;
    const ranges: Ranges = new Map();
    for (let k = at; k < at + attempt.length; k++) {
      const [item, c] = where[k]!;
      const r = ranges.get(item);
      if (!r) ranges.set(item, [c, c + 1]);
      else r[1] = c + 1;
    }
    return ranges;
  }
  return null;
}

function useWidth(ref: React.RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

export default function PdfViewerClient({ file, page: controlledPage, onPageChange, highlight, label = "document", className = "" }: PdfViewerProps) {
  const [numPages, setNumPages] = useState(0);
  const [localPage, setLocalPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [items, setItems] = useState<{ page: number; strs: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  const page = Math.min(Math.max(controlledPage ?? localPage, 1), numPages || 1);

  // A new citation moves the viewer to its page.
  useEffect(() => {
    if (!highlight) return;
    setLocalPage(highlight.page);
    onPageChange?.(highlight.page);
    boxRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlight?.nonce]);

  const go = (p: number) => {
    const next = Math.min(Math.max(p, 1), numPages || 1);
    setLocalPage(next);
    onPageChange?.(next);
  };

  // Signed document URLs change on every loader run (new expiry and signature): keep the first
  // URL of a document so a revalidation does not reload the PDF and lose the page.
  const fileKey = typeof file === "string" ? file.split("?")[0] : `${file.name}:${file.size}:${file.lastModified}`;
  const source = useMemo(() => file, [fileKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const active = highlight && highlight.page === page ? highlight : null;
  const ranges = useMemo(() => (active && items && items.page === page ? locateQuote(items.strs, active.text) : null), [active, items, page]);
  const textLoaded = items?.page === page;
  const hasText = textLoaded && items!.strs.some((s) => s.trim());
  const showCallout = Boolean(active && textLoaded && !ranges);

  const renderer = useMemo(
    () =>
      ranges
        ? ({ str, itemIndex }: { str: string; itemIndex: number }) => {
            const r = ranges.get(itemIndex);
            if (!r) return escapeHtml(str);
            return `${escapeHtml(str.slice(0, r[0]))}<mark class="pdf-cite">${escapeHtml(str.slice(r[0], r[1]))}</mark>${escapeHtml(str.slice(r[1]))}`;
          }
        : undefined,
    [ranges],
  );

  return (
    <div className={`flex flex-col rounded-md border border-slate-200 bg-white ${className}`} data-testid="pdf-viewer" aria-label={`${label} viewer`}>
      <style>{`.pdf-cite{background:rgba(250,204,21,.55);color:transparent;border-radius:2px;box-shadow:0 0 0 2px rgba(234,179,8,.6)}`}</style>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5 text-xs text-slate-600">
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => go(page - 1)}
            disabled={page <= 1}
            className="rounded px-2 py-1 hover:bg-slate-100 disabled:opacity-40"
            aria-label="Previous page"
          >
            ‹
          </button>
          <span data-testid="pdf-page-indicator" aria-live="polite">
            Page {numPages ? page : "–"} of {numPages || "–"}
          </span>
          <button
            type="button"
            onClick={() => go(page + 1)}
            disabled={!numPages || page >= numPages}
            className="rounded px-2 py-1 hover:bg-slate-100 disabled:opacity-40"
            aria-label="Next page"
          >
            ›
          </button>
        </div>
        <div className="flex items-center gap-1">
          {textLoaded && !hasText && <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-500">Scanned page (OCR)</span>}
          <button
            type="button"
            onClick={() => setZoom((z) => Math.max(0.5, +(z - 0.25).toFixed(2)))}
            className="rounded px-2 py-1 hover:bg-slate-100"
            aria-label="Zoom out"
          >
            −
          </button>
          <span className="w-10 text-center tabular-nums">{Math.round(zoom * 100)}%</span>
          <button
            type="button"
            onClick={() => setZoom((z) => Math.min(3, +(z + 0.25).toFixed(2)))}
            className="rounded px-2 py-1 hover:bg-slate-100"
            aria-label="Zoom in"
          >
            +
          </button>
          {typeof file === "string" && (
            <a href={file} target="_blank" rel="noreferrer" className="ml-1 rounded px-2 py-1 font-medium text-indigo-600 hover:bg-slate-100">
              Open
            </a>
          )}
        </div>
      </div>
      <div ref={boxRef} className="relative min-h-64 flex-1 overflow-auto bg-slate-100 p-2">
        {error ? (
          <p role="alert" className="p-4 text-sm text-red-700">
            The {label} could not be displayed: {error}
          </p>
        ) : (
          <Document
            file={source}
            onLoadSuccess={(doc) => {
              setNumPages(doc.numPages);
              setError(null);
            }}
            onLoadError={(err) => setError(err.message)}
            loading={<p className="p-4 text-sm text-slate-500">Loading {label}…</p>}
          >
            {numPages > 0 && width > 0 && (
              <div ref={pageRef} className="relative mx-auto w-fit shadow-sm" data-testid="pdf-page" data-page-number={page}>
                <Page
                  key={`${page}`}
                  pageNumber={page}
                  width={Math.max(200, (width - 16) * zoom)}
                  renderAnnotationLayer={false}
                  customTextRenderer={renderer}
                  onGetTextSuccess={(text) => setItems({ page, strs: text.items.map((it) => ("str" in it ? it.str : "")) })}
                  onRenderTextLayerSuccess={() => {
                    const mark = pageRef.current?.querySelector("mark.pdf-cite");
                    mark?.scrollIntoView({ block: "center", behavior: "smooth" });
                  }}
                />
                {showCallout && active && (
                  <div
                    className="absolute inset-x-3 top-3 z-10 rounded-md border border-amber-300 bg-amber-50/95 p-3 text-xs text-amber-950 shadow-md"
                    data-testid="citation-callout"
                    role="note"
                  >
                    <p className="mb-1 font-semibold">
                      Cited on page {active.page}
                      {hasText ? "" : " (scanned page, text read by OCR)"}
                    </p>
                    <p className="italic">“{displayQuote(active.text)}”</p>
                  </div>
                )}
              </div>
            )}
          </Document>
        )}
      </div>
    </div>
  );
}
