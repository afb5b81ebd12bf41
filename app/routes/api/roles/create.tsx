import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { getPrimaryOrganization } from "~/organizations/get-organization.server";
import { createRole } from "~/team/roles.server";
import { RoleJsonSchema } from "~/team/team-api-schemas";
import { CreateRoleSchema } from "~/team/team-input";

/**
 * POST /api/roles {name, description, permissions?: string[], organization_id?} → {role, message:
 * 'Role created successfully'} (PRODUCT-SPEC §7). The organization is `organization_id`, else the
 * API key's, else the signed-in user's primary organization; the caller needs team.manage there
 * (403 otherwise, 404 for an organization they cannot see): the same guard and check as
 * POST /api/o/{org}/roles, applied once the organization is known.
 */
const route = apiRoute({
  auth: "any",
  POST: {
    summary: "Create a custom role (organization from the body, the key or the user)",
    description:
      "Same as POST /api/o/{orgId}/roles. Requires the `team.manage` permission in that organization (checked once the organization is resolved: 404 for one the caller cannot see, 403 without the permission).",
    tags: ["Team"],
    body: CreateRoleSchema,
    response: z.object({ role: RoleJsonSchema, message: z.string() }),
    errors: {
      403: "Forbidden: the caller lacks team.manage, or a permission the role would carry",
      409: "A role with this name already exists",
      422: "Name is required / Description is required / Unknown or reserved permission",
    },
    async handler({ request, auth, body }) {
      const orgId =
        body.organization_id || (auth.apiKey ? auth.apiKey.organization_id : auth.user ? (await getPrimaryOrganization(auth.user.id))?.id : undefined);
      const ctx = await requireApiAuth(request, orgId, "team.manage");
      const role = await createRole(await getDatabase(), ctx.organization.id, body, { actor: ctx, request });
      return { role, message: "Role created successfully" };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
