-- Full-text side of hybrid retrieval as a stored column, so ranking does not re-parse every
-- candidate's text (the expression index of the init migration could filter but not rank cheaply).
-- Written by hand from tools/prisma-sql output: Prisma cannot express a generated column or a GIN index.
DROP INDEX IF EXISTS "document_chunks_text_fts_idx";

-- AlterTable
ALTER TABLE "document_chunks" ADD COLUMN "tsv" tsvector GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED;

-- CreateIndex
CREATE INDEX "document_chunks_tsv_idx" ON "document_chunks" USING gin ("tsv");
