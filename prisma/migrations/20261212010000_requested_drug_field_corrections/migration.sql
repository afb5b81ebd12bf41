-- Issue 24 items 1 and 6: the requested drug as written and whether the plan's formulary carries it;
-- reviewers' corrections of values read from a request (kept over every AI re-run).

-- AlterTable
ALTER TABLE "medication_requests" ADD COLUMN     "drug_name_as_written" TEXT,
ADD COLUMN     "on_formulary" BOOLEAN;

-- CreateTable
CREATE TABLE "field_corrections" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" TEXT,
    "previous_value" TEXT,
    "user_id" TEXT,
    "user_email" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_corrections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "field_corrections_prior_auth_id_created_at_idx" ON "field_corrections"("prior_auth_id", "created_at");

-- AddForeignKey
ALTER TABLE "field_corrections" ADD CONSTRAINT "field_corrections_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;
