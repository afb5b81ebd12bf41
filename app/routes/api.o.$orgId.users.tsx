import type { Route } from "./+types/api.o.$orgId.users";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";
import { addTeamMember, listTeamMembers } from "~/team/team-members.server";
import { AddUserSchema } from "~/team/team-input";
import { avatarUpload } from "~/team/avatar.server";

/**
 * GET /api/o/{orgId}/users (also users.json) → {users: TeamMember[]} (any member or key).
 * POST /api/o/{orgId}/users {email, username, roles?: string[], avatar?: image file (multipart)}
 *   → 200 {user}; an invitation to sign in is emailed. Needs team.manage. 422 'Email is required',
 *   'Username is required', 'Avatar must be one image file ...'; 409 already a member.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ users: await listTeamMembers(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization, user } = await requireApiAuth(request, params.orgId, "team.manage");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const body = await readBody(request);
    const input = AddUserSchema.parse(body);
    const avatar = await avatarUpload(body.avatar);
    const member = await addTeamMember(await getDatabase(), organization.id, { ...input, avatar }, { invitedBy: user, origin: new URL(request.url).origin });
    return ok({ user: member });
  } catch (err) {
    return handleApiError(err);
  }
}
