import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { generateSyntheticPriorAuthDocument } from "~/prior-auths/generate-synthetic-prior-auth.server";
import { GenerateSyntheticBodySchema, GenerateSyntheticResponseSchema } from "~/prior-auths/schemas";
import { readBody } from "~/lib/http.server";

/** POST /api/o/{orgId}/generate_synthetic_prior_auth {description} → {synthetic_prior_auth: {document}}. Stores nothing. */
const route = apiRoute({
  POST: {
    permission: "cases.write",
    summary: "Generate a synthetic prior auth document",
    description: "Returns fictional request text from a description; nothing is stored. Submit the (edited) text with POST prior_auths as an ePA.",
    tags: ["Prior auths"],
    // The domain function validates the description itself (one rule, one message).
    requestBody: [{ contentType: "application/json", schema: GenerateSyntheticBodySchema }],
    response: GenerateSyntheticResponseSchema,
    errors: { 422: "Please describe the prior auth to generate" },
    async handler({ request, organizationId }) {
      const body = await readBody(request);
      const description = typeof body.description === "string" ? body.description : "";
      return generateSyntheticPriorAuthDocument(await getDatabase(), organizationId, description);
    },
  },
});
export const loader = route.loader;
export const action = route.action;
