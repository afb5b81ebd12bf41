-- Issue 25: PAS subscriptions (R4 Subscriptions Backport, rest-hook) and the last answer a PAS
-- submitter got, so a decision is notified once.

-- AlterTable
ALTER TABLE "epa_submissions" ADD COLUMN     "pas_answered" TEXT;

-- CreateTable
CREATE TABLE "fhir_subscriptions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "status" TEXT NOT NULL DEFAULT 'requested',
    "reason" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "org_identifier" TEXT NOT NULL,
    "headers" TEXT,
    "secret" TEXT NOT NULL,
    "resource" JSONB NOT NULL,
    "events_since_start" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "last_delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fhir_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fhir_subscriptions_organization_id_idx" ON "fhir_subscriptions"("organization_id");

-- AddForeignKey
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
