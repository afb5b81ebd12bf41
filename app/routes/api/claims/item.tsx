import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { getClaimDetail } from "~/claims/claim-review.server";
import { deleteClaim } from "~/claims/create-claim.server";
import { ClaimDetailSchema } from "~/claims/schemas";

/**
 * GET    /api/o/{orgId}/claims/{id}(.json) → {claim, fax, patient, claim_diagnoses, service_requests, practitioners, epa_submission, service_decisions, coverage_policies}.
 * DELETE /api/o/{orgId}/claims/{id} → {claim: {token}}. 404 unknown / another organization's claim.
 * (The domain strips a `.json` suffix from the id, which the alias's param may carry.)
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "Medical claim detail",
    description:
      "The claim with its fax (expiring signed URL), patient, diagnoses, practitioners and service lines; each line carries its AI decision (citations, criteria, decision trail), any reviewer override (which wins) and its denial letters.",
    tags: ["Medical claims"],
    response: ClaimDetailSchema,
    async handler({ request, auth, organizationId, params }) {
      const detail = await getClaimDetail(await getDatabase(), organizationId, params.id!);
      // A read of PHI, recorded in the PHI access audit as prior-auth reads are.
      await recordAuditEvent(orgCaller(auth), request, { action: "claim.view", resource_type: "claim", resource_id: params.id });
      return detail;
    },
  },
  DELETE: {
    permission: "cases.write",
    summary: "Delete a medical claim",
    description: "Permanently deletes the claim and everything attached to it (service lines, decisions, letters).",
    tags: ["Medical claims"],
    response: z.object({ claim: z.object({ token: z.string() }) }),
    handler: async ({ organizationId, params }) => ({ claim: await deleteClaim(await getDatabase(), organizationId, params.id!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
