-- CreateTable
CREATE TABLE "time_frame_extensions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "reason_kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "days" INTEGER NOT NULL,
    "previous_due_at" TIMESTAMP(3) NOT NULL,
    "new_due_at" TIMESTAMP(3) NOT NULL,
    "user_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_frame_extensions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appeals" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "prior_auth_id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL,
    "appellant" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "recorded_by_id" TEXT,
    "outcome" TEXT,
    "decision_reason" TEXT,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appeals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "time_frame_extensions_prior_auth_id_key" ON "time_frame_extensions"("prior_auth_id");

-- CreateIndex
CREATE INDEX "time_frame_extensions_organization_id_idx" ON "time_frame_extensions"("organization_id");

-- CreateIndex
CREATE INDEX "appeals_prior_auth_id_idx" ON "appeals"("prior_auth_id");

-- CreateIndex
CREATE INDEX "appeals_organization_id_received_at_idx" ON "appeals"("organization_id", "received_at");

-- AddForeignKey
ALTER TABLE "time_frame_extensions" ADD CONSTRAINT "time_frame_extensions_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_frame_extensions" ADD CONSTRAINT "time_frame_extensions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_prior_auth_id_fkey" FOREIGN KEY ("prior_auth_id") REFERENCES "prior_auths"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
