import type { Route } from "./+types/$blogId";
import { blogJson, putBlogJson } from "~/blog/blog-api.server";

/**
 * GET /blogs/{id} → {success, errors, blog} (same as /blogs/{id}.json).
 * PUT /blogs/{id} JSON or form {title (required), description, body, published} → {blog};
 *   401 no session, 403 not an instance administrator, 404 unknown, 422 'Failed to create blog' + reasons.
 * Input schema: app/blog/blog-input.ts (BlogInputSchema).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return blogJson(request, params.blogId);
}

export function action({ request, params }: Route.ActionArgs) {
  return putBlogJson(request, params.blogId);
}
