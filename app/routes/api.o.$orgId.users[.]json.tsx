import type { Route } from "./+types/api.o.$orgId.users[.]json";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { listTeamMembers } from "~/team/team-members.server";

/** GET /api/o/{orgId}/users.json → {users: TeamMember[]} (the spec's spelling of GET .../users). */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ users: await listTeamMembers(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
