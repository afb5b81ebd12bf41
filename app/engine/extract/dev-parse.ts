/**
 * Dev-only fallback used by the extraction harness when the intake stage's ParsedDocument JSON
 * (/tmp/engine-text/cases/<id>.json) is not available: builds a ParsedDocument from a PDF using the
 * text layer (pdfjs) or, for image-only pages, tesseract.js OCR. Not used in production paths.
 */
import { createRequire } from "node:module";
import { loadPdfjs, pdfjsAssetPaths } from "../../documents/pdfjs.server";
import type { DocumentPageText, ParsedDocument, WordBox } from "../types";

interface RawWord { text: string; x: number; y: number; w: number; h: number }

/** Groups positioned words into reading-order lines and builds page text + word offsets. */
export function layoutWords(raw: RawWord[]): { text: string; words: WordBox[] } {
  const ws = raw.filter((w) => w.text.trim()).sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: RawWord[][] = [];
  for (const w of ws) {
    const cy = w.y + w.h / 2;
    const line = lines.find((l) => {
      const ref = l[0];
      return Math.abs(ref.y + ref.h / 2 - cy) < Math.max(2, Math.min(ref.h, w.h) * 0.5);
    });
    if (line) line.push(w);
    else lines.push([w]);
  }
  lines.sort((a, b) => a[0].y - b[0].y);
  let text = "";
  const words: WordBox[] = [];
  for (const l of lines) {
    l.sort((a, b) => a.x - b.x);
    let prevEnd: number | null = null;
    let lineText = "";
    for (const w of l) {
      if (prevEnd !== null) {
        const gap = w.x - prevEnd;
        const charW = w.w / Math.max(1, w.text.length);
        lineText += gap > charW * 2.5 ? "   " : " ";
      }
      const start = text.length + lineText.length;
      lineText += w.text;
      words.push({ text: w.text, start, end: start + w.text.length, x: w.x, y: w.y, w: w.w, h: w.h });
      prevEnd = w.x + w.w;
    }
    text += lineText + "\n";
  }
  return { text, words };
}

export async function parsePdfForDev(data: Uint8Array): Promise<ParsedDocument> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data, ...pdfjsAssetPaths } as never).promise;
  const pages: DocumentPageText[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let worker: any = null;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const vp1 = page.getViewport({ scale: 1 });
    const tc = await page.getTextContent();
    const raw: RawWord[] = [];
    for (const it of tc.items as { str: string; transform: number[]; width: number; height: number }[]) {
      if (!it.str || !it.str.trim()) continue;
      const fontH = Math.hypot(it.transform[2], it.transform[3]) || it.height || 10;
      const x0 = it.transform[4];
      const yTop = vp1.height - it.transform[5] - fontH;
      const cw = it.width / Math.max(1, it.str.length);
      const re = /\S+/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(it.str))) {
        raw.push({ text: m[0], x: x0 + m.index * cw, y: yTop, w: m[0].length * cw, h: fontH });
      }
    }
    if (raw.length > 5) {
      const { text, words } = layoutWords(raw);
      pages.push({ page: p, text, ocr: false, confidence: null, width: vp1.width, height: vp1.height, words });
      continue;
    }
    // OCR
    if (!worker) {
      const require = createRequire(import.meta.url);
      const { createWorker } = await import("tesseract.js");
      const langDir = require.resolve("@tesseract.js-data/eng/package.json").replace(/package\.json$/, "4.0.0");
      worker = await createWorker("eng", 1, { langPath: langDir, gzip: true } as never);
    }
    const { createCanvas } = await import("@napi-rs/canvas");
    const scale = 2.5;
    const vp = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
    await page.render({ canvasContext: canvas.getContext("2d") as never, viewport: vp, canvas: canvas as never } as never).promise;
    const { data: r } = await (worker as any).recognize(canvas.toBuffer("image/png"), {}, { blocks: true, text: true });
    const rw: RawWord[] = [];
    let confSum = 0;
    for (const b of r.blocks ?? []) for (const para of b.paragraphs) for (const line of para.lines) for (const w of line.words) {
      rw.push({ text: w.text, x: w.bbox.x0 / scale, y: w.bbox.y0 / scale, w: (w.bbox.x1 - w.bbox.x0) / scale, h: (w.bbox.y1 - w.bbox.y0) / scale });
      confSum += w.confidence;
    }
    const { text, words } = layoutWords(rw);
    pages.push({ page: p, text, ocr: true, confidence: rw.length ? confSum / rw.length / 100 : 0, width: vp1.width, height: vp1.height, words });
  }
  if (worker) await worker.terminate();
  return { page_count: doc.numPages, pages };
}
