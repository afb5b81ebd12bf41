-- AlterTable
ALTER TABLE "memberships" ADD COLUMN "clinical_reviewer" BOOLEAN NOT NULL DEFAULT false;

-- Owners could sign off denial letters before this permission existed; they keep that ability.
UPDATE "memberships" SET "clinical_reviewer" = true WHERE "owner" = true;
