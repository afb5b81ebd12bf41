/**
 * Team management (PRODUCT-SPEC §2 Settings "Team management", §6): the organization's members,
 * adding a user (which sends a sign-in invitation), removing one (never an owner) and changing roles.
 * Pages and /api call these; the guards check team.manage before, and these functions apply the
 * grant rules of the permission model (app/auth/role-grants.ts: nobody grants a role or permission
 * they do not hold, the clinical reviewer role only from a person who is an administrator, nobody
 * changes their own roles) and record every role change in the audit trail (app/audit).
 *
 * A live organization and its sandbox: membership of the live organization opens its sandbox too,
 * a sandbox membership opens the sandbox only (require-org-member.server.ts; live data is PHI). So
 * a team is the people who can open the organization (a sandbox's lists its live members too), and
 * changes made from a sandbox touch sandbox memberships only: removing a user from the live
 * organization removes them from both halves, from the sandbox only from the sandbox.
 */
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { getEnv } from "~/env.server";
import { sendEmail } from "~/auth/send-email.server";
import { BUILT_IN_ROLES, isBuiltInRole, permissionsOf, type BuiltInRole, type Permission } from "~/auth/permission-matrix";
import { accessOrganizationIds } from "~/auth/permissions.server";
import { roleChangeRefusal, type RoleAssignment, type RoleGrantor } from "~/auth/role-grants";
import { recordAuditEvent, type AuditActor } from "~/audit/record-audit-event.server";
import { avatarUrl, resizeAvatar } from "~/team/avatar.server";
import type { AddUserInput, SetRolesInput } from "~/team/team-input";

/** One row of the team list and of `GET /api/o/{org}/users` (spec §3 "User (team)"). */
export interface TeamMember {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  /** When the user joined this organization (their membership), ISO 8601. */
  created_at: string;
  last_sign_in_at: string | null;
  /** The last time any of their sessions was used, ISO 8601, or null when never signed in. */
  last_active_at: string | null;
  owner: boolean;
  roles: BuiltInRole[];
  role: { id: string; name: string } | null;
  permissions: Permission[];
}

/**
 * Who changes the team: the guard's context (OrgContext from a page, ApiContext / the apiRoute caller
 * from /api) and the request it came with (for the audit row).
 */
export interface TeamActor extends RoleGrantor {
  user: { id: string; email: string; username: string } | null;
  apiKey?: { id: string } | null;
}

/** Throws AppError("forbidden") unless `actor` may change `targetUserId`'s roles from `before` to `after`. */
function assertMayChangeRoles(actor: TeamActor, targetUserId: string | null, before: RoleAssignment | null, after: RoleAssignment | null): void {
  const refusal = roleChangeRefusal(actor, targetUserId, before, after);
  if (refusal) throw new AppError("forbidden", refusal);
}

/**
 * Records a role change (action "team.member_add", "team.roles_change", "team.member_remove") of
 * `target`: a user id, or the email of someone invited who has no account yet. Written before the
 * change, so a change never happens without its row.
 */
async function auditRoleChange(
  actor: TeamActor,
  request: Request,
  orgId: string,
  action: string,
  target: { userId: string } | { email: string },
): Promise<void> {
  const via: AuditActor["via"] = actor.via === "page" ? "page" : actor.via === "api_key" ? "api_key" : "session";
  await recordAuditEvent({ organization: { id: orgId }, user: actor.user, apiKey: actor.apiKey ?? null, via }, request, {
    action,
    resource_type: "userId" in target ? "user" : "invitation",
    resource_id: "userId" in target ? target.userId : target.email,
  });
}

/** The custom role `roleId` of `orgIds` with its permissions; null for none. Throws AppError("not_found") for another organization's. */
async function customRole(database: Database, orgIds: string[], roleId: string | null | undefined): Promise<RoleAssignment["customRole"]> {
  if (!roleId) return null;
  const role = await database.prisma.role.findFirst({ where: { id: roleId, organization_id: { in: orgIds } }, select: { id: true, permissions: true } });
  if (!role) throw new AppError("not_found", "Role not found");
  return role;
}

/**
 * The organizations that matter to `orgId`'s team: `access`, whose memberships open it (itself, and
 * for a sandbox its live parent: accessOrganizationIds); `write`, whose memberships a change made
 * here may touch (itself, and for a live organization its sandbox, never the live organization from
 * its sandbox); `live`, where custom roles are kept.
 */
