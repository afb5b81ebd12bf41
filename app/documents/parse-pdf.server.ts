/**
 * PDF → ParsedDocument: per-page text in reading order with word boxes, from the PDF text layer
 * when it has one and from OCR (pdfjs render + tesseract.js) when it does not.
 *
 * Coordinates: every box is in PDF points (1/72 in) in the page's *displayed* orientation
 * (i.e. after /Rotate), with a top-left origin — the same space as pdfjs'
 * `page.getViewport({ scale: 1 })`, which is what a PDF viewer draws at 100 %.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { DocumentPageText, ParsedDocument } from "./types";
import { assemble, type Fragment } from "./layout";
import { getOcrEngine, OCR_PARALLELISM, terminateOcrWorker, type OcrBox, type OcrLine } from "./ocr.server";
import { ocrCacheKey, type OcrCache } from "./ocr-cache";
import { loadPdfjs, pdfjsAssetPaths } from "./pdfjs.server";
import { checkboxesFromComponents, checkboxMaxSide, vectorCheckboxes } from "./checkboxes";
import { despeckleAndCollect, estimateSkew, otsu, rgbaToGray, type Gray } from "./preprocess";

export { terminateOcrWorker };

/**
 * Why a document cannot be read. All are final for those bytes except `too_slow` (the reader used up
 * its time limit): that one may be load or a slow machine, so a job retries it with backoff
 * (`isRetryableDocumentError`) before it gives up.
 */
export type DocumentErrorCode = "not_pdf" | "encrypted" | "truncated" | "zero_pages" | "too_large" | "unreadable" | "too_slow";

const MESSAGES: Record<DocumentErrorCode, string> = {
  not_pdf: "The file is not a PDF.",
  encrypted: "The PDF is password-protected and cannot be read.",
  truncated: "The PDF is damaged or truncated.",
  zero_pages: "The PDF has no pages.",
  too_large: "The file is larger than the 25 MB limit.",
  unreadable: "The PDF could not be read.",
  too_slow: "The PDF is too complex to read in time.",
};

/** A document that cannot be parsed. `message` is safe to show to a user. */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;
  constructor(code: DocumentErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? MESSAGES[code], options);
    this.name = "DocumentError";
    this.code = code;
  }
}

/** True for a DocumentError (also one rebuilt from a thread's message) that a later attempt may get past: `too_slow`. */
export function isRetryableDocumentError(err: unknown): boolean {
  return err instanceof Error && err.name === "DocumentError" && (err as { code?: unknown }).code === "too_slow";
}

export interface ParseOptions {
  /** Reject files larger than this many bytes (default 25 MB = 25 * 1024 * 1024). */
  maxBytes?: number;
  /** OCR pages without a usable text layer (default true). When false such pages get empty text. */
  ocr?: boolean;
  /** Called after each page is done, with the 1-based page number and the page count. */
  onPage?: (page: number, total: number) => void;
  /** Render resolution for OCR in dots per inch (default 200, see DEFAULT_OCR_DPI). */
  ocrDpi?: number;
  /**
   * Where OCR results are looked up before and stored after recognising a page image (keyed by a
   * hash of the exact image and the engine, see ocr-cache.ts), so the same page is never OCR'd
   * twice. Absent: every OCR page is recognised. A failing cache is ignored (the page is OCR'd).
   */
  ocrCache?: OcrCache;
  /**
   * "native": Debian's tesseract where installed (about twice as fast), else tesseract.js; chosen
   * by the callers whose documents it reads at least as well (prior-auth faxes and policies: the
   * seven corpus sets decide and extract identically). "tesseract.js" (default): the WebAssembly
   * engine; CMS-1500 claim scans keep it, since native tesseract 5.3 misread a scanned place of
   * service ("11" as "i", claims set claim-026) that tesseract.js reads. OCR_ENGINE overrides.
   */
  ocrEngine?: "native" | "tesseract.js";
}

export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
/** A page whose text layer has fewer non-space characters than this is OCR'd. */
export const MIN_TEXT_CHARS = 20;
/**
 * Resolution scans are rendered at for OCR. Faxes are sent at 200 dpi (fine mode) or less, and
 * rendering above the source adds pixels, not information: at 200 dpi tesseract reads the
 * evaluation scans' fields as accurately as at 300 dpi in about 75% of the time (bench/ocr.ts).
 */
