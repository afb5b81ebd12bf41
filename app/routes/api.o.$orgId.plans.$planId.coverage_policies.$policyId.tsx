import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { deleteCoveragePolicy, requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getCoveragePolicyDetail } from "~/coverage-policies/policy-detail.server";
import { serializeCoveragePolicy } from "~/coverage-policies/serialize";
import { signDocumentUrl } from "~/documents/signed-url.server";
import { serializePlan } from "~/plans/manage-plans.server";

/** GET .../plans/{plan}/coverage_policies/{id} → {coverage_policy (with policy_text), plan}. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const { plan, policy } = await getCoveragePolicyDetail(await getDatabase(), organization.id, params.planId, params.policyId);
    return ok({ coverage_policy: serializeCoveragePolicy(policy, { signUrl: (id) => signDocumentUrl(id), withText: true }), plan: serializePlan(plan) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** DELETE .../plans/{plan}/coverage_policies/{token} → {coverage_policy: {token}} (also served as .../{token}.json, see app/routes.ts); 404 unknown / other org or plan. */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    await deleteCoveragePolicy(database, organization.id, params.policyId);
    return ok({ coverage_policy: { token: params.policyId } });
  } catch (err) {
    return handleApiError(err);
  }
}
