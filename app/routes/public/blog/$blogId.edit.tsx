import { Link } from "react-router";
import type { Route } from "./+types/$blogId.edit";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { getBlog } from "~/blog/blogs.server";
import { BlogForm } from "~/blog/blog-form";
import { requireBlogWriterPage, savePostedBlog } from "~/blog/blog-page-actions.server";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = () => [{ title: "Edit post · PA Review blog" }];

/** GET /blog/{id}/edit — the edit form, for instance administrators only (others: sign-in or 403). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireBlogWriterPage(request);
  try {
    return { ctx: await getPublicContext(request), blog: await getBlog(await getDatabase(), params.blogId, { includeDrafts: true }) };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    throw err;
  }
}

/** POST /blog/{id}/edit — saves and redirects to the post; 'Failed to create blog' with reasons otherwise. */
export function action({ request, params }: Route.ActionArgs) {
  return savePostedBlog(request, params.blogId);
}

export default function EditBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { ctx, blog } = loaderData;
  return (
    <PublicShell ctx={ctx}>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Link to={`/blog/${blog.slug}`} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          ← Back to the post
        </Link>
        <h1 className="mt-4 mb-8 text-2xl font-semibold text-slate-900">Edit post</h1>
        <BlogForm blog={actionData?.values ?? blog} errors={actionData?.errors} />
      </div>
    </PublicShell>
  );
}