async function teamScope(database: Database, orgId: string): Promise<{ access: string[]; write: string[]; live: string }> {
  const org = await database.prisma.organization.findUnique({
    where: { id: orgId },
    select: { id: true, parent_id: true, sandbox_organization: { select: { id: true } } },
  });
  if (!org) throw new AppError("not_found", "Not found");
  return {
    access: accessOrganizationIds(org),
    write: [org.id, org.sandbox_organization?.id].filter((x): x is string => Boolean(x)),
    live: org.parent_id ?? org.id,
  };
}

/** The people who can open `orgId` (its members; for a sandbox, its live parent's too), owners first, then by join date. */
export async function listTeamMembers(database: Database, orgId: string): Promise<TeamMember[]> {
  const ids = (await teamScope(database, orgId)).access;
  const rows = await database.prisma.membership.findMany({
    where: { organization_id: { in: ids } },
    include: { user: true, role: { select: { id: true, name: true, permissions: true } } },
    orderBy: [{ owner: "desc" }, { created_at: "asc" }],
  });
  // One row per user: the membership of this organization wins over the counterpart's.
  const byUser = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = byUser.get(row.user_id);
    if (!seen || (seen.organization_id !== orgId && row.organization_id === orgId)) byUser.set(row.user_id, row);
  }
  const userIds = [...byUser.keys()];
  const lastSeen = await database.prisma.session.groupBy({ by: ["user_id"], where: { user_id: { in: userIds } }, _max: { last_seen_at: true } });
  const seenBy = new Map(lastSeen.map((s) => [s.user_id, s._max.last_seen_at]));
  return [...byUser.values()].map((m) => ({
    id: m.user.id,
    username: m.user.username,
    email: m.user.email,
    avatar: m.user.avatar,
    created_at: m.created_at.toISOString(),
    last_sign_in_at: m.user.last_sign_in_at?.toISOString() ?? null,
    last_active_at: seenBy.get(m.user_id)?.toISOString() ?? null,
    owner: m.owner,
    roles: m.roles.filter(isBuiltInRole),
    role: m.role ? { id: m.role.id, name: m.role.name } : null,
    permissions: [...permissionsOf({ owner: m.owner, roles: m.roles, customRolePermissions: m.role?.permissions })],
  }));
}

/**
 * Adds a user to `orgId` and emails them a sign-in invitation. An unknown email becomes a new user
 * (username as given); a known one keeps their name. `avatar` (optional) is one image file, stored
 * resized (avatar.server.ts). Roles default to reviewer; `actor` must be allowed to grant them
 * (role-grants.ts) and the grant is audited ("team.member_add").
 * Returns the new member. Throws AppError("conflict", "<email> is already a member of this
 * organization"), AppError("validation") for a bad avatar, AppError("forbidden") for roles the actor
 * may not grant.
 */
export async function addTeamMember(
  database: Database,
  orgId: string,
  input: AddUserInput & { avatar?: Uint8Array | null },
  opts: { actor: TeamActor; request: Request },
): Promise<TeamMember> {
  const roles = input.roles && input.roles.length > 0 ? [...new Set(input.roles)] : ["reviewer"];
  assertMayChangeRoles(opts.actor, null, null, { roles, customRole: null });
  const ids = (await teamScope(database, orgId)).access;
  const email = input.email.toLowerCase();
  const avatar = input.avatar && input.avatar.byteLength > 0 ? await resizeAvatar(input.avatar) : null;
  const existing = await database.prisma.user.findUnique({
    where: { email },
    select: { id: true, memberships: { where: { organization_id: { in: ids } }, select: { id: true } } },
  });
  if (existing && existing.memberships.length > 0) throw new AppError("conflict", `${email} is already a member of this organization`);
  await auditRoleChange(opts.actor, opts.request, orgId, "team.member_add", existing ? { userId: existing.id } : { email });

  const organization = await database.prisma.$transaction(async (tx) => {
    const user = existing ? { id: existing.id } : await tx.user.create({ data: { email, username: input.username } });
    if (avatar) {
      const now = new Date();
      await tx.user.update({ where: { id: user.id }, data: { avatar_image: new Uint8Array(avatar), avatar: avatarUrl(user.id, now) } });
    }
    await tx.membership.create({ data: { user_id: user.id, organization_id: orgId, roles } });
    return tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { id: true, name: true, sandbox: true } });
  });

  const base = (getEnv().APP_URL ?? new URL(opts.request.url).origin).replace(/\/+$/, "");
  const link = `${base}/continue?redirect_to=${encodeURIComponent(`/o/${organization.id}/prior-auths`)}`;
  const inviter = opts.actor.user?.username ?? "An administrator";
  const roleNames = roles.map((r) => (isBuiltInRole(r) ? BUILT_IN_ROLES[r].label : r)).join(", ");
  await sendEmail({
    to: email,
    kind: "invitation",
    subject: `You have been invited to ${organization.name} on PA Review`,
    text:
      `${inviter} added you to ${organization.name}${organization.sandbox ? " (sandbox)" : ""} on PA Review as ${roleNames}.\n\n` +
      `Sign in with this email address (${email}) at:\n${link}\n\n` +
      `We will email you a 6-digit sign-in code; there is no password. If you did not expect this invitation, you can ignore it.`,
  });
  const member = (await listTeamMembers(database, orgId)).find((m) => m.email === email);
  if (!member) throw new AppError("internal", "The new member could not be read back");
  return member;
}

