/**
 * Custom roles (PRODUCT-SPEC §2 Settings "Permissions": create-role form with name and description;
 * §8 'Role created successfully'). A custom role adds permissions of the matrix
 * (app/auth/permission-matrix.ts) to a member's built-in roles; it can never carry the reserved
 * "denials.sign_off" (only the built-in clinical reviewer role may sign off a denial). Roles belong
 * to the live organization of a live/sandbox pair and apply to both halves.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { CUSTOM_ROLE_PERMISSIONS, type Permission } from "~/auth/permission-matrix";
import { customRolePermissionsRefusal } from "~/auth/role-grants";
import type { CreateRoleInput } from "~/team/team-input";
import type { TeamActor } from "~/team/team-members.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";

export interface RoleSummary {
  id: string;
  name: string;
  description: string;
  permissions: Permission[];
  member_count: number;
  created_at: string;
}

/** The live organization of `orgId`'s pair (roles are kept there). Throws AppError("not_found"). */
async function liveOrgId(database: Database, orgId: string): Promise<string> {
  const org = await database.prisma.organization.findUnique({ where: { id: orgId }, select: { id: true, parent_id: true } });
  if (!org) throw new AppError("not_found", "Not found");
  return org.parent_id ?? org.id;
}

/** The custom roles of `orgId`'s pair, by name. */
export async function listRoles(database: Database, orgId: string): Promise<RoleSummary[]> {
  const rows = await database.prisma.role.findMany({
    where: { organization_id: await liveOrgId(database, orgId) },
    include: { _count: { select: { memberships: true } } },
    orderBy: { name: "asc" },
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions.filter((p): p is Permission => (CUSTOM_ROLE_PERMISSIONS as readonly string[]).includes(p)),
    member_count: r._count.memberships,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * Creates a custom role on behalf of `actor`, who must hold every permission it carries
 * (role-grants.ts); audited ("role.create"). Throws AppError("forbidden") for a permission the
 * actor does not hold, AppError("conflict", 'A role named "<name>" already exists') for a
 * duplicate name (case-insensitive).
 */
export async function createRole(
  database: Database,
  orgId: string,
  input: Pick<CreateRoleInput, "name" | "description" | "permissions">,
  opts: { actor: TeamActor; request: Request },
): Promise<RoleSummary> {
  const refusal = customRolePermissionsRefusal(opts.actor, input.permissions ?? []);
  if (refusal) throw new AppError("forbidden", refusal);
  const organizationId = await liveOrgId(database, orgId);
  const clash = await database.prisma.role.findFirst({
    where: { organization_id: organizationId, name: { equals: input.name, mode: "insensitive" } },
    select: { id: true },
  });
  if (clash) throw new AppError("conflict", `A role named "${input.name}" already exists`);
  const permissions = [...new Set(input.permissions ?? [])].filter((p) => (CUSTOM_ROLE_PERMISSIONS as readonly string[]).includes(p));
  const { actor, request } = opts;
  const via = actor.via === "page" ? "page" : actor.via === "api_key" ? "api_key" : "session";
  await recordAuditEvent({ organization: { id: orgId }, user: actor.user, apiKey: actor.apiKey ?? null, via }, request, {
    action: "role.create",
    resource_type: "role",
    resource_id: input.name,
  });
  const row = await database.prisma.role.create({ data: { organization_id: organizationId, name: input.name, description: input.description, permissions } });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: permissions as Permission[],
    member_count: 0,
    created_at: row.created_at.toISOString(),
  };
}
