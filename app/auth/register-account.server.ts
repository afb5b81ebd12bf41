import { AppError } from "~/lib/errors";
import { getDatabase } from "~/lib/db.server";
import { createOrganizationPair } from "~/organizations/create-organization-pair.server";
import { normalizeEmail } from "~/auth/sign-in.server";
import type { RegisterInput } from "~/auth/schemas";

export { RegisterSchema } from "~/auth/schemas";

/**
 * Creates a user and a live + sandbox organization pair they own (PRODUCT-SPEC §1 "The product has a
 * live and a sandbox organization"), in one transaction. Returns `{ user, organization, sandbox }`.
 * Throws AppError("conflict") when the email already has an account.
 */
export async function registerAccount(input: RegisterInput) {
  const { prisma } = await getDatabase();
  const email = normalizeEmail(input.email);
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("conflict", "An account with this email already exists. Sign in instead.");
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email, username: input.username } });
    const { organization, sandbox } = await createOrganizationPair({ name: input.organization_name, ownerUserId: user.id }, tx);
    return { user, organization, sandbox };
  });
}
