import { getDatabase } from "~/lib/db.server";

/** An organization with both halves of its live/sandbox pair loaded, or null. */
export async function getOrganization(orgId: string) {
  const { prisma } = await getDatabase();
  return prisma.organization.findUnique({ where: { id: orgId }, include: { sandbox_organization: { select: { id: true } } } });
}

/**
 * The organization a user works in by default: their first live membership (else any), with its
 * sandbox loaded. Null when the user belongs to no organization.
 */
export async function getPrimaryOrganization(userId: string) {
  const { prisma } = await getDatabase();
  const membership = await prisma.membership.findFirst({
    where: { user_id: userId },
    orderBy: [{ organization: { sandbox: "asc" } }, { created_at: "asc" }],
    include: { organization: { include: { sandbox_organization: { select: { id: true } } } } },
  });
  return membership?.organization ?? null;
}
