/**
 * PDF viewer for faxes, policies and the Fax Simulation preview. react-pdf (pdf.js) only runs in the
 * browser and is large, so it is loaded lazily inside <ClientOnly>; before JavaScript the page shows
 * an embedded <object> with a plain link to the PDF.
 */
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";

export interface PdfHighlight {
  /** 1-based page of the cited text */
  page: number;
  /** the quoted text to mark on that page */
  text: string;
  /** changes on every click so that clicking the same citation again re-focuses it */
  nonce: number;
}

export interface PdfViewerProps {
  /** URL of the PDF, or the chosen File (client-side preview) */
  file: string | File;
  /** controlled 1-based page (optional) */
  page?: number;
  onPageChange?: (page: number) => void;
  highlight?: PdfHighlight | null;
  /** link used before JavaScript loads; defaults to `file` when it is a URL */
  fallbackHref?: string;
  label?: string;
  className?: string;
}

const PdfViewerClient = lazy(() => import("./pdf-viewer.client"));

function Loading({ label }: { label: string }) {
  return (
    <div className="flex h-64 items-center justify-center rounded-md border border-slate-200 bg-slate-50 text-sm text-slate-500" role="status">
      <span className="mr-2 inline-block h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" aria-hidden="true" />
      Loading {label}…
    </div>
  );
}

export function PdfViewer(props: PdfViewerProps) {
  const href = props.fallbackHref ?? (typeof props.file === "string" ? props.file : undefined);
  const label = props.label ?? "document";
  return (
    <ClientOnly
      fallback={
        href ? (
          <div className={`rounded-md border border-slate-200 bg-white ${props.className ?? ""}`} data-testid="pdf-fallback">
            <object data={href} type="application/pdf" className="h-[70vh] w-full" aria-label={label}>
              <p className="p-4 text-sm text-slate-600">
                Your browser cannot show the PDF here.{" "}
                <a href={href} className="font-medium text-indigo-600 underline" target="_blank" rel="noreferrer">
                  Open the {label} (PDF)
                </a>
              </p>
            </object>
            <div className="border-t border-slate-200 px-3 py-2 text-right text-xs">
              <a href={href} className="font-medium text-indigo-600 hover:text-indigo-500" target="_blank" rel="noreferrer">
                Open PDF in a new tab
              </a>
            </div>
          </div>
        ) : (
          <Loading label={label} />
        )
      }
    >
      {() => (
        <Suspense fallback={<Loading label={label} />}>
          <PdfViewerClient {...props} />
        </Suspense>
      )}
    </ClientOnly>
  );
}
