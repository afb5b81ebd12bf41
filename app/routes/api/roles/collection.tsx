import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { BUILT_IN_ROLES, PERMISSIONS } from "~/auth/permission-matrix";
import { getDatabase } from "~/lib/db.server";
import { createRole, listRoles } from "~/team/roles.server";
import { RoleJsonSchema } from "~/team/team-api-schemas";
import { CreateRoleSchema } from "~/team/team-input";

/**
 * GET /api/o/{orgId}/roles → {roles (custom), built_in_roles, permissions}: the permission matrix as data.
 * POST /api/o/{orgId}/roles {name, description, permissions?: string[]} → {role, message: 'Role created successfully'}.
 *   Needs team.manage. 422 'Name is required', 'Description is required', reserved permission; 409 duplicate name.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "Roles and the permission matrix",
    tags: ["Team"],
    response: z.object({
      roles: z.array(RoleJsonSchema),
      built_in_roles: z.record(z.string(), z.object({ label: z.string(), description: z.string(), permissions: z.array(z.string()) })),
      permissions: z.record(z.string(), z.object({ label: z.string(), description: z.string() })),
    }),
    handler: async ({ organizationId }) => ({
      roles: await listRoles(await getDatabase(), organizationId),
      built_in_roles: BUILT_IN_ROLES,
      permissions: PERMISSIONS,
    }),
  },
  POST: {
    permission: "team.manage",
    summary: "Create a custom role",
    description: "A custom role may carry any permission but `denials.sign_off`, which belongs to the built-in clinical reviewer role only.",
    tags: ["Team"],
    body: CreateRoleSchema.omit({ organization_id: true }),
    response: z.object({ role: RoleJsonSchema, message: z.string() }),
    errors: {
      403: "Forbidden: a permission the caller does not hold",
      409: "A role with this name already exists",
      422: "Name is required / Description is required / Unknown or reserved permission",
    },
    handler: async ({ request, auth, organizationId, body }) => ({
      role: await createRole(await getDatabase(), organizationId, body, { actor: auth, request }),
      message: "Role created successfully",
    }),
  },
});
export const loader = route.loader;
export const action = route.action;
