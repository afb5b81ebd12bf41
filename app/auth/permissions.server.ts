/**
 * Permission checks that go beyond membership. Membership (require-org-member.server.ts) lets a
 * person or an API key see and work on an organization's cases; some acts need more.
 *
 * Clinical sign-off: an adverse determination (a denial letter) must be signed off by a qualified
 * professional, e.g. 42 CFR 423.566(d) for Part D and state utilization-review laws. Here that is a
 * signed-in person whose membership has `clinical_reviewer` (owners get it at organization creation).
 * An API key never qualifies: it names no person.
 */
import type { Membership } from "~/generated/prisma/client";
import type { Database } from "~/lib/db.server";
import { isInstanceAdmin } from "~/admin/require-instance-admin.server";
import { AppError } from "~/lib/errors";

export const SIGN_OFF_FORBIDDEN = "A denial letter must be signed off by a signed-in clinical reviewer";

/** True when this membership may sign off denial letters. */
export function canSignOffDenials(membership: Pick<Membership, "clinical_reviewer"> | null | undefined): boolean {
  return membership?.clinical_reviewer === true;
}

/**
 * The signing clinician `{ id, username }` when `userId` is a clinical reviewer of `organizationId`
 * (membership of it or of its live/sandbox counterpart, as for access). Throws
 * AppError("forbidden", SIGN_OFF_FORBIDDEN) for no user (an API key call), a non-member, or a member
 * without the permission.
 */
export async function requireClinicalReviewer(database: Database, organizationId: string, userId: string | null): Promise<{ id: string; username: string }> {
  if (!userId) throw new AppError("forbidden", SIGN_OFF_FORBIDDEN);
  const org = await database.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, parent_id: true, sandbox_organization: { select: { id: true } } } });
  const ids = [org?.id, org?.parent_id, org?.sandbox_organization?.id].filter((x): x is string => Boolean(x));
  const memberships = await database.prisma.membership.findMany({
    where: { user_id: userId, organization_id: { in: ids } },
    select: { organization_id: true, clinical_reviewer: true, user: { select: { id: true, username: true } } },
  });
  // The membership of the organization itself decides; the counterpart's only when there is none.
  const membership = memberships.find((m) => m.organization_id === organizationId) ?? memberships[0];
  if (!membership || !canSignOffDenials(membership)) throw new AppError("forbidden", SIGN_OFF_FORBIDDEN);
  return membership.user;
}

/**
 * The same rule as an /api route permission (`apiRoute({ POST: { permission: SIGN_OFF_DENIALS } })`):
 * a session whose membership may sign off; an API key never. The domain still checks (defence in depth).
 */
export const SIGN_OFF_DENIALS = {
  name: "sign_off_denials",
  message: SIGN_OFF_FORBIDDEN,
  check: (caller: { via: string; membership: Pick<Membership, "clinical_reviewer"> | null }) => caller.via === "session" && canSignOffDenials(caller.membership),
};
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
