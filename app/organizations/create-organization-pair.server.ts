import type { Prisma } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/db.server";

type Tx = Prisma.TransactionClient;

/**
 * Creates a live organization and its sandbox (`sandbox: true`, `parent_id` = live id), with owner
 * memberships for `ownerUserId` in both (owners are clinical reviewers too, so the person who sets up
 * the workspace can sign off denial letters until they hand that to others). Pass `tx` to run inside a caller's transaction.
 * Returns `{ organization, sandbox }`.
 */
export async function createOrganizationPair(input: { name: string; title?: string | null; ownerUserId: string }, tx?: Tx) {
  const run = async (db: Tx) => {
    const organization = await db.organization.create({ data: { name: input.name, title: input.title ?? input.name } });
    const sandbox = await db.organization.create({
      data: { name: `${input.name} (Sandbox)`, title: input.title ?? input.name, sandbox: true, parent_id: organization.id },
    });
    await db.membership.createMany({
      data: [
        { user_id: input.ownerUserId, organization_id: organization.id, owner: true, roles: ["administrator", "clinical_reviewer"] },
        { user_id: input.ownerUserId, organization_id: sandbox.id, owner: true, roles: ["administrator", "clinical_reviewer"] },
      ],
    });
    return { organization, sandbox };
  };
  if (tx) return run(tx);
  const { prisma } = await getDatabase();
  return prisma.$transaction((t) => run(t));
}
