import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { listClaims } from "~/claims/claim-review.server";
import { createClaim, createX12Claims, readCreateClaimRequest } from "~/claims/create-claim.server";
import { formatIssue, X12IntakeError } from "~/claims/x12-837p";
import { fail } from "~/lib/http.server";
import {
  ClaimListItemSchema,
  CreateClaimEpaBodySchema,
  CreateClaimFaxBodySchema,
  CreateClaimX12BodySchema,
  CreatedClaimSchema,
  X12IssueSchema,
} from "~/claims/schemas";
import { recordAuditEvent } from "~/audit/record-audit-event.server";

/**
 * GET  /api/o/{orgId}/claims(.json) → {claims: [{token, patient_name, service_requests_size, created_at, intake_finished, …}]}.
 * POST /api/o/{orgId}/claims — multipart `{submission_type, fax.file}` (fax PDF), or JSON/form
 * `{submission_type: "epa", epa_submission: {synthetic_document}}`, or multipart
 * `{submission_type: "x12_837p", file}` (an X12 837P interchange: one claim per CLM). Queues the
 * `claim.intake` job(s).
 * → 200 {claim: {token, intake_status, submission_type, created_at}} (837P: also `claims`, one per
 * CLM); 422 'Please upload a PDF file'; 837P errors 400 (not an X12 interchange) / 422 (segment
 * content) with `x12_errors: [{segment, tag, element, message}]` and nothing created.
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
    summary: "Create a medical claim (fax upload, ePA or X12 837P)",
    description:
      'Multipart with `fax.file` (a PDF: a CMS-1500 claim, a medical PA request or a letter of medical necessity) creates a fax claim; JSON or form with `submission_type: "epa"` and `epa_submission.synthetic_document` an electronic one; multipart with `submission_type: "x12_837p"` and `file` (or JSON with `x12`: the interchange text) an X12 837P (005010X222A1) professional claim file, one claim per CLM, answered with `claims` (and the first as `claim`). Each CLM is mapped as a CMS-1500 would be read: patient from NM1*IL / NM1*QC and DMG (member ID from the subscriber), diagnoses from HI (ABK principal, ABF other), one service line per LX (SV1 procedure code, modifiers, units, place of service, diagnosis pointers; DTP*472 date of service; REF*G1 prior authorization; LIN*N4 / CTP drug NDC and quantity), practitioners from NM1*85 billing, NM1*82 rendering and NM1*DN referring with their NPIs; citations quote the segments. An 837P with any segment error creates nothing: 400 when it is not an X12 interchange, 422 when a segment is wrong, with `errors` (messages) and `x12_errors` (`segment`: 1-based position in the interchange, ISA = 1; `tag`; `element` such as "SV1-04"; `message`). Either way the intake (extraction, service lines, eligibility, one AI decision per service line) is queued; follow it on the events stream.',
    tags: ["Medical claims"],
    requestBody: [
      { contentType: "multipart/form-data", schema: CreateClaimFaxBodySchema },
      { contentType: "application/json", schema: CreateClaimEpaBodySchema },
      { contentType: "multipart/form-data", schema: CreateClaimX12BodySchema },
    ],
    response: z.object({ claim: CreatedClaimSchema, claims: z.array(CreatedClaimSchema.extend({ patient_control_number: z.string() })).optional() }),
    errors: {
      400: "File: An X12 interchange starts with an ISA segment / an 837P that is not a well-formed X12 interchange (envelope, SE/GE/IEA control counts); `x12_errors` says where",
      413: "File too large",
      422: 'Please upload a PDF file / an 837P segment error such as "Segment 31 (SV1), SV1-04: Units \"four\" is not a positive number", with `x12_errors: [{segment, tag, element, message}]`; nothing is created',
    },
    async handler({ request, organizationId }) {
      const input = await readCreateClaimRequest(request);
      if (input.submission_type === "x12_837p") {
        try {
          const claims = await createX12Claims(await getDatabase(), organizationId, input.file);
          const out = claims.map((c) => ({
            token: c.id,
            intake_status: c.intake_status,
            submission_type: c.submission_type,
            created_at: c.created_at.toISOString(),
            patient_control_number: c.patient_control_number,
          }));
          return { claim: out[0], claims: out };
        } catch (err) {
          if (!(err instanceof X12IntakeError)) throw err;
          const x12_errors = z.array(X12IssueSchema).parse(err.issues);
          return fail(err.syntax ? 400 : 422, err.issues.map(formatIssue), { x12_errors });
        }
      }
      const claim = await createClaim(await getDatabase(), organizationId, input);
      return {
        claim: { token: claim.id, intake_status: claim.intake_status, submission_type: claim.submission_type, created_at: claim.created_at.toISOString() },
      };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
