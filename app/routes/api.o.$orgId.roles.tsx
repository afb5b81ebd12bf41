import type { Route } from "./+types/api.o.$orgId.roles";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { createRole, listRoles } from "~/team/roles.server";
import { CreateRoleSchema } from "~/team/team-input";
import { BUILT_IN_ROLES, PERMISSIONS } from "~/auth/permission-matrix";

/**
 * GET /api/o/{orgId}/roles → {roles (custom), built_in_roles, permissions}: the permission matrix as data.
 * POST /api/o/{orgId}/roles {name, description, permissions?: string[]} → {role, message: 'Role created successfully'}.
 *   Needs team.manage. 422 'Name is required', 'Description is required', reserved permission; 409 duplicate name.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ roles: await listRoles(await getDatabase(), organization.id), built_in_roles: BUILT_IN_ROLES, permissions: PERMISSIONS });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "team.manage");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const role = await createRole(await getDatabase(), organization.id, CreateRoleSchema.parse(await readBody(request)));
    return ok({ role, message: "Role created successfully" });
  } catch (err) {
    return handleApiError(err);
  }
}
