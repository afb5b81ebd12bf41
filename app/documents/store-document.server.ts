/**
 * Storing files and their parsed text: Document rows (the bytes), DocumentPage rows (text + word
 * boxes per page) and DocumentChunk rows (passages with 384-dim embeddings for hybrid retrieval).
 */
import crypto from "node:crypto";
import type { Database } from "~/lib/db.server";
import { z } from "zod";
import { AppError } from "~/lib/errors";
import { toJson } from "~/lib/json";
import { uploadLimitBytes } from "~/lib/request-body";
import { fenced, type AttemptFence } from "~/queue/fence.server";
import { WordBoxSchema, type ParsedDocument } from "~/documents/types";
import { chunkDocument } from "~/documents/chunk";
import { embedTexts, toVectorLiteral } from "~/documents/embed";

export type DocumentKind = "fax" | "epa" | "policy" | "plan" | "letter" | "attachment";

export interface StoreDocumentInput {
  organization_id: string;
  kind: DocumentKind;
  filename: string;
  bytes: Uint8Array;
  content_type?: string;
  prior_auth_id?: string | null;
  claim_id?: string | null;
  coverage_policy_id?: string | null;
  plan_id?: string | null;
}

/** Bytes → 'application/pdf' check by magic number (%PDF-), the only format intake accepts. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/**
 * Checks a file before anything is written: PDFs only for kinds other than "epa" (checked by magic
 * number, not by name), at most maxBytes.
 * @throws AppError("validation", "Please upload a PDF file") for empty or non-PDF input and
 *   AppError("validation") when larger than maxBytes (default MAX_UPLOAD_MB, 25 MB)
 */
export function checkDocument(input: Pick<StoreDocumentInput, "kind" | "bytes">, maxBytes = uploadLimitBytes()): void {
  if (!input.bytes || input.bytes.byteLength === 0) throw new AppError("validation", "Please upload a PDF file");
  if (input.bytes.byteLength > maxBytes) {
    throw new AppError("validation", `The file is larger than the ${Math.round(maxBytes / 1048576)} MB limit.`);
  }
  if (input.kind !== "epa" && !looksLikePdf(input.bytes)) throw new AppError("validation", "Please upload a PDF file");
}

/**
 * Saves a file (see checkDocument for the checks and errors). `client` may be a transaction, so a
 * file and the record that owns it are created together or not at all.
 */
export async function storeDocument(
  database: Database,
  input: StoreDocumentInput,
  maxBytes = uploadLimitBytes(),
  client: Pick<Database["prisma"], "document"> = database.prisma,
) {
  checkDocument(input, maxBytes);
  return client.document.create({
    data: {
      organization_id: input.organization_id,
      kind: input.kind,
      filename: input.filename.slice(0, 255) || "document.pdf",
      content_type: input.content_type ?? (input.kind === "epa" ? "text/plain" : "application/pdf"),
      byte_size: input.bytes.byteLength,
      sha256: crypto.createHash("sha256").update(input.bytes).digest("hex"),
      data: new Uint8Array(input.bytes),
      prior_auth_id: input.prior_auth_id ?? null,
      claim_id: input.claim_id ?? null,
      coverage_policy_id: input.coverage_policy_id ?? null,
      plan_id: input.plan_id ?? null,
    },
  });
}

export type EmbedFn = (texts: string[]) => Promise<number[][]>;

/** The built-in lexical embedding as an async EmbedFn. */
export const builtinEmbed: EmbedFn = async (texts) => embedTexts(texts);

/**
 * Replaces a document's pages and chunks with `parsed` (idempotent: re-running intake leaves one
 * copy). Chunks are embedded with `embed` (built-in lexical by default; a model's 384-dim
 * embeddings when configured) and written with their pgvector embedding.
 * Everything is written in one transaction holding the document row's lock, so two runs indexing
 * the same document at once (a job attempt declared dead and its replacement) cannot interleave
 * into duplicate chunks; with `opts.fence` a superseded job attempt writes nothing
 * (StaleAttemptError, see app/queue/fence.server.ts).
 */
export async function indexDocument(
  database: Database,
  doc: { id: string; organization_id: string; prior_auth_id?: string | null; coverage_policy_id?: string | null },
  parsed: ParsedDocument,
  embed: EmbedFn = builtinEmbed,
  opts: { fence?: AttemptFence } = {},
) {
  const chunks = chunkDocument(parsed);
  const vectors = chunks.length ? await embed(chunks.map((c) => c.text)) : [];
  await fenced(database, opts.fence, async (tx) => {
    await tx.$queryRawUnsafe(`SELECT id FROM documents WHERE id = $1 FOR UPDATE`, doc.id);
    await tx.documentChunk.deleteMany({ where: { document_id: doc.id } });
    await tx.documentPage.deleteMany({ where: { document_id: doc.id } });
    await tx.documentPage.createMany({
      data: parsed.pages.map((p) => ({
        document_id: doc.id,
        page_number: p.page,
        text: p.text,
        ocr: p.ocr,
        confidence: p.confidence,
        width: p.width,
        height: p.height,
        words: toJson(p.words),
        error: p.error ?? null,
      })),
    });
    await tx.document.update({
      where: { id: doc.id },
      data: { page_count: parsed.page_count, status: "parsed", error: null },
    });
    // Chunks go in with raw SQL because Prisma cannot write the vector column.
    for (let i = 0; i < chunks.length; i += 200) {
      const batch = chunks.slice(i, i + 200);
      const params: unknown[] = [];
      const rows = batch.map((c, j) => {
        const base = params.length;
        params.push(
          crypto.randomUUID(),
          doc.organization_id,
          doc.id,
          doc.prior_auth_id ?? null,
          doc.coverage_policy_id ?? null,
          c.page,
          c.start,
          c.end,
          c.text,
          toVectorLiteral(vectors[i + j]),
        );
        return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 9}, $${base + 10}::vector)`;
      });
      await tx.$executeRawUnsafe(
        `insert into document_chunks (id, organization_id, document_id, prior_auth_id, coverage_policy_id, page_number, start_offset, end_offset, text, embedding)
         values ${rows.join(", ")}`,
        ...params,
      );
    }
  });
  return { pages: parsed.pages.length, chunks: chunks.length };
}

/** Marks a document failed with a user-visible error (bad PDF); other data stays as it was. */
export async function markDocumentFailed(database: Database, documentId: string, error: string, fence?: AttemptFence) {
  await fenced(database, fence, (tx) => tx.document.update({ where: { id: documentId }, data: { status: "failed", error } }));
}

/** document_pages.words as stored (a JSON column): the page's word boxes, or null. */
const StoredWordsSchema = z.array(WordBoxSchema).nullable();

/**
 * Loads a stored document's pages back into the engine's ParsedDocument shape.
 * @throws ZodError when a page's stored word boxes are not WordBox[] (corrupt row)
 */
export async function loadParsedDocument(database: Database, documentId: string): Promise<ParsedDocument | null> {
  const pages = await database.prisma.documentPage.findMany({ where: { document_id: documentId }, orderBy: { page_number: "asc" } });
  if (!pages.length) return null;
  return {
    page_count: pages.length,
    pages: pages.map((p) => ({
      page: p.page_number,
      text: p.text,
      ocr: p.ocr,
      confidence: p.confidence,
      width: p.width ?? 612,
      height: p.height ?? 792,
      words: StoredWordsSchema.parse(p.words) ?? [],
      ...(p.error ? { error: p.error } : {}),
    })),
  };
}
