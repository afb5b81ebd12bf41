-- AlterTable
ALTER TABLE "letter_forms" ADD COLUMN     "is_default" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "drug_products" (
    "id" TEXT NOT NULL,
    "product_ndc" TEXT NOT NULL,
    "brand_name" TEXT NOT NULL,
    "generic_name" TEXT NOT NULL,
    "dosage_form" TEXT,
    "route" TEXT,
    "strength" TEXT,
    "source" TEXT NOT NULL DEFAULT 'fda',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "drug_products_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "drug_products_product_ndc_key" ON "drug_products"("product_ndc");

-- CreateIndex
CREATE INDEX "drug_products_brand_name_idx" ON "drug_products"("brand_name");

-- CreateIndex
CREATE INDEX "drug_products_generic_name_idx" ON "drug_products"("generic_name");

