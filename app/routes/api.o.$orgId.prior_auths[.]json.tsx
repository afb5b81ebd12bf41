import type { Route } from "./+types/api.o.$orgId.prior_auths[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listPriorAuths } from "~/prior-auths/list-prior-auths.server";
import { ListQuerySchema } from "~/prior-auths/schemas";

/** GET /api/o/{orgId}/prior_auths.json?q=&page=&per_page=&sort=&dir= → {prior_auths, pagination}. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "cases.read");
    const query = ListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const result = await listPriorAuths(await getDatabase(), organization.id, { q: query.q, page: query.page, perPage: query.per_page, sort: query.sort, dir: query.dir });
    const totalPages = Math.max(1, Math.ceil(result.total / result.per_page));
    return ok({ prior_auths: result.prior_auths, pagination: { page: result.page, per_page: result.per_page, total: result.total, total_pages: totalPages } });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
