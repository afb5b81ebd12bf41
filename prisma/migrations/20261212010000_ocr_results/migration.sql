-- CreateTable: OCR results by page-image hash (app/documents/ocr-cache.server.ts)
CREATE TABLE "ocr_results" (
    "organization_id" TEXT NOT NULL,
    "image_hash" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ocr_results_pkey" PRIMARY KEY ("organization_id","image_hash")
);

-- AddForeignKey
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
