/**
 * Contracts of the document layer (parsed PDFs, word boxes, citations), shared by the document
 * parser, retrieval, the clinical engine and the model path. Plain JSON data: stored in the
 * database, sent to a model as JSON, compared in evaluation. Pages are 1-based; offsets are UTF-16
 * code-unit offsets into `DocumentPageText.text`.
 */
import { z } from "zod";

/** One word with its box, in PDF user-space points with a top-left origin. */
export const WordBoxSchema = z.object({
  text: z.string(),
  /** offsets of this word inside the page text */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type WordBox = z.infer<typeof WordBoxSchema>;

export const DocumentPageTextSchema = z.object({
  page: z.number().int().min(1),
  text: z.string(),
  /** true when the text came from OCR instead of the PDF text layer */
  ocr: z.boolean(),
  /** mean OCR confidence 0..1, null for text-layer pages */
  confidence: z.number().nullable(),
  width: z.number(),
  height: z.number(),
  words: z.array(WordBoxSchema),
  /**
   * Why the page could not be read (the PDF page is damaged and OCR of its image found nothing):
   * plain words, safe to show. Such a page has empty text and must never be taken as read and
   * empty. Absent or null on every page that was read.
   */
  error: z.string().nullable().optional(),
});
export type DocumentPageText = z.infer<typeof DocumentPageTextSchema>;

export const ParsedDocumentSchema = z.object({
  page_count: z.number().int().min(0),
  pages: z.array(DocumentPageTextSchema),
});
export type ParsedDocument = z.infer<typeof ParsedDocumentSchema>;

/**
 * A pointer to the exact text an agent relied on: `text` is `pages[page-1].text.slice(start, end)`
 * of the named document ("fax" | "policy" | "epa" | a document id).
 */
export const CitationSchema = z
  .object({
    document: z.string().min(1),
    document_id: z.string().optional(),
    page: z.number().int().min(1),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    text: z.string(),
  })
  .refine((c) => c.end >= c.start, { message: "end must be >= start", path: ["end"] });
export type Citation = z.infer<typeof CitationSchema>;
