import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { deleteApiKey } from "~/auth/api-keys.server";

/**
 * DELETE /api/o/{orgId}/api_keys/{token} → {api_key: {token}} (PRODUCT-SPEC §7). Needs keys.manage;
 * a key of another organization, or none, answers 404.
 */
const route = apiRoute({
  DELETE: {
    permission: "keys.manage",
    summary: "Delete an API key",
    tags: ["API keys"],
    response: z.object({ api_key: z.object({ token: z.string() }) }),
    handler: async ({ organizationId, params }) => {
      await deleteApiKey(organizationId, params.keyId!);
      return { api_key: { token: params.keyId! } };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
