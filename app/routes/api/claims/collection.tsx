import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listClaims } from "~/claims/claim-review.server";
import { createClaim, readCreateClaimRequest } from "~/claims/create-claim.server";
import { ClaimListItemSchema, CreateClaimEpaBodySchema, CreateClaimFaxBodySchema, CreatedClaimSchema } from "~/claims/schemas";
import { recordAuditEvent } from "~/audit/record-audit-event.server";

/**
 * GET  /api/o/{orgId}/claims(.json) → {claims: [{token, patient_name, service_requests_size, created_at, intake_finished, …}]}.
 * POST /api/o/{orgId}/claims — multipart `{submission_type, fax.file}` (fax PDF), or JSON/form
 * `{submission_type: "epa", epa_submission: {synthetic_document}}`. Queues the `claim.intake` job.
 * → 200 {claim: {token, intake_status, submission_type, created_at}}; 422 'Please upload a PDF file'.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "List medical claims",
    description: "The organization's claims and medical requests, newest first (at most 500). `patient_name` is null until the intake has read the fax.",
    tags: ["Medical claims"],
    response: z.object({ claims: z.array(ClaimListItemSchema) }),
    handler: async ({ request, auth, organizationId }) => {
      // Names patients: a PHI read. The audit row is written alongside the read and awaited before
      // anything is returned (fail closed), so it adds no round trip of its own.
      const [, claims] = await Promise.all([
        recordAuditEvent(orgCaller(auth), request, { action: "claim.list", resource_type: "claim" }),
        getDatabase().then((database) => listClaims(database, organizationId)),
      ]);
      return { claims };
    },
  },
  POST: {
    permission: "cases.write",
    summary: "Create a medical claim (fax upload or ePA)",
    description:
      'Multipart with `fax.file` (a PDF: a CMS-1500 claim, a medical PA request or a letter of medical necessity) creates a fax claim; JSON or form with `submission_type: "epa"` and `epa_submission.synthetic_document` an electronic one. Either way the intake (extraction, service lines, eligibility, one AI decision per service line) is queued; follow it on the events stream.',
    tags: ["Medical claims"],
    requestBody: [
      { contentType: "multipart/form-data", schema: CreateClaimFaxBodySchema },
      { contentType: "application/json", schema: CreateClaimEpaBodySchema },
    ],
    response: z.object({ claim: CreatedClaimSchema }),
    errors: { 413: "File too large", 422: "Please upload a PDF file" },
    async handler({ request, organizationId }) {
      const claim = await createClaim(await getDatabase(), organizationId, await readCreateClaimRequest(request));
      return {
        claim: { token: claim.id, intake_status: claim.intake_status, submission_type: claim.submission_type, created_at: claim.created_at.toISOString() },
      };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
