import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { ConnectCompendiumInputSchema, ToggleCompendiumInputSchema } from "~/compendia/connect-compendium-input";
import { connectCompendium, listCompendiumCards, setCompendiumActive } from "~/compendia/manage-compendia.server";
import { getDatabase } from "~/lib/db.server";
import { readBody } from "~/lib/http.server";

/**
 * GET  /api/o/{orgId}/compendium_integrations → {compendia: [card with integration {id, active, connected_at, access_key_hint} | null]}
 * POST /api/o/{orgId}/compendium_integrations {compendium_id, access_key} → {compendium} (connect or re-key; switched on)
 *      or {compendium_id, active: true|false} → {compendium} (toggle a connected one).
 * Input: ConnectCompendiumInputSchema / ToggleCompendiumInputSchema (app/compendia/connect-compendium-input.ts);
 * a body with `active` and no `access_key` is a toggle, anything else a connect.
 * The access key is stored encrypted and never returned.
 */
const CompendiumCardJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  source_url: z.string().nullable(),
  integration: z
    .object({
      id: z.string(),
      active: z.boolean(),
      connected_at: z.string(),
      access_key_hint: z.string().describe("last characters of the key; the key itself is never returned"),
    })
    .nullable()
    .describe("null when the organization has not connected this compendium"),
});

const PostBodySchema = z.union([ConnectCompendiumInputSchema, ToggleCompendiumInputSchema]);

const route = apiRoute({
  GET: {
    permission: "member",
    summary: "List compendia with this organization's connections",
    tags: ["Compendia"],
    response: z.object({ compendia: z.array(CompendiumCardJsonSchema) }),
    handler: async ({ organizationId }) => ({ compendia: await listCompendiumCards(await getDatabase(), organizationId) }),
  },
  POST: {
    permission: "policies.edit",
    summary: "Connect a compendium, replace its access key, or switch it on/off",
    description:
      "`{compendium_id, access_key}` connects (or re-keys) and switches the integration on; `{compendium_id, active}` without `access_key` toggles an existing connection. The key is stored encrypted.",
    tags: ["Compendia"],
    requestBody: [
      { contentType: "application/json", schema: PostBodySchema },
      { contentType: "application/x-www-form-urlencoded", schema: PostBodySchema },
    ],
    response: z.object({ compendium: CompendiumCardJsonSchema }),
    errors: { 422: "One message per invalid field" },
    async handler({ request, organizationId }) {
      const body = await readBody(request);
      const database = await getDatabase();
      if ("active" in body && !("access_key" in body)) {
        const input = ToggleCompendiumInputSchema.parse(body);
        return { compendium: await setCompendiumActive(database, organizationId, input.compendium_id, input.active) };
      }
      const input = ConnectCompendiumInputSchema.parse(body);
      return { compendium: await connectCompendium(database, organizationId, input) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
