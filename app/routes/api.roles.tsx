import type { Route } from "./+types/api.roles";
import { bearerToken, requireApiAuth, requireApiUser } from "~/auth/require-org-member.server";
import { findActiveApiKey } from "~/auth/api-keys.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { getPrimaryOrganization } from "~/organizations/get-organization.server";
import { createRole } from "~/team/roles.server";
import { CreateRoleSchema } from "~/team/team-input";

/**
 * POST /api/roles {name, description, permissions?: string[], organization_id?} → {role, message:
 * 'Role created successfully'} (PRODUCT-SPEC §7). The organization is `organization_id`, else the
 * API key's, else the signed-in user's primary organization; the caller needs team.manage there
 * (403 otherwise, 404 for an organization they cannot see). Same as POST /api/o/{org}/roles.
 */
export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const input = CreateRoleSchema.parse(await readBody(request));
    const orgId = input.organization_id || (await defaultOrganizationId(request));
    const { organization } = await requireApiAuth(request, orgId, "team.manage");
    const role = await createRole(await getDatabase(), organization.id, input);
    return ok({ role, message: "Role created successfully" });
  } catch (err) {
    return handleApiError(err);
  }
}

async function defaultOrganizationId(request: Request): Promise<string | undefined> {
  const token = bearerToken(request);
  if (token !== null) return (token ? await findActiveApiKey(token) : null)?.organization_id;
  const user = await requireApiUser(request);
  return (await getPrimaryOrganization(user.id))?.id;
}

/** GET is not served → 405 JSON. */
export function loader() {
  return methodNotAllowed("POST");
}
