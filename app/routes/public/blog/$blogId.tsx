import { Link } from "react-router";
import type { Route } from "./+types/$blogId";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { getBlog } from "~/blog/blogs.server";
import { formatPostDate } from "~/blog/format";
import { Markdown } from "~/blog/markdown";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell, ScheduleDemoLink } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `${data.blog.title} · PA Review blog` }, { name: "description", content: data.blog.description }] : [{ title: "Not found · PA Review" }];

/** GET /blog/{id or slug} — one post, its Markdown rendered safely; drafts only for administrators. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getPublicContext(request);
  const admin = ctx.user?.instance_admin === true;
  try {
    return { ctx, admin, blog: await getBlog(await getDatabase(), params.blogId, { includeDrafts: admin }) };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    throw err;
  }
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { ctx, admin, blog } = loaderData;
  return (
    <PublicShell ctx={ctx}>
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <Link to="/blog" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          ← All posts
        </Link>
        <header className="mt-6 border-b border-slate-200 pb-8">
          <p className="text-sm text-slate-500">
            <time dateTime={blog.created_at}>{formatPostDate(blog.created_at)}</time>
            {blog.author && <> · {blog.author.username}</>}
            {!blog.published && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Draft</span>}
          </p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl" data-testid="blog-title">
            {blog.title}
          </h1>
          {blog.description && <p className="mt-4 text-lg text-slate-600">{blog.description}</p>}
          {admin && (
            <Link
              to={`/blog/${blog.id}/edit`}
              className="mt-5 inline-block rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Edit post
            </Link>
          )}
        </header>
        <div className="mt-8" data-testid="blog-body">
          <Markdown>{blog.body}</Markdown>
        </div>
        <aside className="mt-14 rounded-2xl bg-indigo-50 p-6 sm:flex sm:items-center sm:justify-between sm:gap-6">
          <div>
            <p className="font-semibold text-slate-900">See it on a real fax</p>
            <p className="mt-1 text-sm text-slate-600">Run the agents on a synthetic prior authorization, no account needed.</p>
          </div>
          <div className="mt-4 flex shrink-0 gap-3 sm:mt-0">
            {ctx.demo_path && (
              <Link to={ctx.demo_path} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
                Open the demo
              </Link>
            )}
            <ScheduleDemoLink
              href={ctx.schedule_demo_url}
              className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
            />
          </div>
        </aside>
      </article>
    </PublicShell>
  );
}
