-- Issue 25: PAS cancellations withdraw a case; a reviewer's NPI and specialty (PAS
-- claimResponseReviewer); FHIR Subscriptions (R4 Subscriptions Backport) of an organization.

-- AlterTable
ALTER TABLE "prior_auths" ADD COLUMN     "withdrawn_at" TIMESTAMP(3),
ADD COLUMN     "withdrawn_reason" TEXT;

-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "withdrawn_at" TIMESTAMP(3),
ADD COLUMN     "withdrawn_reason" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "npi" TEXT,
ADD COLUMN     "specialty_code" TEXT,
ADD COLUMN     "specialty_name" TEXT;

-- CreateTable
CREATE TABLE "fhir_subscriptions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "resource" JSONB NOT NULL,
    "endpoint" TEXT NOT NULL,
    "headers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'active',
    "events_sent" INTEGER NOT NULL DEFAULT 0,
    "api_key_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fhir_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fhir_subscriptions_organization_id_idx" ON "fhir_subscriptions"("organization_id");

-- AddForeignKey
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
