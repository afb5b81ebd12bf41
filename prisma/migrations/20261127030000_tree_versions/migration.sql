-- Decision-tree versions: every generation and edit is a snapshot; a case records the version that decided it.
ALTER TABLE "coverage_policies" ADD COLUMN "current_version" INTEGER;
ALTER TABLE "ai_decisions" ADD COLUMN "coverage_policy_version" INTEGER;

CREATE TABLE "coverage_policy_tree_versions" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "coverage_policy_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "tree" JSONB NOT NULL,
    "engine" TEXT,
    "model" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),
    CONSTRAINT "coverage_policy_tree_versions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "coverage_policy_tree_versions_coverage_policy_id_version_key" ON "coverage_policy_tree_versions"("coverage_policy_id", "version");
CREATE INDEX "coverage_policy_tree_versions_organization_id_idx" ON "coverage_policy_tree_versions"("organization_id");
ALTER TABLE "coverage_policy_tree_versions" ADD CONSTRAINT "coverage_policy_tree_versions_coverage_policy_id_fkey" FOREIGN KEY ("coverage_policy_id") REFERENCES "coverage_policies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
