-- CreateTable
CREATE TABLE "sign_in_codes" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "totp_digest" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "used_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_codes_totp_digest_key" ON "sign_in_codes"("totp_digest");

-- CreateIndex
CREATE INDEX "sign_in_codes_email_created_at_idx" ON "sign_in_codes"("email", "created_at");
