import type { Route } from "./+types/api.o.$orgId[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { handleApiError, ok } from "~/lib/http.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/** GET /api/o/{orgId}.json → {success, errors, organization}. Session of a member or an API key of this org; others 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ organization: serializeOrganization(organization) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
