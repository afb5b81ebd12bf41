import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { createApiKey, listApiKeys } from "~/auth/api-keys.server";
import { CUSTOM_ROLE_PERMISSIONS } from "~/auth/permission-matrix";
import { AppError } from "~/lib/errors";
import { ok } from "~/lib/http.server";

/** One key as listed (app/auth/api-keys.server.ts ApiKeySummary): never the secret, a masked prefix. */
export const ApiKeyJsonSchema = z
  .object({
    token: z.string(),
    name: z.string().nullable(),
    masked: z.string().describe("the key's first characters, then dots"),
    token_digest: z.string().describe("the first 8 hex digits of the stored SHA-256 digest"),
    revoked: z.boolean(),
    status: z.enum(["Active", "Revoked"]),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    scopes: z.array(z.string()),
  })
  .meta({ id: "ApiKey" });

/**
 * GET  /api/o/{orgId}/api_keys(.json) → {api_keys} (PRODUCT-SPEC §7), newest first, revoked ones marked.
 * POST /api/o/{orgId}/api_keys {name?, scopes?: string[]} → 201 {api_key, token}: `token` is the
 *      plaintext, shown this once. Scopes are capped to what the caller may do (never the clinical
 *      sign-off). A key is created by a signed-in person only (403 for an API key), so every key
 *      has a person whose permissions cap it.
 * Both need keys.manage; another organization answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "keys.manage",
    summary: "List API keys",
    tags: ["API keys"],
    response: z.object({ api_keys: z.array(ApiKeyJsonSchema) }),
    handler: async ({ organizationId }) => ({ api_keys: await listApiKeys(organizationId) }),
  },
  POST: {
    permission: "keys.manage",
    summary: "Create an API key",
    description: "Returns the plaintext key once. Only a signed-in person can create keys.",
    tags: ["API keys"],
    body: z.object({
      name: z.string().trim().max(100).optional(),
      scopes: z.array(z.string().max(60)).max(50).optional(),
    }),
    response: z.object({ api_key: ApiKeyJsonSchema, token: z.string() }),
    errors: { 403: "API keys are created by a signed-in person" },
    handler: async ({ organizationId, auth, body }) => {
      if (!auth.user) throw new AppError("forbidden", "API keys are created by a signed-in person");
      const grantable = CUSTOM_ROLE_PERMISSIONS.filter((p) => auth.permissions.has(p));
      const scopes = body.scopes ? grantable.filter((p) => body.scopes!.includes(p)) : grantable;
      const { apiKey, plaintext } = await createApiKey(organizationId, { name: body.name ?? null, scopes, createdById: auth.user.id });
      return ok({ api_key: apiKey, token: plaintext }, { status: 201 });
    },
  },
});
export const loader = route.loader;
export const action = route.action;
