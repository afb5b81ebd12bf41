/**
 * The JSON side of the blog (PRODUCT-SPEC §7: GET /blogs/{blog_id}.json; PUT /blogs/{blog_id}
 * {title, description}), shared by its two route files.
 */
import { getUser } from "~/auth/session.server";
import { canWriteBlog, requireBlogWriter } from "~/auth/permissions.server";
import { requireSameOriginWrite } from "~/auth/cross-site.server";
import { getDatabase } from "~/lib/db.server";
import { fail, handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { BLOG_CREATE_FAILED, getBlog, updateBlog } from "./blogs.server";
import { isAppError } from "~/lib/errors";

/** GET: `{success, errors, blog}`; a draft or unknown post → 404 (drafts are shown to administrators). */
export async function blogJson(request: Request, idOrSlug: string | undefined): Promise<Response> {
  try {
    const admin = canWriteBlog(await getUser(request));
    return ok({ blog: await getBlog(await getDatabase(), idOrSlug ?? "", { includeDrafts: admin }) });
  } catch (err) {
    return handleApiError(err);
  }
}

/**
 * PUT: updates the post from JSON or form `{title, description, body?, published?}` → `{blog}`.
 * 401 without a session, 403 for a user who is not an instance administrator (or a cross-site
 * call), 404 unknown post, 422 `['Failed to create blog', reason...]` for invalid input.
 */
export async function putBlogJson(request: Request, idOrSlug: string | undefined): Promise<Response> {
  try {
    if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
    requireSameOriginWrite(request);
    requireBlogWriter(await getUser(request));
    const body = await readBody(request);
    return ok({ blog: await updateBlog(await getDatabase(), idOrSlug ?? "", body) });
  } catch (err) {
    if (isAppError(err) && err.code === "validation") return fail(err.status, [BLOG_CREATE_FAILED, err.message, ...err.details]);
    return handleApiError(err);
  }
}
