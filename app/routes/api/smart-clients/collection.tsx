import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { listSmartClients, PublicJwksSchema, registerSmartClient } from "~/auth/smart-backend.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { ok } from "~/lib/http.server";
import { SmartClientJsonSchema } from "~/auth/smart-client-json";

/**
 * GET  /api/o/{orgId}/smart_clients → {smart_clients}, newest first, revoked ones marked.
 * POST /api/o/{orgId}/smart_clients {name, jwks_url | jwks, scopes} → 201 {smart_client} with the
 *      generated client_id. Registered by a signed-in person only (403 for an API key), whose
 *      permissions cap every token the client obtains.
 * Both need keys.manage; another organization answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "keys.manage",
    summary: "List SMART Backend Services clients",
    tags: ["FHIR"],
    response: z.object({ smart_clients: z.array(SmartClientJsonSchema) }),
    handler: async ({ organizationId }) => ({ smart_clients: await listSmartClients(await getDatabase(), organizationId) }),
  },
  POST: {
    permission: "keys.manage",
    summary: "Register a SMART Backend Services client",
    description:
      "A partner system that obtains /fhir access tokens with a JWT signed by its private key (client_credentials, private_key_jwt, RS384/ES384). Give its public keys as a JWK Set (`jwks`) or the https URL where it publishes them (`jwks_url`), and the system scopes it may be granted.",
    tags: ["FHIR"],
    body: z.object({
      name: z.string().trim().min(1).max(100),
      jwks_url: z.string().trim().url().max(2000).optional(),
      jwks: PublicJwksSchema.optional(),
      scopes: z.array(z.string().max(100)).min(1).max(20),
    }),
    response: z.object({ smart_client: SmartClientJsonSchema }),
    errors: { 403: "SMART clients are registered by a signed-in person", 422: "Invalid keys or scopes" },
    handler: async ({ organizationId, auth, body }) => {
      if (!auth.user) throw new AppError("forbidden", "SMART clients are registered by a signed-in person");
      const client = await registerSmartClient(await getDatabase(), organizationId, body, auth.user.id);
      return ok({ smart_client: client }, { status: 201 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
