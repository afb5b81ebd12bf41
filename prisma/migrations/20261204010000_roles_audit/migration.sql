-- Roles that mean something (issue 11): built-in roles on memberships, permissions on custom roles,
-- scopes and a creator on API keys, avatars stored by the app, and the append-only PHI access audit.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "avatar_image" BYTEA;

-- AlterTable
ALTER TABLE "roles" ADD COLUMN     "permissions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable: memberships.clinical_reviewer becomes the built-in "clinical_reviewer" role, keeping
-- every existing grant; owners are administrators (and keep the clinical sign-off they had).
ALTER TABLE "memberships" ADD COLUMN     "roles" TEXT[] DEFAULT ARRAY['reviewer']::TEXT[];
UPDATE "memberships" SET "roles" = CASE
  WHEN "owner" AND "clinical_reviewer" THEN ARRAY['administrator', 'clinical_reviewer']::TEXT[]
  WHEN "owner" THEN ARRAY['administrator']::TEXT[]
  WHEN "clinical_reviewer" THEN ARRAY['clinical_reviewer']::TEXT[]
  ELSE ARRAY['reviewer']::TEXT[]
END;
ALTER TABLE "memberships" DROP COLUMN "clinical_reviewer";

-- AlterTable: keys made before scopes existed keep what they could do then (read and work cases,
-- decide, edit plans and policies); a key has never been able to sign off a denial.
ALTER TABLE "api_keys" ADD COLUMN     "created_by_id" TEXT,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[];
UPDATE "api_keys" SET "scopes" = ARRAY['cases.read', 'cases.write', 'cases.decide', 'policies.edit']::TEXT[];

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "user_id" TEXT,
    "user_email" TEXT,
    "api_key_id" TEXT,
    "via" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "resource_type" TEXT,
    "resource_id" TEXT,
    "prior_auth_id" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_organization_id_created_at_idx" ON "audit_events"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_organization_id_prior_auth_id_idx" ON "audit_events"("organization_id", "prior_auth_id");

-- CreateIndex
CREATE INDEX "audit_events_organization_id_user_id_idx" ON "audit_events"("organization_id", "user_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Append-only: HIPAA audit records are never edited or removed by the application.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
