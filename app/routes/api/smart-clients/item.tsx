import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getSmartClient, revokeSmartClient } from "~/auth/smart-backend.server";
import { getDatabase } from "~/lib/db.server";
import { SmartClientJsonSchema } from "~/auth/smart-client-json";

/**
 * GET    /api/o/{orgId}/smart_clients/{clientId} → {smart_client}.
 * DELETE /api/o/{orgId}/smart_clients/{clientId} → {smart_client} revoked: no new tokens, and its
 *        tokens stop working at once.
 * Both need keys.manage; a client of another organization, or none, answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "keys.manage",
    summary: "Get a SMART Backend Services client",
    tags: ["FHIR"],
    response: z.object({ smart_client: SmartClientJsonSchema }),
    handler: async ({ organizationId, params }) => ({ smart_client: await getSmartClient(await getDatabase(), organizationId, params.clientId!) }),
  },
  DELETE: {
    permission: "keys.manage",
    summary: "Revoke a SMART Backend Services client",
    tags: ["FHIR"],
    response: z.object({ smart_client: SmartClientJsonSchema }),
    handler: async ({ organizationId, params }) => ({ smart_client: await revokeSmartClient(await getDatabase(), organizationId, params.clientId!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
