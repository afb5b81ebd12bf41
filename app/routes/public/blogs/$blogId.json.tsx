import type { Route } from "./+types/$blogId.json";
import { blogJson } from "~/blog/blog-api.server";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /blogs/{id}.json → {success, errors, blog}; drafts and unknown ids → 404 JSON. */
export function loader({ request, params }: Route.LoaderArgs) {
  return blogJson(request, params.blogId);
}

/** Other methods → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
