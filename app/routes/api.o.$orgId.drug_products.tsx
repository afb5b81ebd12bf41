/**
 * GET /api/o/{orgId}/drug_products?search=<text> → {drug_products: [{product_ndc, brand_name,
 * generic_name, dosage_form, route, strength}]} — the drug directory search of the Add policy modal
 * (3-character minimum, 20 results; fewer characters → []). Input: app/drugs/search-drugs-input.ts.
 */
import type { Route } from "./+types/api.o.$orgId.drug_products";
import { apiMethodNotAllowed, requireApiAuth } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, ok } from "~/lib/http.server";
import { searchDrugProducts } from "~/drugs/drug-directory.server";
import { SearchDrugsInputSchema } from "~/drugs/search-drugs-input";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiAuth(request, params.orgId);
    const { search } = SearchDrugsInputSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return ok({ drug_products: await searchDrugProducts(await getDatabase(), search) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Methods this route does not serve → 405 JSON (after the same auth as the real handlers). */
export function action({ request, params }: Route.ActionArgs) {
  return apiMethodNotAllowed(request, params.orgId, "GET");
}
