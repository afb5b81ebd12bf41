/**
 * The public blog: posts are instance-wide (not organization data), readable by anyone when
 * published, written only by instance administrators (requireInstanceAdmin). A post is found by its
 * id or its slug, so /blog/{id} from the spec and readable /blog/{slug} links both work.
 */
import type { Blog, User } from "~/generated/prisma/client";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { BlogInputSchema, type BlogInput } from "./blog-input";

export const BLOG_CREATE_FAILED = "Failed to create blog";

/** A post as the API and pages show it (snake_case, ISO dates). */
export interface BlogJson {
  id: string;
  slug: string;
  title: string;
  description: string;
  body: string;
  published: boolean;
  author: { id: string; username: string } | null;
  created_at: string;
  updated_at: string;
}

type BlogRow = Blog & { author: Pick<User, "id" | "username"> | null };

/** BlogJson of a row with its author. */
export function serializeBlog(b: BlogRow): BlogJson {
  return {
    id: b.id,
    slug: b.slug,
    title: b.title,
    description: b.description,
    body: b.body,
    published: b.published,
    author: b.author ? { id: b.author.id, username: b.author.username } : null,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

const withAuthor = { author: { select: { id: true, username: true } } } as const;

/** Published posts, newest first (drafts too when `includeDrafts`, for administrators). */
export async function listBlogs(database: Database, opts: { includeDrafts?: boolean } = {}): Promise<BlogJson[]> {
  const rows = await database.prisma.blog.findMany({
    where: opts.includeDrafts ? {} : { published: true },
    orderBy: { created_at: "desc" },
    include: withAuthor,
    take: 200,
  });
  return rows.map(serializeBlog);
}

/**
 * The post with id or slug `idOrSlug`. A draft is only returned when `includeDrafts` (an
 * administrator); otherwise it is not found, like a post that does not exist.
 * Throws AppError("not_found").
 */
export async function getBlog(database: Database, idOrSlug: string, opts: { includeDrafts?: boolean } = {}): Promise<BlogJson> {
  // ids are cuids and slugs [a-z0-9-]: anything else (NUL, SQL, path pieces) is not a post
  if (!idOrSlug || !/^[A-Za-z0-9_-]{1,200}$/.test(idOrSlug)) throw new AppError("not_found", "Blog post not found");
  const row = await database.prisma.blog.findFirst({ where: { OR: [{ id: idOrSlug }, { slug: idOrSlug }] }, include: withAuthor });
  if (!row || (!row.published && !opts.includeDrafts)) throw new AppError("not_found", "Blog post not found");
  return serializeBlog(row);
}

/** URL slug of a title: "CMS-0057-F: what changes" → "cms-0057-f-what-changes" (at most 80 characters). */
export function slugify(title: string): string {
  const s = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return s || "post";
}

async function uniqueSlug(database: Database, title: string): Promise<string> {
  const base = slugify(title);
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await database.prisma.blog.findUnique({ where: { slug: candidate }, select: { id: true } }))) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * Creates a post by `authorId` from raw input (validated by BlogInputSchema; published unless said
 * otherwise). Throws AppError("validation") with the field messages ('Title is required').
 */
export async function createBlog(database: Database, authorId: string, input: unknown, opts: { slug?: string } = {}): Promise<BlogJson> {
  const data = parseBlogInput(input);
  const slug = opts.slug ?? (await uniqueSlug(database, data.title));
  const row = await database.prisma.blog.create({
    data: { slug, title: data.title, description: data.description, body: data.body, published: data.published ?? true, author_id: authorId },
    include: withAuthor,
  });
  return serializeBlog(row);
}

/**
 * Updates post `idOrSlug` (drafts included: only administrators call this). Fields absent from the
 * input keep their value except title, which is required. Throws AppError("not_found" | "validation").
 */
export async function updateBlog(database: Database, idOrSlug: string, input: unknown): Promise<BlogJson> {
  const existing = await getBlog(database, idOrSlug, { includeDrafts: true });
  const raw = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const data = parseBlogInput(input);
  const row = await database.prisma.blog.update({
    where: { id: existing.id },
    data: {
      title: data.title,
      ...(raw.description !== undefined ? { description: data.description } : {}),
      ...(raw.body !== undefined ? { body: data.body } : {}),
      ...(data.published !== undefined ? { published: data.published } : {}),
    },
    include: withAuthor,
  });
  return serializeBlog(row);
}

function parseBlogInput(input: unknown): BlogInput {
  const parsed = BlogInputSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => i.message);
    throw new AppError("validation", messages[0] ?? "Invalid blog post", { details: messages.slice(1) });
  }
  return parsed.data;
}
