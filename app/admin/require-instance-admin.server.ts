/**
 * Instance administrators: the operators of this installation (not of one organization), named by
 * sign-in email in INSTANCE_ADMIN_EMAILS. Anyone else gets the same 404 as for a page that does not
 * exist, so the admin area does not reveal itself; a signed-out visitor is sent to sign in first.
 */
import type { User } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import { requireUser } from "~/auth/session.server";
import { notFoundResponse } from "~/auth/require-org-member.server";

/** True when `email` is listed in INSTANCE_ADMIN_EMAILS (case-insensitive). */
export function isInstanceAdmin(email: string, admins: readonly string[] = getEnv().INSTANCE_ADMIN_EMAILS): boolean {
  return admins.includes(email.trim().toLowerCase());
}

/** The signed-in instance administrator; throws a redirect to sign in, or a 404 Response. */
export async function requireInstanceAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!isInstanceAdmin(user.email)) throw notFoundResponse();
  return user;
}
