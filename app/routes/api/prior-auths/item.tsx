import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";
import { PriorAuthDetailSchema } from "~/prior-auths/schemas";

/**
 * GET /api/o/{orgId}/prior_auths/{token}(.json) → the detail (PriorAuthDetailSchema); recorded in the PHI access audit.
 * DELETE /api/o/{orgId}/prior_auths/{token} → {success, errors, prior_auth: {token}}; 404 unknown / other org.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Prior auth detail",
    description:
      "The case with its documents (fax through an expiring signed URL), extracted data, AI decision with citations and decision trail, the latest human decision, policy checks, PBM result, coverage policy and letters.",
    tags: ["Prior auths"],
    response: PriorAuthDetailSchema,
    async handler({ request, auth, organizationId, params }) {
      const detail = await getPriorAuthDetail(await getDatabase(), organizationId, params.id!);
      // A read of PHI: recorded once the case is known to exist in this organization.
      await recordAuditEvent(orgCaller(auth), request, {
        action: "prior_auth.view",
        resource_type: "prior_auth",
        resource_id: params.id,
        prior_auth_id: params.id,
      });
      return detail;
    },
  },
  DELETE: {
    permission: "cases.write",
    summary: "Delete a prior auth",
    description: "Permanently deletes the case and everything attached to it.",
    tags: ["Prior auths"],
    response: z.object({ prior_auth: z.object({ token: z.string() }) }),
    handler: async ({ organizationId, params }) => ({ prior_auth: await deletePriorAuth(await getDatabase(), organizationId, params.id!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
