import type { Route } from "./+types/api.logged_in_user[.]json";
import { requireApiUser } from "~/auth/require-org-member.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { getPrimaryOrganization } from "~/organizations/get-organization.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/** GET /api/logged_in_user.json → {success, errors, current_user:{avatar, username, email}, organization}. 401 JSON without a session. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    const organization = await getPrimaryOrganization(user.id);
    return ok({
      current_user: { avatar: user.avatar, username: user.username, email: user.email },
      organization: organization ? serializeOrganization(organization) : null,
    });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
