-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "public_demo" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "instance_admin" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "blogs" ADD COLUMN     "author_id" TEXT;

-- CreateIndex
CREATE INDEX "blogs_published_created_at_idx" ON "blogs"("published", "created_at");

-- AddForeignKey
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