const DEFAULT_OCR_DPI = 200;

/**
 * Parse a PDF into per-page text.
 *
 * - `bytes`: the raw file (not modified; a copy is handed to pdfjs).
 * - Returns `{ page_count, pages }`, pages 1-based and in order. Text-layer pages have
 *   `ocr: false, confidence: null`; OCR pages have `ocr: true` and `confidence` 0..1 (mean word
 *   confidence). Page text is line by line ("\n" between visual lines, single spaces inside a
 *   line); every word has a WordBox with offsets into that text and a box in points (see top).
 * - Throws `DocumentError` (code `not_pdf`, `encrypted`, `truncated`, `zero_pages`, `too_large`,
 *   `unreadable`) for files that cannot be read; never lets a pdfjs/tesseract error escape raw.
 *   A single page whose text cannot be extracted is OCR'd from its rendered image (unless
 *   `ocr: false`); when that fails too it is kept with empty text and `error` saying why (never an
 *   empty page taken as read), and the rest of the document is returned.
 */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ParsedDocument> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!(bytes instanceof Uint8Array)) throw new DocumentError("unreadable");
  if (bytes.byteLength > maxBytes) {
    const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
    throw new DocumentError("too_large", `The file is larger than the ${mb} MB limit.`);
  }
  if (bytes.byteLength === 0 || !hasPdfMagic(bytes)) throw new DocumentError("not_pdf");
  const hasEof = hasEofMarker(bytes);

  const pdfjs = await loadPdfjs();
  let doc: PDFDocumentProxy;
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes), // pdfjs transfers/detaches its input
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    standardFontDataUrl: pdfjsAssetPaths.standardFontDataUrl,
    cMapUrl: pdfjsAssetPaths.cMapUrl,
    cMapPacked: true,
    wasmUrl: pdfjsAssetPaths.wasmUrl,
  });
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    throw classifyOpenError(err, bytes, hasEof);
  }

  try {
    const total = doc.numPages;
    if (!total || total < 1) throw new DocumentError(hasEof ? "zero_pages" : "truncated");
    const pages: DocumentPageText[] = new Array(total);
    let pageFailures = 0;
    // Pages are extracted by OCR_PARALLELISM + 1 lanes at once: text-layer pages are instant, OCR
    // pages recognise in parallel (one tesseract process or worker each), and the extra lane renders
    // and cleans up the next scanned page while they are busy, so that a slot freed by one page
    // starts on the next at once.
    let cursor = 1;
    const lane = async () => {
      while (cursor <= total) {
        const n = cursor++;
        let out: DocumentPageText;
        try {
          const page = await doc.getPage(n);
          try {
            out = await extractPage(page, n, opts);
          } finally {
            page.cleanup();
          }
        } catch (err) {
          if (err instanceof DocumentError) throw err;
          out = await recoverPage(doc, n, opts);
          // a render or OCR that failed once (a busy machine, a killed OCR process) is tried once more
          // before the page is called unreadable: a page left unread holds up the whole request
          if (out.error) out = await recoverPage(doc, n, opts);
          if (out.error) pageFailures++;
        }
        pages[n - 1] = out;
        opts.onPage?.(n, total);
      }
    };
    await Promise.all(Array.from({ length: Math.min(OCR_PARALLELISM + 1, total) }, lane));
    if (pageFailures === total) throw new DocumentError(hasEof ? "unreadable" : "truncated");
    if (total === 1 && !pages[0].text && (await pageTreeCount(bytes)) === 0) throw new DocumentError("zero_pages");
    // pages the page tree declares but pdfjs could not reach (a damaged page-tree entry): listed as
    // unread, never dropped without a word
    const declared = await declaredPageCount(bytes);
    for (let n = total + 1; declared != null && n <= declared; n++)
      pages.push({
        page: n,
        text: "",
        ocr: false,
        confidence: null,
        width: 0,
        height: 0,
        words: [],
        error: `${UNREADABLE_PAGE}: the PDF lists it, but it could not be found.`,
      });
    return { page_count: pages.length, pages };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/** The plain-language error of a page that could not be read (DocumentPageText.error). */
export const UNREADABLE_PAGE = "This page of the PDF is damaged: its text could not be read";

/**
 * A page whose text extraction threw (a damaged page object, content stream or font): read from
 * its rendered image by OCR when OCR is on and the page renders; otherwise (or when OCR finds no
 * text) an empty page carrying `error`, so callers never take it for a blank page that was read.
 */
async function recoverPage(doc: PDFDocumentProxy, n: number, opts: ParseOptions): Promise<DocumentPageText> {
  const unread = (why: string, width = 0, height = 0): DocumentPageText => ({
    page: n,
    text: "",
    ocr: false,
    confidence: null,
    width,
    height,
    words: [],
    error: `${UNREADABLE_PAGE}${why}.`,
  });
  if (opts.ocr === false) return unread(" (OCR is off)");
  let page: PDFPageProxy;
  try {
    page = await doc.getPage(n);
  } catch {
    return unread(", nor its image rendered for OCR");
  }
  const vp = page.getViewport({ scale: 1 });
  const [width, height] = [round2(vp.width), round2(vp.height)];
  try {
    const ocr = await ocrPage(page, opts.ocrDpi ?? DEFAULT_OCR_DPI, opts.ocrCache, opts.ocrEngine ?? "tesseract.js");
    if (!ocr.text.trim()) return unread(", and OCR of its image found no text", width, height);
    return { page: n, text: ocr.text, ocr: true, confidence: ocr.confidence, width, height, words: ocr.words };
  } catch {
    return unread(", nor its image rendered for OCR", width, height);
  } finally {
    page.cleanup();
  }
}

/**
 * The images OCR would read for each page of `bytes` (rendered at `dpi`, default 200, in the page's
 * own rotation, despeckled, checkboxes blanked), whether or not the page has a text layer: the same
 * pixels the engine gets, for benchmarks that time the engine alone. Grayscale, one byte a pixel.
 * @throws DocumentError when the PDF cannot be opened
 */
export async function pageImagesForOcr(bytes: Uint8Array, dpi = DEFAULT_OCR_DPI): Promise<Gray[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    cMapPacked: true,
    ...pdfjsAssetPaths,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    throw classifyOpenError(err, bytes, hasEofMarker(bytes));
  }
  try {
    const out: Gray[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      try {
        out.push((await preparePage(page, dpi, page.rotate)).gray);
      } finally {
        page.cleanup();
      }
    }
    return out;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

function hasPdfMagic(bytes: Uint8Array): boolean {
  // The header may be preceded by junk (the spec tolerates up to 1024 bytes).
  const head = latin1(bytes.subarray(0, Math.min(bytes.length, 1024)));
  return head.includes("%PDF-");
}

function hasEofMarker(bytes: Uint8Array): boolean {
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 32 * 1024)));
  return tail.includes("%%EOF");
}

