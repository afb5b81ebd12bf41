-- AlterTable
ALTER TABLE "letters" ADD COLUMN     "claim_id" TEXT,
ADD COLUMN     "service_request_id" TEXT,
ALTER COLUMN "prior_auth_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "intake_step" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "patient_name" TEXT,
ADD COLUMN     "plan_id" TEXT,
ADD COLUMN     "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "request_date" TEXT;

-- AlterTable
ALTER TABLE "service_requests" ADD COLUMN     "category" TEXT,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "line_number" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "modifiers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "ordering_provider" TEXT,
ADD COLUMN     "place_of_service" TEXT,
ADD COLUMN     "rendering_provider" TEXT,
ADD COLUMN     "service_date_end" TEXT,
ADD COLUMN     "site_of_care" TEXT;

-- AlterTable
ALTER TABLE "service_decisions" ADD COLUMN     "citations" JSONB,
ADD COLUMN     "decision_tree_traversal" JSONB,
ADD COLUMN     "final_decision" TEXT,
ADD COLUMN     "signed_off_at" TIMESTAMP(3),
ADD COLUMN     "signed_off_by_id" TEXT,
ADD COLUMN     "user_id" TEXT;

-- CreateIndex
CREATE INDEX "letters_claim_id_idx" ON "letters"("claim_id");

-- CreateIndex
CREATE INDEX "service_decisions_service_request_id_idx" ON "service_decisions"("service_request_id");

-- AddForeignKey
ALTER TABLE "letters" ADD CONSTRAINT "letters_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

