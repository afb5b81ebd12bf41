-- A case keeps every AI decision a reviewer decided on: a re-run adds a new AI decision beside the
-- one a human decision refers to, instead of replacing it (issue 8, defect 12).
DROP INDEX IF EXISTS "ai_decisions_prior_auth_id_key";
CREATE INDEX "ai_decisions_prior_auth_id_created_at_idx" ON "ai_decisions"("prior_auth_id", "created_at");