function latin1(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1");
}

function classifyOpenError(err: unknown, bytes: Uint8Array, hasEof: boolean): DocumentError {
  const name = (err as { name?: string })?.name ?? "";
  const msg = String((err as { message?: string })?.message ?? err);
  if (name === "PasswordException" || /password/i.test(msg)) {
    return new DocumentError("encrypted", undefined, { cause: err });
  }
  if (latin1(bytes).includes("/Encrypt")) return new DocumentError("encrypted", undefined, { cause: err });
  if (!hasEof) return new DocumentError("truncated", undefined, { cause: err });
  if (/no pages|page count|Invalid page/i.test(msg)) return new DocumentError("zero_pages", undefined, { cause: err });
  if (name === "InvalidPDFException" || /Invalid PDF|xref|trailer/i.test(msg)) {
    return new DocumentError("truncated", undefined, { cause: err });
  }
  return new DocumentError("unreadable", undefined, { cause: err });
}

// ---------------------------------------------------------------------------------------------
// text layer

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

async function extractPage(page: PDFPageProxy, n: number, opts: ParseOptions): Promise<DocumentPageText> {
  const viewport = page.getViewport({ scale: 1 });
  const width = round2(viewport.width);
  const height = round2(viewport.height);
  const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
  let frags: Fragment[] = [];
  for (const it of content.items as TextItemLike[]) {
    if (!("str" in it) || !it.str || !it.str.trim()) continue;
    const f = itemToFragment(it, viewport.transform);
    if (f) frags.push(f);
  }
  // filled-in form values: FreeText annotations and form-field values are not in the text layer
  frags.push(...(await annotationFragments(page, viewport.transform, frags)));
  const pdfjs = await loadPdfjs();
  const ops = await page.getOperatorList();
  if (frags.length) {
    // checkboxes are vector paths (and sometimes an "X" glyph placed in the box)
    const markIdx: number[] = [];
    frags.forEach((f, i) => {
      if (/^\s*[xX\u2713\u2714\u2717\u2718\u25a0]\s*$/.test(f.text)) markIdx.push(i);
    });
    const { boxes, usedMarks } = vectorCheckboxes(
      ops.fnArray,
      ops.argsArray as unknown[][],
      pdfjs.OPS,
      viewport.transform,
      markIdx.map((i) => frags[i]),
    );
    if (boxes.length) {
      const drop = new Set([...usedMarks].map((k) => markIdx[k]));
      frags = frags.filter((_, i) => !drop.has(i));
      for (const b of boxes) frags.push({ text: b.checked ? "[X]" : "[ ]", x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, atomic: true });
    }
  }
  const layer = assemble(frags);
  // checkbox tokens alone do not make a usable text layer
  const chars = layer.text.replace(/\[X\]|\[ \]/g, "").replace(/\s+/g, "").length;
  if (chars >= MIN_TEXT_CHARS || opts.ocr === false) {
    return { page: n, text: layer.text, ocr: false, confidence: null, width, height, words: layer.words };
  }
  if (!mayHoldText(ops, pdfjs.OPS)) {
    // nothing drawn that could be text (no images, hardly any vector paths): a blank page
    return { page: n, text: layer.text, ocr: false, confidence: null, width, height, words: layer.words };
  }
  const ocr = await ocrPage(page, opts.ocrDpi ?? DEFAULT_OCR_DPI, opts.ocrCache, opts.ocrEngine ?? "tesseract.js");
  if (ocr.text.replace(/\s+/g, "").length < chars) {
    // OCR found less than the (short) text layer: keep the text layer
    return { page: n, text: layer.text, ocr: false, confidence: null, width, height, words: layer.words };
  }
  return { page: n, text: ocr.text, ocr: true, confidence: ocr.confidence, width, height, words: ocr.words };
}

