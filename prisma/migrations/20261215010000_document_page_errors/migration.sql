-- A page the reader could not read (damaged, and OCR of its image found nothing) is kept with why
-- (app/documents/parse-pdf.server.ts), so the case shows it and the decision rules pend on it.
ALTER TABLE "document_pages" ADD COLUMN "error" TEXT;
