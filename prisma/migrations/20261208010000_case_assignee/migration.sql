-- AlterTable
ALTER TABLE "prior_auths" ADD COLUMN     "assignee_id" TEXT;

-- CreateIndex
CREATE INDEX "prior_auths_organization_id_assignee_id_idx" ON "prior_auths"("organization_id", "assignee_id");

-- AddForeignKey
ALTER TABLE "prior_auths" ADD CONSTRAINT "prior_auths_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