interface AnnotationLike {
  subtype?: string;
  rect?: number[];
  contentsObj?: { str?: string };
  fieldType?: string;
  fieldValue?: unknown;
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  hidden?: boolean;
}

/**
 * Text a filler typed into the PDF: FreeText annotations ("typewriter" text placed on a form) and
 * AcroForm field values (text fields, choice fields, checked boxes as "[X]"), as fragments at their
 * rectangles, so they read in place with the form's labels. Multi-line values are spread over
 * their rectangle line by line. A value already printed in the text layer at the same place (a
 * flattened form) is not added twice. Never throws: a page whose annotations cannot be read keeps
 * its text layer.
 */
async function annotationFragments(page: PDFPageProxy, vt: number[], existing: Fragment[]): Promise<Fragment[]> {
  let anns: AnnotationLike[];
  try {
    anns = (await page.getAnnotations({ intent: "display" })) as AnnotationLike[];
  } catch {
    return [];
  }
  const out: Fragment[] = [];
  for (const a of anns) {
    if (!a.rect || a.rect.length !== 4 || a.hidden) continue;
    let value: string | null = null;
    if (a.subtype === "FreeText") value = a.contentsObj?.str ?? null;
    else if (a.subtype === "Widget") {
      if (a.checkBox || a.radioButton) {
        const on = a.fieldValue != null && a.fieldValue !== "Off" && (a.radioButton ? a.fieldValue === a.buttonValue : true);
        value = on ? "[X]" : a.checkBox ? "[ ]" : null;
      } else if (typeof a.fieldValue === "string") value = a.fieldValue;
      else if (Array.isArray(a.fieldValue)) value = a.fieldValue.filter((v) => typeof v === "string").join(", ");
    }
    if (!value || !value.trim()) continue;
    const [ax0, ay0, ax1, ay1] = a.rect;
    const pts = [
      [ax0, ay0],
      [ax1, ay1],
    ].map(([px, py]) => [vt[0] * px + vt[2] * py + vt[4], vt[1] * px + vt[3] * py + vt[5]]);
    const x0 = Math.min(pts[0][0], pts[1][0]);
    const x1 = Math.max(pts[0][0], pts[1][0]);
    const y0 = Math.min(pts[0][1], pts[1][1]);
    const y1 = Math.max(pts[0][1], pts[1][1]);
    if (![x0, x1, y0, y1].every(Number.isFinite) || x1 - x0 < 1 || y1 - y0 < 1) continue;
    const lines = value
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const clean = (t: string) => t.replace(/\s+/g, " ").trim();
    const printed = (t: string) => existing.some((f) => f.x0 < x1 && f.x1 > x0 && f.y0 < y1 && f.y1 > y0 && clean(f.text).includes(clean(t).slice(0, 40)));
    const lh = (y1 - y0) / Math.max(1, lines.length);
    lines.forEach((text, i) => {
      if (printed(text)) return;
      const top = y0 + i * lh;
      // one visual line's height at most, so a tall multi-line box does not swallow its neighbours' lines
      const h = Math.min(lh, 14);
      out.push({ text, x0, y0: top, x1, y1: top + h, atomic: text === "[X]" || text === "[ ]" });
    });
  }
  return out;
}

