-- A request to run a keyed job again while it is running is kept on the running row, and the job
-- goes back to the queue when that attempt ends (issue 8, defect 11: re-runs were dropped).
ALTER TABLE "jobs" ADD COLUMN "rerun_requested" BOOLEAN NOT NULL DEFAULT false;
