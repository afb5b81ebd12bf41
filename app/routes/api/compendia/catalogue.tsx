import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { listCompendia } from "~/compendia/manage-compendia.server";
import { getDatabase } from "~/lib/db.server";

/**
 * GET /api/compendia.json → {compendia: [{id, name, description, logo, source_url}]}
 * The global compendium catalogue (by name). Any signed-in user, or any valid API key.
 */
const route = apiRoute({
  auth: "any",
  GET: {
    summary: "The compendium catalogue",
    description: "Every drug compendium the platform can connect to, by name. Not organization-scoped: any signed-in person or any valid API key.",
    tags: ["Compendia"],
    response: z.object({
      compendia: z.array(
        z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), logo: z.string().nullable(), source_url: z.string().nullable() }),
      ),
    }),
    handler: async () => ({ compendia: await listCompendia(await getDatabase()) }),
  },
});
export const loader = route.loader;
export const action = route.action;