/** True when the page paints an image or enough vector paths to be outlined text. */
function mayHoldText(list: { fnArray: number[] }, OPS: Record<string, number>): boolean {
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  let paths = 0;
  for (const fn of list.fnArray) {
    if (imageOps.has(fn)) return true;
    if (fn === OPS.constructPath) paths++;
  }
  return paths >= 20;
}

/** Page count from pdf-lib's reading of the page tree (pdfjs invents a page for an empty tree). */
async function pageTreeCount(bytes: Uint8Array): Promise<number | null> {
  try {
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return doc.getPageCount();
  } catch {
    return null;
  }
}

/** The page count the root page tree declares (/Count), or null when unreadable or implausible (over 2,000). */
async function declaredPageCount(bytes: Uint8Array): Promise<number | null> {
  try {
    const { PDFDocument, PDFNumber } = await import("pdf-lib");
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const c = doc.catalog.Pages().Count();
    const v = c instanceof PDFNumber ? c.asNumber() : null;
    return v != null && Number.isInteger(v) && v > 0 && v <= 2000 ? v : null;
  } catch {
    return null;
  }
}

/** Axis-aligned box of a text run in viewport space (points, top-left origin). */
function itemToFragment(it: TextItemLike, vt: number[]): Fragment | null {
  const [a, b, c, d, e, f] = it.transform;
  const ulen = Math.hypot(a, b) || 1;
  const vlen = Math.hypot(c, d) || 1;
  const fontH = it.height || vlen;
  const dirx = a / ulen;
  const diry = b / ulen;
  const upx = c / vlen;
  const upy = d / vlen;
  const w = it.width;
  // baseline start, baseline end, top end, top start; plus a small descent below the baseline
  const desc = 0.22 * fontH;
  const asc = 0.9 * fontH;
  const pts: [number, number][] = [
    [e - upx * desc, f - upy * desc],
    [e + dirx * w - upx * desc, f + diry * w - upy * desc],
    [e + dirx * w + upx * asc, f + diry * w + upy * asc],
    [e + upx * asc, f + upy * asc],
  ];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [px, py] of pts) {
    const vx = vt[0] * px + vt[2] * py + vt[4];
    const vy = vt[1] * px + vt[3] * py + vt[5];
    x0 = Math.min(x0, vx);
    y0 = Math.min(y0, vy);
    x1 = Math.max(x1, vx);
    y1 = Math.max(y1, vy);
  }
  if (!Number.isFinite(x0 + y0 + x1 + y1)) return null;
  return { text: it.str, x0, y0, x1, y1 };
}

// ---------------------------------------------------------------------------------------------
// OCR

interface OcrPageResult {
  text: string;
  words: DocumentPageText["words"];
  confidence: number;
}

/** Below this mean confidence we suspect a wrong orientation and try the other ones. */
const LOW_CONFIDENCE = 0.55;

async function ocrPage(page: PDFPageProxy, dpi: number, cache: OcrCache | undefined, engine: "native" | "tesseract.js"): Promise<OcrPageResult> {
  const base = page.rotate;
  let best = await ocrAtRotation(page, dpi, base, cache, engine);
  // a blank scan (no words at all) is not helped by turning it
  if (best.confidence < LOW_CONFIDENCE && best.words.length > 0) {
    for (const extra of [180, 90, 270]) {
      const alt = await ocrAtRotation(page, dpi, (base + extra) % 360, cache, engine);
      if (alt.confidence > best.confidence) best = alt;
      if (best.confidence >= LOW_CONFIDENCE) break;
    }
  }
  return best;
}

