-- AlterTable
ALTER TABLE "time_frame_extensions" ADD COLUMN     "claim_id" TEXT,
ALTER COLUMN "prior_auth_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "appeals" ADD COLUMN     "claim_id" TEXT,
ADD COLUMN     "service_request_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
ALTER COLUMN "prior_auth_id" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "time_frame_extensions_claim_id_key" ON "time_frame_extensions"("claim_id");

-- CreateIndex
CREATE INDEX "appeals_claim_id_idx" ON "appeals"("claim_id");

-- AddForeignKey
ALTER TABLE "time_frame_extensions" ADD CONSTRAINT "time_frame_extensions_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- An extension or appeal belongs to exactly one case: a prior auth or a medical claim.
ALTER TABLE "time_frame_extensions" ADD CONSTRAINT "time_frame_extensions_one_case" CHECK (num_nonnulls("prior_auth_id", "claim_id") = 1);
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_one_case" CHECK (num_nonnulls("prior_auth_id", "claim_id") = 1);
