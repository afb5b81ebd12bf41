import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listFormularyDrugRequirements } from "~/formulary/list-formulary-drug-requirements.server";

const FormularyDrugRequirementJsonSchema = z
  .object({
    token: z.string(),
    drug_name: z.string(),
    products: z.array(z.string()),
    ndc: z.string().nullable(),
    rxcui: z.string().nullable(),
    tier: z.number().nullable(),
    requires_prior_auth: z.boolean(),
    quantity_limit: z.unknown().describe("{amount, unit, period_days} or null"),
    step_therapy: z.unknown().describe("[{drug_name, duration_days}] or null"),
    plan: z.string().nullable().describe("the plan's title"),
  })
  .meta({ id: "FormularyDrugRequirement" });

/**
 * GET /api/o/{orgId}/formulary_drug_requirements(.json) → {formulary_drug_requirements} (PRODUCT-SPEC §7):
 * the organization's formulary rows (imported with a plan's formulary), by drug name. Any member
 * or API key of the organization; another organization answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List formulary drug requirements",
    tags: ["Formulary"],
    response: z.object({ formulary_drug_requirements: z.array(FormularyDrugRequirementJsonSchema) }),
    handler: async ({ organizationId }) => {
      const rows = await listFormularyDrugRequirements(await getDatabase(), organizationId);
      return {
        formulary_drug_requirements: rows.map(({ id, plan, ...r }) => ({ token: id, ...r, plan: plan?.title ?? null })),
      };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