/** A page rendered and cleaned up for OCR (main-thread work), ready for a tesseract worker. */
interface PreparedPage {
  gray: Gray;
  boxes: ReturnType<typeof checkboxesFromComponents>;
  slope: number;
  vp: ReturnType<PDFPageProxy["getViewport"]>;
  home: ReturnType<PDFPageProxy["getViewport"]>;
  dpi: number;
}

/** Rendering and clean-up run one page at a time (they share the main thread anyway). */
let prepareQueue: Promise<unknown> = Promise.resolve();

function preparePage(page: PDFPageProxy, dpi: number, rotation: number): Promise<PreparedPage> {
  const run = prepareQueue.then(() => preparePageNow(page, dpi, rotation));
  prepareQueue = run.catch(() => {});
  return run;
}

async function preparePageNow(page: PDFPageProxy, dpi: number, rotation: number): Promise<PreparedPage> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const scale = dpi / 72;
  const vp = page.getViewport({ scale, rotation });
  const home = page.getViewport({ scale: 1 });
  const W = Math.ceil(vp.width);
  const H = Math.ceil(vp.height);
  let gray: Gray;
  {
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, W, H);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport: vp,
    }).promise;
    // the canvas' own RGBA pixels (opaque page: no premultiplication), without getImageData's copy
    gray = rgbaToGray(canvas.data(), W, H);
  }
  const threshold = otsu(gray);
  // skew is only used to group OCR lines into rows; recognising a resampled (deskewed) image
  // measured worse than letting tesseract cope with the 0.3-1.5 degree tilt
  const skew = estimateSkew(gray, threshold);
  const slope = Math.tan((skew * Math.PI) / 180);
  // One connected-component pass: scanner speckle (dark components smaller than a full stop) is
  // erased, and checkbox-sized components are kept for the checkbox test. Checkboxes: read the
  // mark from the pixels, blank the box so tesseract does not turn it into "[J" / "x]", and put
  // "[X]" / "[ ]" in the text at its place.
  const comps = despeckleAndCollect(gray, threshold, Math.max(2, Math.round(8 * (dpi / 300) ** 2)), checkboxMaxSide(dpi));
  const boxes = checkboxesFromComponents(gray, threshold, dpi, comps);
  for (const b of boxes) {
    for (let y = Math.max(0, b.y0 - 2); y < Math.min(H, b.y1 + 2); y++) {
      gray.data.fill(255, y * W + Math.max(0, b.x0 - 2), y * W + Math.min(W, b.x1 + 2));
    }
  }
  return { gray, boxes, slope, vp, home, dpi };
}

/**
 * The row to cut a page image at for parallel recognition: the emptiest row (fewest dark pixels)
 * in the middle third, so that no line of text is cut. Null when the page is too small to split.
 */
function bandCut(g: Gray): number | null {
  if (g.height < 600) return null;
  const from = Math.floor(g.height / 3);
  const to = Math.floor((2 * g.height) / 3);
  let best = -1;
  let bestDark = Infinity;
  for (let y = from; y < to; y++) {
    let dark = 0;
    const row = y * g.width;
    for (let x = 0; x < g.width; x += 2) if (g.data[row + x] < 128) dark++;
    // prefer a run of empty rows: look at a 5-row window
    if (dark < bestDark) {
      bestDark = dark;
      best = y;
    }
    if (dark === 0) {
      let clear = true;
      for (let k = 1; k <= 4 && y + k < to && clear; k++) {
        const r2 = (y + k) * g.width;
        for (let x = 0; x < g.width; x += 2)
          if (g.data[r2 + x] < 128) {
            clear = false;
            break;
          }
      }
      if (clear) return y + 2;
    }
  }
  return best > 0 ? best : null;
}

/** `g` rows [y0, y1) as an image of its own. */
function band(g: Gray, y0: number, y1: number): Gray {
  return { data: g.data.subarray(y0 * g.width, y1 * g.width), width: g.width, height: y1 - y0 };
}

