import type { Route } from "./+types/api.logged_in_user[.]json";
import { requireApiIdentity } from "~/auth/require-org-member.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { getPrimaryOrganization } from "~/organizations/get-organization.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/**
 * GET /api/logged_in_user.json → {success, errors, current_user:{avatar, username, email}, organization}.
 * With an API key (Bearer) the identity is the key: current_user {avatar: null, username: the key's
 * name, email: null, api_key: {token_prefix}} and the key's organization. 401 JSON without a session
 * or with a bad, unknown or revoked key.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const identity = await requireApiIdentity(request);
    if (identity.via === "api_key") {
      const { apiKey } = identity;
      return ok({
        current_user: { avatar: null, username: apiKey.name ?? "API key", email: null, api_key: { token_prefix: apiKey.token_prefix } },
        organization: serializeOrganization(identity.organization),
      });
    }
    const user = identity.user;
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
