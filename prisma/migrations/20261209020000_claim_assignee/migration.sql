-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "assignee_id" TEXT,
ADD COLUMN     "due_at" TIMESTAMP(3),
ADD COLUMN     "urgency" TEXT NOT NULL DEFAULT 'standard';

-- CreateIndex
CREATE INDEX "claims_organization_id_assignee_id_idx" ON "claims"("organization_id", "assignee_id");

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
