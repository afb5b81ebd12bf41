import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { requireCoveragePolicy } from "~/coverage-policies/manage-coverage-policies.server";
import { getTreeVersion } from "~/coverage-policies/tree-versions.server";
import { getDatabase } from "~/lib/db.server";

/**
 * GET .../coverage_policies/{token}/versions/{n} → {version, status, source, summary, tree: {title,
 * drug_names, nodes, edges}, diff: {added, removed, changed: [{before, after, fields}], unchanged} | null,
 * against}: the version's tree and what differs from the published version (`against`).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "One decision-tree version, with its diff against the published one",
    tags: ["Coverage policies"],
    response: z.object({
      version: z.number().int(),
      status: z.string(),
      source: z.string(),
      summary: z.string().nullable(),
      tree: z.record(z.string(), z.unknown()),
      diff: z.record(z.string(), z.unknown()).nullable(),
      against: z.number().int().nullable(),
    }),
    async handler({ organizationId, params }) {
      const database = await getDatabase();
      await requireCoveragePolicy(database, organizationId, params.policyId!, params.planId!);
      return getTreeVersion(database, organizationId, params.policyId!, Number(params.version));
    },
  },
});
export const loader = route.loader;
export const action = route.action;