/** Shift every box of a recognition result down by `dy` pixels. */
function shiftLines(lines: OcrLine[], dy: number): OcrLine[] {
  const sh = (b: OcrBox) => ({ x0: b.x0, x1: b.x1, y0: b.y0 + dy, y1: b.y1 + dy });
  return lines.map((l) => ({ bbox: sh(l.bbox), words: l.words.map((w) => ({ ...w, bbox: sh(w.bbox) })) }));
}

/** tesseract page segmentation mode 3: fully automatic page segmentation, no orientation detection */
const PSM = 3;

/**
 * Recognise a page at `rotation`. With more than one OCR slot, the page image is cut in two at an
 * empty row and both halves are recognised at once, so a scan with an odd number of pages keeps
 * both cores busy to the end (tesseract time is ~90% of a scanned page's cost). The lines found are
 * cached by a hash of the image, the engine and the way it was cut (ocr-cache.ts).
 */
async function ocrAtRotation(
  page: PDFPageProxy,
  dpi: number,
  rotation: number,
  cache: OcrCache | undefined,
  preference: "native" | "tesseract.js",
): Promise<OcrPageResult> {
  const prepared = await preparePage(page, dpi, rotation);
  const engine = await getOcrEngine(preference);
  const g = prepared.gray;
  const cut = OCR_PARALLELISM > 1 ? bandCut(g) : null;
  const key = cache ? ocrCacheKey(g, `${engine.id};psm=${PSM};dpi=${Math.round(dpi)};cut=${cut ?? "none"}`) : "";
  let lines = cache ? await cache.get(key).catch(() => null) : null;
  if (!lines) {
    const recognize = (img: Gray) => engine.recognize(img, { psm: PSM, dpi });
    if (cut == null) lines = await recognize(g);
    else {
      const [top, bottom] = await Promise.all([recognize(band(g, 0, cut)), recognize(band(g, cut, g.height))]);
      lines = [...top, ...shiftLines(bottom, cut)];
    }
    if (cache) await cache.put(key, lines).catch(() => {});
  }
  return readResult(prepared, lines);
}

function readResult(prepared: PreparedPage, lines: OcrLine[]): OcrPageResult {
  const { boxes, slope, vp, home } = prepared;
  const W = prepared.gray.width;

  // pixel (in the rendered rotation) -> displayed page points
  const toHome = (px: number, py: number): [number, number] => {
    const [x, y] = vp.convertToPdfPoint(px, py) as [number, number];
    return home.convertToViewportPoint(x, y) as [number, number];
  };
  const boxToHome = (bb: OcrBox) => {
    const [ax, ay] = toHome(bb.x0, bb.y0);
    const [bx, by] = toHome(bb.x1, bb.y1);
    return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
  };

  // Group tesseract's lines into rows in the rendered (pixel) frame, using a de-skewed centre as
  // the grouping key, then map every word box to displayed page points.
  const frags: Fragment[] = [];
  let confSum = 0;
  let confN = 0;
  for (const l of lines) {
    const words = l.words.filter((w) => w.text.trim());
    if (!words.length) continue;
    for (const w of words) {
      confSum += w.confidence * w.text.length;
      confN += w.text.length;
    }
    // one fragment per word, all sharing the line's de-skewed key, so that checkbox tokens and
    // lines from other columns interleave by x
    const cx = (l.bbox.x0 + l.bbox.x1) / 2;
    const cy = (l.bbox.y0 + l.bbox.y1) / 2;
    const key = cy - slope * (cx - W / 2);
    const gh = l.bbox.y1 - l.bbox.y0;
    for (const w of words) frags.push({ text: w.text, ...w.bbox, key, gh, atomic: true });
  }
  for (const b of boxes) {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    frags.push({ text: b.checked ? "[X]" : "[ ]", x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, key: cy - slope * (cx - W / 2), atomic: true });
  }
  const { text, words } = assemble(frags);
  for (const w of words) {
    const bb = boxToHome({ x0: w.x, y0: w.y, x1: w.x + w.w, y1: w.y + w.h });
    w.x = round2(bb.x0);
    w.y = round2(bb.y0);
    w.w = round2(bb.x1 - bb.x0);
    w.h = round2(bb.y1 - bb.y0);
  }
  const confidence = confN ? Math.round((confSum / confN / 100) * 1000) / 1000 : 0;
  return { text, words, confidence };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
