/**
 * Settings → Profile: the signed-in person's own name, email, roles in this organization and sign-in
 * history, and changing their display name (issue 24, item E: /settings/profile answered 404).
 */
import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { plainLabel } from "~/lib/plain-language";
import { isValidNpi } from "~/clinical/codes/npi";

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

/**
 * The profile form: the display name, and for a clinical reviewer the NPI (10 digits with a valid
 * Luhn check digit, CMS NPI standard 45 CFR 162.406) and specialty as a NUCC Health Care Provider
 * Taxonomy code (10 characters, e.g. 207R00000X) with its name. PAS responses state them for the
 * decisions the reviewer made (extension-claimResponseReviewer).
 */
export const ProfileInputSchema = z.object({
  username: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  npi: optional(10, "NPI").refine((v) => v === null || isValidNpi(v), "NPI must be 10 digits with a valid check digit"),
  specialty_code: optional(10, "Specialty code").refine(
    (v) => v === null || /^[0-9]{3}[0-9A-Z]{6}X$/.test(v),
    "Specialty code must be a NUCC taxonomy code (e.g. 207R00000X)",
  ),
  specialty_name: optional(200, "Specialty"),
});

export interface Profile {
  username: string;
  email: string;
  avatar: string | null;
  /** built-in roles held in this organization, plus the custom role's name */
  roles: string[];
  member_since: string;
  last_sign_in_at: string | null;
  npi: string | null;
  specialty_code: string | null;
  specialty_name: string | null;
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
    npi: u.npi,
    specialty_code: u.specialty_code,
    specialty_name: u.specialty_name,
  };
}

/**
 * Changes the display name, NPI and specialty of `userId` (ProfileInputSchema; throws ZodError when
 * invalid; empty NPI / specialty fields clear them). Returns the new name.
 */
export async function updateProfile(database: Database, userId: string, input: unknown): Promise<string> {
  const { username, npi, specialty_code, specialty_name } = ProfileInputSchema.parse(input);
  await database.prisma.user.update({ where: { id: userId }, data: { username, npi, specialty_code, specialty_name } });
  return username;
}
