import { Link } from "react-router";
import type { Route } from "./+types/new";
import { BlogForm } from "~/blog/blog-form";
import { requireBlogWriterPage, savePostedBlog } from "~/blog/blog-page-actions.server";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = () => [{ title: "New post · PA Review blog" }];

/** GET /blog/new — the create form, for instance administrators only (others: sign-in or 403). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBlogWriterPage(request);
  return { ctx: await getPublicContext(request) };
}

/** POST /blog/new — creates the post and redirects to it; 'Failed to create blog' with reasons otherwise. */
export function action({ request }: Route.ActionArgs) {
  return savePostedBlog(request, null);
}

export default function NewBlog({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PublicShell ctx={loaderData.ctx}>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Link to="/blog" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          ← All posts
        </Link>
        <h1 className="mt-4 mb-8 text-2xl font-semibold text-slate-900">New post</h1>
        <BlogForm blog={actionData?.values} errors={actionData?.errors} />
      </div>
    </PublicShell>
  );
}
