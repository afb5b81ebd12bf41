/**
 * The create and edit pages' server side, shared by their routes: who may open them, and turning
 * a posted form into a saved post or the 'Failed to create blog' errors.
 */
import { data, redirect } from "react-router";
import { getUser, requireUser } from "~/auth/session.server";
import { canWriteBlog } from "~/auth/permissions.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { readPageForm } from "~/lib/http.server";
import { BLOG_CREATE_FAILED, createBlog, updateBlog } from "./blogs.server";

/**
 * The signed-in instance administrator, else a redirect to sign-in (no session) or a thrown 403
 * page (signed in without the permission).
 */
export async function requireBlogWriterPage(request: Request) {
  const user = await requireUser(request);
  if (!canWriteBlog(user)) throw new Response("Only instance administrators can write blog posts", { status: 403, statusText: "Forbidden" });
  return user;
}

/** True when the request's user may write posts (for showing Edit / New post links). */
export async function mayWriteBlog(request: Request): Promise<boolean> {
  return canWriteBlog(await getUser(request));
}

/**
 * Saves the posted form as a new post (`idOrSlug` null) or over post `idOrSlug`, then redirects to
 * the post. A validation or database failure returns `{errors: ['Failed to create blog', ...reasons], values}`
 * with status 422 / 500 for the form to show.
 */
export async function savePostedBlog(request: Request, idOrSlug: string | null) {
  const user = await requireBlogWriterPage(request);
  const form = await readPageForm(request);
  const values = {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    body: String(form.get("body") ?? ""),
    published: form.getAll("published").includes("on") ? "on" : "off",
  };
  try {
    const database = await getDatabase();
    const blog = idOrSlug ? await updateBlog(database, idOrSlug, values) : await createBlog(database, user.id, values);
    return redirect(`/blog/${blog.slug}`);
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    if (!isAppError(err)) console.error("[blog] save failed:", err);
    const reasons = isAppError(err) ? [err.message, ...err.details] : ["An error occurred"];
    return data(
      { errors: [BLOG_CREATE_FAILED, ...reasons], values: { ...values, published: values.published === "on" } },
      { status: isAppError(err) ? err.status : 500 },
    );
  }
}
