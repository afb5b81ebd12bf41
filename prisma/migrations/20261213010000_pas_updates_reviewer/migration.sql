-- Issue 25: PAS cancellations withdraw a case; a reviewer's NPI and specialty (PAS
-- claimResponseReviewer).

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
