-- Issue 25: SMART Backend Services for /fhir (client_credentials with a private_key_jwt assertion):
-- registered clients, used assertion jtis (replay protection) and issued access tokens (digests).

-- CreateTable
CREATE TABLE "smart_clients" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "jwks_url" TEXT,
    "jwks" JSONB,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" TEXT,
    "revoked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "smart_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "smart_assertion_jtis" (
    "id" TEXT NOT NULL,
    "smart_client_id" TEXT NOT NULL,
    "jti" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "smart_assertion_jtis_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "smart_access_tokens" (
    "id" TEXT NOT NULL,
    "smart_client_id" TEXT NOT NULL,
    "token_digest" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "smart_access_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "smart_clients_client_id_key" ON "smart_clients"("client_id");
CREATE INDEX "smart_clients_organization_id_idx" ON "smart_clients"("organization_id");
CREATE UNIQUE INDEX "smart_assertion_jtis_smart_client_id_jti_key" ON "smart_assertion_jtis"("smart_client_id", "jti");
CREATE INDEX "smart_assertion_jtis_expires_at_idx" ON "smart_assertion_jtis"("expires_at");
CREATE UNIQUE INDEX "smart_access_tokens_token_digest_key" ON "smart_access_tokens"("token_digest");
CREATE INDEX "smart_access_tokens_smart_client_id_idx" ON "smart_access_tokens"("smart_client_id");
CREATE INDEX "smart_access_tokens_expires_at_idx" ON "smart_access_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "smart_assertion_jtis" ADD CONSTRAINT "smart_assertion_jtis_smart_client_id_fkey" FOREIGN KEY ("smart_client_id") REFERENCES "smart_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "smart_access_tokens" ADD CONSTRAINT "smart_access_tokens_smart_client_id_fkey" FOREIGN KEY ("smart_client_id") REFERENCES "smart_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
