/**
 * GET  /api/o/{orgId}/compendium_integrations → {compendia: [card with integration {id, active, connected_at, access_key_hint} | null]}
 * POST /api/o/{orgId}/compendium_integrations {compendium_id, access_key} → {compendium} (connect or re-key; switched on)
 *      or {compendium_id, active: true|false} → {compendium} (toggle a connected one).
 * Input: ConnectCompendiumInputSchema / ToggleCompendiumInputSchema (app/compendia/connect-compendium-input.ts).
 * The access key is stored encrypted and never returned.
 */
import type { Route } from "./+types/api.o.$orgId.compendium_integrations";
import { requireApiAuth } from "~/auth/require-org-member.server";
import { connectCompendium, listCompendiumCards, setCompendiumActive } from "~/compendia/manage-compendia.server";
import { ConnectCompendiumInputSchema, ToggleCompendiumInputSchema } from "~/compendia/connect-compendium-input";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok, readBody } from "~/lib/http.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "member");
    return ok({ compendia: await listCompendiumCards(await getDatabase(), organization.id) });
  } catch (err) {
    return handleApiError(err);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { organization } = await requireApiAuth(request, params.orgId, "policies.edit");
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const body = await readBody(request);
    const database = await getDatabase();
    if ("active" in body && !("access_key" in body)) {
      const input = ToggleCompendiumInputSchema.parse(body);
      return ok({ compendium: await setCompendiumActive(database, organization.id, input.compendium_id, input.active) });
    }
    const input = ConnectCompendiumInputSchema.parse(body);
    return ok({ compendium: await connectCompendium(database, organization.id, input) });
  } catch (err) {
    return handleApiError(err);
  }
}
