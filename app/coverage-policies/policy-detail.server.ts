/**
 * One coverage policy with its plan and stored PDF, for the detail endpoint and page. Scoped like
 * every other coverage-policy function: another organization's (or plan's) policy is "not found".
 */
import type { Database } from "~/lib/db.server";
import { requirePlan } from "~/plans/manage-plans.server";
import { requireCoveragePolicy } from "./manage-coverage-policies.server";

/** `{ plan, policy }` where `policy.documents` lists the uploaded files (id, filename, kind). */
export async function getCoveragePolicyDetail(database: Database, organizationId: string, planId: string, policyId: string) {
  const plan = await requirePlan(database, organizationId, planId);
  await requireCoveragePolicy(database, organizationId, policyId, planId);
  const policy = await database.prisma.coveragePolicy.findUniqueOrThrow({
    where: { id: policyId },
    include: { documents: { select: { id: true, filename: true, kind: true } } },
  });
  return { plan, policy };
}
