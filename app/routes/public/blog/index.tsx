import { Link } from "react-router";
import type { Route } from "./+types/index";
import { getDatabase } from "~/lib/db.server";
import { listBlogs } from "~/blog/blogs.server";
import { formatPostDate } from "~/blog/format";
import { getPublicContext } from "~/public-site/public-context.server";
import { PublicShell } from "~/public-site/public-shell";

export const meta: Route.MetaFunction = () => [
  { title: "Blog · PA Review" },
  { name: "description", content: "Notes on prior authorization, coverage policies and auditable AI decisions." },
];

/** GET /blog — published posts, newest first (drafts too for instance administrators). */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getPublicContext(request);
  const admin = ctx.user?.instance_admin === true;
  return { ctx, admin, blogs: await listBlogs(await getDatabase(), { includeDrafts: admin }) };
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { ctx, admin, blogs } = loaderData;
  return (
    <PublicShell ctx={ctx}>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Blog</h1>
            <p className="mt-2 text-slate-600">How we think about prior authorization, coverage policies and decisions you can audit.</p>
          </div>
          {admin && (
            <Link to="/blog/new" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
              New post
            </Link>
          )}
        </div>
        {blogs.length === 0 ? (
          <p className="mt-12 rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">No posts yet.</p>
        ) : (
          <ul className="mt-10 divide-y divide-slate-200">
            {blogs.map((b) => (
              <li key={b.id} className="py-8">
                <article>
                  <p className="text-sm text-slate-500">
                    <time dateTime={b.created_at}>{formatPostDate(b.created_at)}</time>
                    {b.author && <> · {b.author.username}</>}
                    {!b.published && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Draft</span>}
                  </p>
                  <h2 className="mt-2 text-xl font-semibold text-slate-900">
                    <Link to={`/blog/${b.slug}`} className="hover:text-indigo-600">
                      {b.title}
                    </Link>
                  </h2>
                  {b.description && <p className="mt-2 text-slate-600">{b.description}</p>}
                  <Link to={`/blog/${b.slug}`} className="mt-3 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500">
                    Read the post →
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PublicShell>
  );
}
