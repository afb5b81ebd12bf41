import { z } from "zod";

/** One SMART Backend Services client as listed (app/auth/smart-backend.server.ts SmartClientSummary). */
export const SmartClientJsonSchema = z
  .object({
    id: z.string(),
    client_id: z.string().describe("the OAuth client_id: iss and sub of the client's assertions"),
    name: z.string(),
    jwks_url: z.string().nullable(),
    jwks_kids: z.array(z.string()).nullable().describe("key ids of an inline JWK Set"),
    scopes: z.array(z.string()),
    revoked: z.boolean(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: "SmartClient" });
