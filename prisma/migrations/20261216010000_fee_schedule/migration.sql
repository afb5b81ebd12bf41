-- A plan's fee schedule: per-code unit / frequency limits applied to claim lines (FORMAT.md manifest `fee_schedule`)
CREATE TABLE "fee_schedule_rows" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT,
    "units_amount" DOUBLE PRECISION NOT NULL,
    "period_days" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fee_schedule_rows_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "fee_schedule_rows_plan_id_code_key" ON "fee_schedule_rows"("plan_id", "code");
CREATE INDEX "fee_schedule_rows_organization_id_plan_id_idx" ON "fee_schedule_rows"("organization_id", "plan_id");

ALTER TABLE "fee_schedule_rows" ADD CONSTRAINT "fee_schedule_rows_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "fee_schedule_rows" ADD CONSTRAINT "fee_schedule_rows_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
