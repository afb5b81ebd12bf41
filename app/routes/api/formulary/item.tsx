import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { formularyRequirementDetail } from "~/formulary/formulary-requirement-detail.server";

/**
 * GET /api/o/{orgId}/formulary_drug_requirements/{id}(.json) → {formulary_drug_requirement}: the
 * detail the workspace page shows (identity, formulary sections, criteria sections with sources).
 * Another organization's requirement answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "A formulary drug requirement",
    tags: ["Formulary"],
    response: z.object({ formulary_drug_requirement: z.record(z.string(), z.unknown()) }),
    handler: async ({ organizationId, params }) => {
      const id = (params.requirementId ?? "").replace(/\.json$/i, "");
      return { formulary_drug_requirement: (await formularyRequirementDetail(await getDatabase(), organizationId, id)) as Record<string, unknown> };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
