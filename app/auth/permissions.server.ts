/**
 * Permission checks: the one place that says whether a caller (a signed-in member through a page or
 * /api, or an API key) may do something in an organization. Membership (require-org-member.server.ts)
 * decides whether the organization is visible at all (404 otherwise); this module decides what the
 * caller may do in it (403 otherwise). The matrix itself is data: app/auth/permission-matrix.ts.
 *
 * Usage (pages, /api routes, the apiRoute() helper, domain code):
 *
 *   const auth = await requireApiAuth(request, params.orgId, "cases.read"); // guard + check in one
 *   requirePermission(auth, "cases.decide");                              // a further check
 *   if (can(auth, "team.manage")) ...                                     // for UI decisions
 *
 * A member's permissions are the union of their built-in roles (owners are administrators) and their
 * custom role. An API key's are its scopes intersected with its creator's current permissions, so a
 * key never exceeds the person who made it and loses rights when that person does.
 *
 * Clinical sign-off: an adverse determination (a denial letter) must be signed off by a qualified
 * professional, e.g. 42 CFR 423.566(d) for Part D and state utilization-review laws. Here that is a
 * signed-in person holding the built-in clinical reviewer role. An API key never qualifies: it
 * names no person.
 */
import type { Database } from "~/lib/db.server";
import { isInstanceAdmin } from "~/admin/require-instance-admin.server";
import { AppError } from "~/lib/errors";
import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  RESERVED_PERMISSIONS,
  isPermission,
  permissionsOf,
  type Permission,
  type RouteRequirement,
} from "~/auth/permission-matrix";

export { PERMISSIONS, BUILT_IN_ROLES, type Permission, type RouteRequirement };

export const SIGN_OFF_FORBIDDEN = "A denial letter must be signed off by a signed-in clinical reviewer";

/** Anything that carries the caller's effective permissions (OrgContext, ApiContext). */
export interface PermissionHolder {
  permissions: ReadonlySet<Permission>;
  via?: "page" | "session" | "api_key" | "smart_client";
}

/** The message of a 403 for `permission`. */
export function forbiddenMessage(permission: Permission): string {
  if (permission === "denials.sign_off") return SIGN_OFF_FORBIDDEN;
  return `Forbidden: your role does not allow "${PERMISSIONS[permission].label}" (${permission})`;
}

/** True when the caller holds `permission` ("member" is always true for a caller who got this far). */
export function can(auth: PermissionHolder, permission: RouteRequirement): boolean {
  if (permission === "member") return true;
  // a key or a SMART client names no person: never a clinical sign-off
  if (permission === "denials.sign_off" && (auth.via === "api_key" || auth.via === "smart_client")) return false;
  return auth.permissions.has(permission);
}

/**
 * Throws AppError("forbidden") (403) unless the caller holds `permission`. The check used by pages,
 * /api routes and API keys alike; `auth` is what requireOrgMember / requireApiAuth returned.
 */
export function requirePermission(auth: PermissionHolder, permission: RouteRequirement): void {
  if (!can(auth, permission)) throw new AppError("forbidden", permission === "member" ? "Forbidden" : forbiddenMessage(permission));
}

/** Effective permissions of a membership row (with its custom role's permissions when loaded). */
export function membershipPermissions(membership: { owner: boolean; roles: string[]; role?: { permissions: string[] } | null }): Set<Permission> {
  return permissionsOf({ owner: membership.owner, roles: membership.roles, customRolePermissions: membership.role?.permissions ?? null });
}

/** The administrator's permissions without the reserved ones: the cap of a key with no known creator. */
const LEGACY_KEY_CAP = new Set<Permission>(BUILT_IN_ROLES.administrator.permissions);

/**
 * The effective permissions of an API key of `organizationId`: its scopes (unknown and reserved keys
 * dropped) intersected with its creator's current permissions in that organization (nothing when
 * the creator has left it). A key whose creator is unknown (made before creators were recorded) is
 * capped at the administrator's permissions.
 */
