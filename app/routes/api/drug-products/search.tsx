import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { searchDrugProducts } from "~/drugs/drug-directory.server";
import { SearchDrugsInputSchema } from "~/drugs/search-drugs-input";

/**
 * GET /api/o/{orgId}/drug_products?search=<text> → {drug_products: [{product_ndc, brand_name,
 * generic_name, dosage_form, route, strength}]} — the drug directory search of the Add policy modal
 * (3-character minimum, 20 results; fewer characters → []).
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "Search the drug directory",
    description: "Brand or generic name, or product NDC; at least 3 characters, at most 20 results.",
    tags: ["Drug directory"],
    query: SearchDrugsInputSchema,
    response: z.object({
      drug_products: z.array(
        z
          .object({
            product_ndc: z.string(),
            brand_name: z.string().nullable(),
            generic_name: z.string().nullable(),
            dosage_form: z.string().nullable(),
            route: z.string().nullable(),
            strength: z.string().nullable(),
          })
          .partial(),
      ),
    }),
    async handler({ query }) {
      return { drug_products: await searchDrugProducts(await getDatabase(), query.search) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
