import type { Route } from "./+types/api.o.$orgId.plans.$planId.coverage_policies.$policyId.versions.$version";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getTreeVersion } from "~/coverage-policies/tree-versions.server";

/**
 * GET .../coverage_policies/{token}/versions/{n} → {version, status, source, summary, tree: {title,
 * drug_names, nodes, edges}, diff: {added, removed, changed: [{before, after, fields}], unchanged} | null,
 * against}: the version's tree and what differs from the published version (`against`).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    const database = await getDatabase();
    await requireCoveragePolicy(database, organization.id, params.policyId, params.planId);
    return ok(await getTreeVersion(database, organization.id, params.policyId, Number(params.version)));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