export async function apiKeyPermissions(
  database: Database,
  key: { scopes: string[]; created_by_id: string | null },
  organizationId: string,
): Promise<Set<Permission>> {
  const scopes = key.scopes.filter(isPermission).filter((p) => !RESERVED_PERMISSIONS.includes(p));
  let cap: Set<Permission> = LEGACY_KEY_CAP;
  if (key.created_by_id) {
    const membership = await findEffectiveMembership(database, organizationId, key.created_by_id);
    cap = membership ? membershipPermissions(membership) : new Set();
  }
  return new Set(scopes.filter((p) => cap.has(p)));
}

/**
 * The organizations whose membership opens `org`, itself first: a live organization only its own
 * (it holds PHI: a sandbox invitation must never reach it); a sandbox its own and its live parent's
 * (live members may try things out in their sandbox).
 */
export function accessOrganizationIds(org: { id: string; parent_id: string | null }): string[] {
  return org.parent_id ? [org.id, org.parent_id] : [org.id];
}

/**
 * The membership that governs `userId` in `organizationId`: that of the organization itself, else,
 * for a sandbox, that of its live parent (accessOrganizationIds: a sandbox membership never governs
 * the live organization), with the custom role's permissions. Null for a non-member.
 */
export async function findEffectiveMembership(database: Database, organizationId: string, userId: string) {
  const org = await database.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, parent_id: true } });
  if (!org) return null;
  const ids = accessOrganizationIds(org);
  const memberships = await database.prisma.membership.findMany({
    where: { user_id: userId, organization_id: { in: ids } },
    include: { role: { select: { permissions: true } }, user: { select: { id: true, username: true } } },
  });
  return memberships.find((m) => m.organization_id === organizationId) ?? memberships[0] ?? null;
}

/** True when this membership may sign off denial letters (holds the clinical reviewer role). */
export function canSignOffDenials(membership: { owner: boolean; roles: string[] } | null | undefined): boolean {
  return Boolean(membership && membershipPermissions(membership).has("denials.sign_off"));
}

/**
 * The signing clinician `{ id, username }` when `userId` is a clinical reviewer of `organizationId`
 * (membership of it, or of its live parent for a sandbox, as for access). Throws
 * AppError("forbidden", SIGN_OFF_FORBIDDEN) for no user (an API key call), a non-member, or a member
 * without the clinical reviewer role.
 */
export async function requireClinicalReviewer(database: Database, organizationId: string, userId: string | null): Promise<{ id: string; username: string }> {
  if (!userId) throw new AppError("forbidden", SIGN_OFF_FORBIDDEN);
  const membership = await findEffectiveMembership(database, organizationId, userId);
  if (!membership || !canSignOffDenials(membership)) throw new AppError("forbidden", SIGN_OFF_FORBIDDEN);
  return membership.user;
}

export const BLOG_WRITE_FORBIDDEN = "Only instance administrators can write blog posts";

/**
 * True when `user` may write the public blog: an instance administrator (isInstanceAdmin: the
 * `instance_admin` flag or INSTANCE_ADMIN_EMAILS). The blog is the instance's public face, not any
 * organization's data, so organization ownership does not qualify (anyone who registers owns an
 * organization).
 */
export function canWriteBlog(user: { email: string; instance_admin: boolean } | null | undefined): boolean {
  return isInstanceAdmin(user);
}

/**
 * The user when they may write the blog. Throws AppError("unauthorized") for no user and
 * AppError("forbidden", BLOG_WRITE_FORBIDDEN) for a signed-in user who is not an instance administrator.
 */
export function requireBlogWriter<U extends { email: string; instance_admin: boolean }>(user: U | null): U {
  if (!user) throw new AppError("unauthorized", "Sign in to write blog posts");
  if (!canWriteBlog(user)) throw new AppError("forbidden", BLOG_WRITE_FORBIDDEN);
  return user;
}
