-- Service lines a plan already paid, imported from its claims system: counted by the fee schedule's limits
CREATE TABLE "paid_claim_lines" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "modifiers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "units" DOUBLE PRECISION NOT NULL,
    "date_of_service" TEXT NOT NULL,
    "claim_reference" TEXT,
    "note" TEXT,
    "line_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "paid_claim_lines_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "paid_claim_lines_plan_id_line_key_key" ON "paid_claim_lines"("plan_id", "line_key");
CREATE INDEX "paid_claim_lines_organization_id_plan_id_member_id_code_idx" ON "paid_claim_lines"("organization_id", "plan_id", "member_id", "code");

ALTER TABLE "paid_claim_lines" ADD CONSTRAINT "paid_claim_lines_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "paid_claim_lines" ADD CONSTRAINT "paid_claim_lines_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
