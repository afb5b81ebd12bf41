/**
 * Instance administrators: the operators of this installation (not of one organization) — a user
 * flagged `users.instance_admin` (set by `npx tsx scripts/instance-admin.ts <email>`, and for the
 * quick start's demo user) or whose sign-in email is listed in INSTANCE_ADMIN_EMAILS. One rule for
 * the admin area (/chai-admins) and the public blog's editors. In the admin area anyone else gets
 * the same 404 as for a page that does not exist, so it does not reveal itself; a signed-out visitor
 * is sent to sign in first.
 */
import type { User } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import { requireUser } from "~/auth/session.server";
import { notFoundResponse } from "~/auth/require-org-member.server";

/** True when `user` is flagged instance_admin or their email is in INSTANCE_ADMIN_EMAILS (case-insensitive). */
export function isInstanceAdmin(
  user: { email: string; instance_admin?: boolean | null } | null | undefined,
  admins: readonly string[] = getEnv().INSTANCE_ADMIN_EMAILS,
): boolean {
  if (!user) return false;
  return user.instance_admin === true || admins.includes(user.email.trim().toLowerCase());
}

/** The signed-in instance administrator; throws a redirect to sign in, or a 404 Response. */
export async function requireInstanceAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isInstanceAdmin(user)) throw notFoundResponse();
  return user;
}
