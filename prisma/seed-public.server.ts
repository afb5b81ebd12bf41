/**
 * The public side of a fresh instance: the public demo organization (flagged `public_demo`, no
 * members, its own copy of the synthetic plan, roster, formulary and coverage policies with their
 * decision trees) and the two blog posts. Idempotent and independent of seedDemo: each part is
 * created only when missing, so an instance seeded before this existed gets it on the next seed.
 */
import type { Database } from "~/lib/db.server";
import { createPlan, importFormulary, importRoster } from "~/plans/manage-plans.server";
import { createCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { generatePolicyDecisionTree } from "~/coverage-policies/generate-decision-tree.server";
import { DEMO_FORMULARY, DEMO_PLAN, DEMO_POLICIES, DEMO_ROSTER } from "../fixtures/demo/catalog";
import { renderPolicyPdf } from "../fixtures/demo/render-fax.server";
import { SEED_POSTS } from "~/blog/seed-posts";

export const PUBLIC_DEMO_ORG_NAME = "Public demo (synthetic data)";

/**
 * Creates the public demo organization when none is flagged; its decision trees are generated
 * inline (the built-in engine takes a few seconds) so the demo works as soon as the server is up.
 * Returns the organization id.
 */
export async function seedPublicDemoOrganization(database: Database): Promise<string> {
  const p = database.prisma;
  const existing = await p.organization.findFirst({ where: { public_demo: true }, orderBy: { created_at: "asc" } });
  if (existing) return existing.id;
  const org = await p.organization.create({ data: { name: PUBLIC_DEMO_ORG_NAME, title: DEMO_PLAN.organization, public_demo: true } });
  const plan = await createPlan(database, org.id, { ...DEMO_PLAN, document_type: "pharmacy", is_active: true });
  await importRoster(database, org.id, plan.id, DEMO_ROSTER);
  await importFormulary(database, org.id, plan.id, DEMO_FORMULARY);
  for (const policy of DEMO_POLICIES) {
    const row = await createCoveragePolicy(
      database,
      org.id,
      plan.id,
      { drug_name: policy.drug_names[0] ?? policy.title, drugs_list: policy.drug_names, external_id: policy.id },
      { bytes: await renderPolicyPdf(policy), filename: policy.file },
      { generateTree: false },
    );
    await generatePolicyDecisionTree(database, row.id);
  }
  return org.id;
}

/** Creates the SEED_POSTS that are missing (by slug), authored by `authorId` when given. Returns how many were created. */
export async function seedBlogPosts(database: Database, authorId: string | null = null): Promise<number> {
  let created = 0;
  for (const post of SEED_POSTS) {
    const exists = await database.prisma.blog.findUnique({ where: { slug: post.slug }, select: { id: true } });
    if (exists) continue;
    await database.prisma.blog.create({ data: { ...post, published: true, author_id: authorId } });
    created++;
  }
  return created;
}

/**
 * Both of the above; returns a one-line summary. `instanceAdminEmail` (the local quick start's demo
 * user) is made an instance administrator so the blog editor can be tried; on a real deployment use
 * `npx tsx scripts/instance-admin.ts <email>` instead.
 */
export async function seedPublic(database: Database, opts: { blogAuthorEmail?: string; instanceAdminEmail?: string } = {}): Promise<string> {
  const orgId = await seedPublicDemoOrganization(database);
  if (opts.instanceAdminEmail) await database.prisma.user.updateMany({ where: { email: opts.instanceAdminEmail }, data: { instance_admin: true } });
  const author = opts.blogAuthorEmail ? await database.prisma.user.findUnique({ where: { email: opts.blogAuthorEmail }, select: { id: true } }) : null;
  const posts = await seedBlogPosts(database, author?.id ?? null);
  return `public demo organization ${orgId} (/demo/${orgId}); ${posts} blog post(s) added`;
}
