-- AlterTable: state of a plan's policy extraction job (polled by the plan page every 5 s)
ALTER TABLE "plans" ADD COLUMN     "extraction_started_at" TIMESTAMP(3),
ADD COLUMN     "extraction_error" TEXT;
