-- A job's lane (issue 23, item 6): the tenant it works for, e.g. "org:<organization id>". The claim
-- prefers the due job whose lane has the fewest running jobs, so one organization's flood of jobs
-- (or of slow, hostile PDFs) cannot keep another organization's jobs waiting behind it.
-- NULL: a job of no tenant (webhook deliveries keep their own order, maintenance jobs).
ALTER TABLE "jobs" ADD COLUMN "lane" TEXT;

-- CreateIndex
CREATE INDEX "jobs_status_lane_idx" ON "jobs"("status", "lane");
