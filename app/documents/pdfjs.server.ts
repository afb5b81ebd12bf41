/**
 * Loads pdfjs-dist (legacy build, the one meant for Node) once per process, with its worker running
 * in the main thread (no worker_threads, no dynamic worker file lookup). This works the same under
 * `tsx`, plain Node and Vitest.
 */
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<PdfjsModule> | null = null;

/** pdfjs-dist's legacy module, with the in-process worker installed and logging silenced. */
export function loadPdfjs(): Promise<PdfjsModule> {
  if (!loading) {
    loading = (async () => {
      // @ts-expect-error -- the worker module ships without type declarations
      const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
      pdfjs.GlobalWorkerOptions.workerSrc ||= require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
      return pdfjs;
    })();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));

/** Directory URLs pdfjs needs in Node for standard fonts / CMaps (trailing slash required). */
export const pdfjsAssetPaths = {
  standardFontDataUrl: path.join(pdfjsRoot, "standard_fonts") + path.sep,
  cMapUrl: path.join(pdfjsRoot, "cmaps") + path.sep,
  wasmUrl: path.join(pdfjsRoot, "wasm") + path.sep,
};
