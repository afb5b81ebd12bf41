/**
 * Who may grant what: the rule of the permission model that keeps team management from being a
 * path to more power. It applies to every change of a member's roles (adding a user with roles,
 * changing roles, removing a member) and to custom roles, whatever route the change comes through
 * (pages, /api with a session, /api with a key); app/team calls it before writing.
 *
 *  - nobody changes their own roles (or removes themselves);
 *  - nobody grants or takes away a role or a permission they do not hold themselves: every built-in
 *    role added or removed, and every permission of the custom role before and after, must be among
 *    the actor's permissions;
 *  - a role carrying a reserved permission (denial sign-off: the clinical reviewer) is granted or
 *    taken away only by an administrator who is a person (owner or built-in administrator role,
 *    signed in), never by an API key, whatever its scopes;
 *  - nobody creates or edits a custom role with a permission they do not hold.
 *
 * Pure (no database): the property test walks the whole roles × permissions × actors matrix.
 */
import { BUILT_IN_ROLES, PERMISSIONS, RESERVED_PERMISSIONS, isBuiltInRole, isPermission, type BuiltInRole, type Permission } from "~/auth/permission-matrix";

/** The caller of a role change, as the guards return it (OrgContext, ApiContext / ApiCaller). */
export interface RoleGrantor {
  via: string;
  user: { id: string } | null;
  membership: { owner: boolean; roles: readonly string[] } | null;
  permissions: ReadonlySet<Permission>;
}

/** A member's roles before or after a change: built-in roles and the custom role's permissions. */
export interface RoleAssignment {
  roles: readonly string[];
  /** The custom role (its id and permissions), or null for none. */
  customRole: { id: string; permissions: readonly string[] } | null;
}

export const SELF_ROLE_CHANGE_FORBIDDEN = "You cannot change your own roles";
export const SIGN_OFF_GRANT_FORBIDDEN = "Only an administrator, signed in as a person, can grant or remove the clinical reviewer role";

/** True when `grantor` is a signed-in person who is an owner or holds the built-in administrator role. */
export function isPersonAdministrator(grantor: RoleGrantor): boolean {
  if (grantor.via === "api_key" || !grantor.user || !grantor.membership) return false;
  return grantor.membership.owner || grantor.membership.roles.includes("administrator");
}

function missingMessage(what: string, permission: Permission): string {
  return `Forbidden: you cannot grant or remove ${what}, which includes "${PERMISSIONS[permission].label}" (${permission}), a permission you do not hold`;
}

/**
 * Why `grantor` may not grant or take away built-in role `role`, or null when they may.
 */
export function builtInRoleRefusal(grantor: RoleGrantor, role: BuiltInRole): string | null {
  if (reserves(role) && !isPersonAdministrator(grantor)) return SIGN_OFF_GRANT_FORBIDDEN;
  for (const permission of BUILT_IN_ROLES[role].permissions) {
    if (!RESERVED_PERMISSIONS.includes(permission) && !grantor.permissions.has(permission)) {
      return missingMessage(`the ${BUILT_IN_ROLES[role].label} role`, permission);
    }
  }
  return null;
}

/**
 * Why `grantor` may not create (or edit) a custom role with `permissions`, or null when they may:
 * every permission must be one they hold. Unknown and reserved keys are refused by the input schema
 * before this.
 */
export function customRolePermissionsRefusal(grantor: RoleGrantor, permissions: readonly string[]): string | null {
  for (const p of permissions) {
    if (!isPermission(p)) continue;
    if (RESERVED_PERMISSIONS.includes(p) || !grantor.permissions.has(p)) {
      return `Forbidden: a custom role cannot carry "${PERMISSIONS[p].label}" (${p}): you do not hold that permission`;
    }
  }
  return null;
}

/**
 * Why `grantor` may not change the roles of `targetUserId` (null: a user who does not exist yet)
 * from `before` (null: not a member yet; for a new member) to `after` (null: removed), or null
 * when they may. See the module comment for the rules.
 */
export function roleChangeRefusal(
  grantor: RoleGrantor,
  targetUserId: string | null,
  before: RoleAssignment | null,
  after: RoleAssignment | null,
): string | null {
  if (targetUserId && grantor.user?.id === targetUserId) return SELF_ROLE_CHANGE_FORBIDDEN;
  const was = new Set((before?.roles ?? []).filter(isBuiltInRole));
  const will = new Set((after?.roles ?? []).filter(isBuiltInRole));
  const changed = [...will].filter((r) => !was.has(r)).concat([...was].filter((r) => !will.has(r)));
  // Reserved roles first, so the answer names the rule that matters most.
  changed.sort((a, b) => Number(reserves(b)) - Number(reserves(a)));
  for (const role of changed) {
    const refusal = builtInRoleRefusal(grantor, role);
    if (refusal) return refusal;
  }
  if ((before?.customRole?.id ?? null) !== (after?.customRole?.id ?? null)) {
    for (const custom of [before?.customRole, after?.customRole]) {
      for (const p of custom?.permissions ?? []) {
        if (isPermission(p) && !RESERVED_PERMISSIONS.includes(p) && !grantor.permissions.has(p)) return missingMessage("this custom role", p);
      }
    }
  }
  return null;
}

function reserves(role: BuiltInRole): boolean {
  return BUILT_IN_ROLES[role].permissions.some((p) => RESERVED_PERMISSIONS.includes(p));
}
