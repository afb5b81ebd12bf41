import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { PriorAuthDetailSchema } from "~/prior-auths/schemas";

/**
 * GET /api/o/{orgId}/prior_auths/{token}(.json) → the detail (PriorAuthDetailSchema).
 * DELETE /api/o/{orgId}/prior_auths/{token} → {success, errors, prior_auth: {token}}; 404 unknown / other org.
 */
const route = apiRoute({
  GET: {
    summary: "Prior auth detail",
    description:
      "The case with its documents (fax through an expiring signed URL), extracted data, AI decision with citations and decision trail, the latest human decision, policy checks, PBM result, coverage policy and letters.",
    tags: ["Prior auths"],
    response: PriorAuthDetailSchema,
    handler: async ({ organizationId, params }) => getPriorAuthDetail(await getDatabase(), organizationId, params.id!),
  },
  DELETE: {
    summary: "Delete a prior auth",
    description: "Permanently deletes the case and everything attached to it.",
    tags: ["Prior auths"],
    response: z.object({ prior_auth: z.object({ token: z.string() }) }),
    handler: async ({ organizationId, params }) => ({ prior_auth: await deletePriorAuth(await getDatabase(), organizationId, params.id!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
