-- Webhook attempts (url, duration, job), endpoint updated_at, the /api request log, and the compendium catalogue.
-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "duration_ms" INTEGER,
ADD COLUMN     "job_id" TEXT,
ADD COLUMN     "url" TEXT;

-- AlterTable
ALTER TABLE "compendium_integrations" ADD COLUMN     "access_key_hint" TEXT;

-- CreateTable
CREATE TABLE "api_logs" (
    "id" BIGSERIAL NOT NULL,
    "organization_id" TEXT,
    "api_key_id" TEXT,
    "user_id" TEXT,
    "via" TEXT NOT NULL DEFAULT 'anonymous',
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_logs_organization_id_created_at_idx" ON "api_logs"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "api_logs_created_at_idx" ON "api_logs"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_endpoint_id_message_id_idx" ON "webhook_deliveries"("webhook_endpoint_id", "message_id");


-- The compendium catalogue (global, not per organization): the cards of the Compendiums page.
-- Sources: CMS Medicare Benefit Policy Manual ch. 15 §50.4.5 lists the recognized compendia.
INSERT INTO "compendia" ("id", "name", "description", "logo", "source_url") VALUES
  ('cmp_ahfs_di', 'AHFS Drug Information', 'American Society of Health-System Pharmacists'' evidence-based monographs; a CMS-recognized compendium for off-label anticancer use.', '/compendia/ahfs.svg', 'https://www.ahfsdruginformation.com/'),
  ('cmp_nccn', 'NCCN Drugs & Biologics Compendium', 'National Comprehensive Cancer Network recommendations for drugs and biologics in oncology, with categories of evidence.', '/compendia/nccn.svg', 'https://www.nccn.org/compendia-templates/compendia/drugs-and-biologics-compendia'),
  ('cmp_drugdex', 'Micromedex DRUGDEX', 'Merative Micromedex drug evaluations with strength-of-recommendation ratings for labeled and off-label indications.', '/compendia/drugdex.svg', 'https://www.micromedexsolutions.com/'),
  ('cmp_clinical_pharmacology', 'Clinical Pharmacology', 'Elsevier''s drug monographs with dosing, interactions and off-label uses.', '/compendia/clinical-pharmacology.svg', 'https://www.clinicalkey.com/pharmacology/'),
  ('cmp_lexi_drugs', 'Lexi-Drugs', 'Wolters Kluwer Lexicomp drug monographs: indications, dosing, contraindications and monitoring.', '/compendia/lexi-drugs.svg', 'https://www.wolterskluwer.com/en/solutions/lexicomp')
ON CONFLICT ("name") DO NOTHING;
