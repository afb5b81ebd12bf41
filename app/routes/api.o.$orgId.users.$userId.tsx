import type { Route } from "./+types/api.o.$orgId.users.$userId";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { removeTeamMember, setMemberRoles } from "~/team/team-members.server";
import { SetRolesSchema } from "~/team/team-input";

/**
 * DELETE /api/o/{orgId}/users/{userId} → {user: {id, email}}: removes the member (from the live
 * organization and its sandbox). 403 'Owners cannot be deleted'; 404 not a member.
 * PATCH /api/o/{orgId}/users/{userId} {roles: string[], role_id?: string|null} → {user}: sets the
 * built-in roles (reviewer, clinical_reviewer, policy_author, administrator) and the custom role.
 * Both need team.manage.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "team.manage");
    const database = await getDatabase();
    if (request.method === "DELETE") return ok({ user: await removeTeamMember(database, organization.id, params.userId) });
    if (request.method === "PATCH") return ok({ user: await setMemberRoles(database, organization.id, params.userId, SetRolesSchema.parse(await readBody(request))) });
    return methodNotAllowed("PATCH, DELETE");
  } catch (err) {
    return handleApiError(err);
  }
}

/** GET is not served → 405 JSON (after the same auth as the real handlers). */
export function loader({ request, params }: Route.LoaderArgs) {
  return apiMethodNotAllowed(request, params.orgId, "PATCH, DELETE");
}
