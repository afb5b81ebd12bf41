import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { queueDecisionTree, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getDatabase } from "~/lib/db.server";

/**
 * POST .../plans/{plan}/coverage_policies/{token}/decision_tree → {job: {id, existing}, coverage_policy:
 * {token, tree_status: "queued"}}: queues (re)generation; a pending job for the policy is reused.
 */
const route = apiRoute({
  POST: {
    permission: "policies.edit",
    summary: "(Re)generate the decision tree",
    description: "Queues generation; a pending job for the policy is reused. The result arrives as a draft version (see versions).",
    tags: ["Coverage policies"],
    response: z.object({
      job: z.object({ id: z.string(), existing: z.boolean() }),
      coverage_policy: z.object({ token: z.string(), tree_status: z.literal("queued") }),
    }),
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      const job = await queueDecisionTree(database, organizationId, params.policyId!);
      return { job, coverage_policy: { token: params.policyId!, tree_status: "queued" } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
