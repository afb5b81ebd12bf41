import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { TeamMemberJsonSchema } from "~/team/team-api-schemas";
import { SetRolesSchema } from "~/team/team-input";
import { removeTeamMember, setMemberRoles } from "~/team/team-members.server";

/**
 * PATCH /api/o/{orgId}/users/{userId} {roles: string[], role_id?: string|null} → {user}: sets the
 *   built-in roles (reviewer, clinical_reviewer, policy_author, administrator) and the custom role.
 * DELETE /api/o/{orgId}/users/{userId} → {user: {id, email}}: removes the member (from the live
 *   organization and its sandbox). 403 'Owners cannot be deleted'; 404 not a member.
 * Both need team.manage, and the caller may only grant or take away roles whose permissions they
 * hold, never their own; the clinical reviewer role only as an administrator signed in as a person
 * (app/auth/role-grants.ts, applied in app/team). Every change is audited.
 */
const route = apiRoute({
  PATCH: {
    permission: "team.manage",
    summary: "Change a member's roles",
    tags: ["Team"],
    body: SetRolesSchema,
    response: z.object({ user: TeamMemberJsonSchema }),
    errors: { 403: "Forbidden: one's own roles, or a role the caller may not grant", 422: "Unknown role" },
    handler: async ({ request, auth, organizationId, params, body }) => ({
      user: await setMemberRoles(await getDatabase(), organizationId, params.userId!, body, { actor: auth, request }),
    }),
  },
  DELETE: {
    permission: "team.manage",
    summary: "Remove a member",
    tags: ["Team"],
    response: z.object({ user: z.object({ id: z.string(), email: z.string() }) }),
    errors: { 403: "Owners cannot be deleted" },
    handler: async ({ request, auth, organizationId, params }) => ({
      user: await removeTeamMember(await getDatabase(), organizationId, params.userId!, { actor: auth, request }),
    }),
  },
});
export const loader = route.loader;
export const action = route.action;