/**
 * Removes user `userId` from `orgId` (and, from a live organization, from its sandbox too). Throws
 * AppError("not_found") for someone who is not a member, AppError("forbidden") from a sandbox for
 * someone whose access comes from the live organization, AppError("forbidden", "Owners cannot be deleted") for an owner, and
 * AppError("forbidden") when `actor` may not take the member's roles away (role-grants.ts: e.g. a
 * clinical reviewer, or oneself). Audited ("team.member_remove").
 */
export async function removeTeamMember(
  database: Database,
  orgId: string,
  userId: string,
  opts: { actor: TeamActor; request: Request },
): Promise<{ id: string; email: string }> {
  const scope = await teamScope(database, orgId);
  const ids = scope.write;
  const memberships = await database.prisma.membership.findMany({
    where: { user_id: userId, organization_id: { in: ids } },
    include: { user: { select: { id: true, email: true } }, role: { select: { id: true, permissions: true } } },
  });
  if (memberships.length === 0) {
    const viaLive = await database.prisma.membership.count({ where: { user_id: userId, organization_id: { in: scope.access } } });
    if (viaLive > 0) throw new AppError("forbidden", LIVE_MEMBER_FROM_SANDBOX);
    throw new AppError("not_found", "Not found");
  }
  if (memberships.some((m) => m.owner)) throw new AppError("forbidden", "Owners cannot be deleted");
  for (const m of memberships) assertMayChangeRoles(opts.actor, userId, { roles: m.roles, customRole: m.role }, null);
  await auditRoleChange(opts.actor, opts.request, orgId, "team.member_remove", { userId });
  await database.prisma.membership.deleteMany({ where: { user_id: userId, organization_id: { in: ids }, owner: false } });
  return memberships[0]!.user;
}

export const LIVE_MEMBER_FROM_SANDBOX = "This member belongs to the live organization: change their roles there";

/**
 * Sets the built-in roles and the custom role of member `userId` of `orgId` (their membership of
 * this organization, or, from a live organization, of its sandbox when that is the one they hold;
 * from a sandbox a live member's roles cannot change: AppError("forbidden")). Owners are always
 * administrators: their other roles can change, "administrator" stays. An empty list means
 * reviewer. `actor` must be allowed to make the change (role-grants.ts: not their own roles, only
 * roles and permissions they hold, the clinical reviewer role only as an administrator in person);
 * the change is audited ("team.roles_change").
 * Throws AppError("not_found") for a non-member or a custom role of another organization,
 * AppError("forbidden") for a change the actor may not make.
 */
export async function setMemberRoles(
  database: Database,
  orgId: string,
  userId: string,
  input: SetRolesInput,
  opts: { actor: TeamActor; request: Request },
): Promise<TeamMember> {
  const scope = await teamScope(database, orgId);
  const memberships = await database.prisma.membership.findMany({
    where: { user_id: userId, organization_id: { in: scope.write } },
    include: { role: { select: { id: true, permissions: true } } },
  });
  const membership = memberships.find((m) => m.organization_id === orgId) ?? memberships[0];
  if (!membership) {
    const viaLive = await database.prisma.membership.count({ where: { user_id: userId, organization_id: { in: scope.access } } });
    throw viaLive > 0 ? new AppError("forbidden", LIVE_MEMBER_FROM_SANDBOX) : new AppError("not_found", "Not found");
  }
  const newCustomRole = await customRole(database, [scope.live], input.role_id);
  let roles = [...new Set(input.roles.filter(isBuiltInRole))];
  if (membership.owner && !roles.includes("administrator")) roles.unshift("administrator");
  if (roles.length === 0) roles = ["reviewer"];
  assertMayChangeRoles(opts.actor, userId, { roles: membership.roles, customRole: membership.role }, { roles, customRole: newCustomRole });
  await auditRoleChange(opts.actor, opts.request, orgId, "team.roles_change", { userId });
  await database.prisma.membership.update({ where: { id: membership.id }, data: { roles, role_id: input.role_id ?? null } });
  const member = (await listTeamMembers(database, orgId)).find((m) => m.id === userId);
  if (!member) throw new AppError("not_found", "Not found");
  return member;
}
