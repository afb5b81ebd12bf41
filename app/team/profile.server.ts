/**
 * Settings → Profile: the signed-in person's own name, email, roles in this organization and sign-in
 * history, and changing their display name (issue 24, item E: /settings/profile answered 404).
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { plainLabel } from "~/lib/plain-language";

export const ProfileInputSchema = z.object({
  username: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
});

export interface Profile {
  username: string;
  email: string;
  avatar: string | null;
  /** built-in roles held in this organization, plus the custom role's name */
  roles: string[];
  member_since: string;
  last_sign_in_at: string | null;
}

/** The profile of `userId` as a member of `organizationId`. AppError not_found when not a member. */
export async function getProfile(database: Database, organizationId: string, userId: string): Promise<Profile> {
  const membership = await database.prisma.membership.findFirst({
    where: { organization_id: organizationId, user_id: userId },
    include: { user: true, role: { select: { name: true } } },
  });
  if (!membership) throw new AppError("not_found", "Not a member of this organization");
  const u = membership.user;
  return {
    username: u.username,
    email: u.email,
    avatar: u.avatar,
    roles: [...(membership.owner ? ["Owner"] : []), ...membership.roles.map(plainLabel), ...(membership.role ? [membership.role.name] : [])],
    member_since: membership.created_at.toISOString(),
    last_sign_in_at: u.last_sign_in_at?.toISOString() ?? null,
  };
}

/** Changes the display name of `userId` (ProfileInputSchema; throws ZodError when invalid). Returns the new name. */
export async function updateProfile(database: Database, userId: string, input: unknown): Promise<string> {
  const { username } = ProfileInputSchema.parse(input);
  await database.prisma.user.update({ where: { id: userId }, data: { username } });
  return username;
}
