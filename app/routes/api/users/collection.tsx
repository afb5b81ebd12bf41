import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";
import { avatarUpload } from "~/team/avatar.server";
import { TeamMemberJsonSchema } from "~/team/team-api-schemas";
import { AddUserSchema } from "~/team/team-input";
import { addTeamMember, listTeamMembers } from "~/team/team-members.server";

/**
 * GET /api/o/{orgId}/users(.json) → {users: TeamMember[]} (any member or key).
 * POST /api/o/{orgId}/users {email, username, roles?: string[], avatar?: image file (multipart)}
 *   → 200 {user}; an invitation to sign in is emailed. Needs team.manage. 422 'Email is required',
 *   'Username is required', 'Avatar must be one image file ...'; 409 already a member; 403 for roles
 *   the caller may not grant (app/auth/role-grants.ts: only roles whose permissions they hold; the
 *   clinical reviewer role only from an administrator signed in as a person, never an API key).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List the team",
    tags: ["Team"],
    response: z.object({ users: z.array(TeamMemberJsonSchema) }),
    handler: async ({ organizationId }) => ({ users: await listTeamMembers(await getDatabase(), organizationId) }),
  },
  POST: {
    permission: "team.manage",
    summary: "Add a user",
    description:
      "Adds the person (creating the account when needed) with the given built-in roles and emails an invitation to sign in. The avatar, when sent (multipart), is resized to a square.",
    tags: ["Team"],
    requestBody: [
      { contentType: "application/json", schema: AddUserSchema },
      {
        contentType: "multipart/form-data",
        schema: AddUserSchema.extend({ avatar: z.string().optional().describe("image file (PNG, JPEG, GIF or WebP, at most 5 MB)") }),
      },
    ],
    response: z.object({ user: TeamMemberJsonSchema }),
    errors: {
      403: "Forbidden: a role the caller may not grant",
      409: "Already a member",
      413: "Avatar too large",
      422: "Email is required / Username is required / Avatar must be one image file",
    },
    async handler({ request, auth, organizationId }) {
      // Multipart (the avatar file) is read here; the fields are parsed with the one input schema.
      const body = await readBody(request);
      const input = AddUserSchema.parse(body);
      const avatar = await avatarUpload(body.avatar);
      const member = await addTeamMember(await getDatabase(), organizationId, { ...input, avatar }, { actor: auth, request });
      return { user: member };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
