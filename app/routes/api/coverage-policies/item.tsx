import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { deleteCoveragePolicy, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getCoveragePolicyDetail } from "~/coverage-policies/policy-detail.server";
import { serializeCoveragePolicy } from "~/coverage-policies/serialize";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { getDatabase } from "~/lib/db.server";
import { serializePlan } from "~/plans/manage-plans.server";

/**
 * GET .../plans/{plan}/coverage_policies/{id}(.json) → {coverage_policy (with policy_text), plan}.
 * DELETE → {coverage_policy: {token}}; 404 unknown / other org or plan.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "A coverage policy (with its text)",
    tags: ["Coverage policies"],
    response: z.object({ coverage_policy: z.record(z.string(), z.unknown()), plan: z.record(z.string(), z.unknown()) }),
    async handler({ organizationId, params }) {
      const { plan, policy } = await getCoveragePolicyDetail(await getDatabase(), organizationId, params.planId!, params.policyId!);
      return { coverage_policy: serializeCoveragePolicy(policy, { signUrl: (id) => signDocumentUrl(id), withText: true }), plan: serializePlan(plan) };
    },
  },
  DELETE: {
    permission: "policies.edit",
    summary: "Delete a coverage policy",
    tags: ["Coverage policies"],
    response: z.object({ coverage_policy: z.object({ token: z.string() }) }),
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      await deleteCoveragePolicy(database, organizationId, params.policyId!);
      return { coverage_policy: { token: params.policyId! } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
