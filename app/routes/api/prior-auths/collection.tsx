import { z } from "zod";
import { apiRoute, orgCaller } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { createPriorAuth, readCreatePriorAuthRequest } from "~/prior-auths/create-prior-auth.server";
import { DUPLICATE_WINDOW_DAYS, findDuplicateOfRequest } from "~/prior-auths/find-duplicate-upload.server";
import { listPriorAuths } from "~/prior-auths/list-prior-auths.server";
import { ListPriorAuthsQuerySchema } from "~/prior-auths/list-prior-auths-input";
import { CreateEpaBodySchema, CreatePriorAuthResponseSchema, PriorAuthListResponseSchema } from "~/prior-auths/schemas";
import { recordAuditEvent } from "~/audit/record-audit-event.server";

/**
 * GET /api/o/{orgId}/prior_auths(.json)?q=&page=&per_page=&sort=&dir= → {prior_auths, pagination}.
 * POST /api/o/{orgId}/prior_auths — multipart `file` (fax PDF), or JSON/form
 * `{submission_type: "epa", epa_submission: {synthetic_document}}`. Queues the intake.
 * → 200 {prior_auth, synthetic_prior_auth}; 422 'Please upload a PDF file'; 409 {duplicate} when the
 * same fax (or ePA text) was received in the last 30 days, unless `create_anyway` is true.
 */
const route = apiRoute({
  GET: {
    permission: "cases.read",
    summary: "List prior auths",
    description:
      "Server-side search (patient, medication, practitioner), sort and pagination; 10 per page by default. `decision_label` is Approved / Denied / Outreach required / Pending (a human decision wins over the AI's).",
    tags: ["Prior auths"],
    query: ListPriorAuthsQuerySchema,
    response: PriorAuthListResponseSchema,
    errors: { 422: "Invalid query parameter" },
    async handler({ request, auth, organizationId, query }) {
      // Names patients: a PHI read. The audit row is written alongside the read and awaited before
      // anything is returned (fail closed), so it adds no round trip of its own.
      const [, result] = await Promise.all([
        recordAuditEvent(orgCaller(auth), request, { action: "prior_auth.list", resource_type: "prior_auth" }),
        getDatabase().then((database) =>
          listPriorAuths(database, organizationId, { q: query.q, page: query.page, perPage: query.per_page, sort: query.sort, dir: query.dir }),
        ),
      ]);
      const totalPages = Math.max(1, Math.ceil(result.total / result.per_page));
      return { prior_auths: result.prior_auths, pagination: { page: result.page, per_page: result.per_page, total: result.total, total_pages: totalPages } };
    },
  },
  POST: {
    permission: "cases.write",
    summary: "Create a prior auth (fax upload or ePA)",
    description:
      'Multipart with `file` (a PDF fax) creates a fax case; JSON or form with `submission_type: "epa"` and `epa_submission.synthetic_document` creates an ePA case. Either way the intake (extraction, eligibility, clinical review, audit, decision) is queued; follow it on the events stream.',
    tags: ["Prior auths"],
    requestBody: [
      {
        contentType: "multipart/form-data",
        schema: z.object({
          file: z.string().describe("the fax PDF (required: 'Please upload a PDF file')"),
          urgency: z.enum(["standard", "expedited"]).optional(),
          create_anyway: z.enum(["1", "true"]).optional().describe("create even when the same file was received in the last 30 days"),
        }),
      },
      { contentType: "application/json", schema: CreateEpaBodySchema },
    ],
    response: CreatePriorAuthResponseSchema,
    errors: {
      409: `The same fax (or ePA text) was received in the last ${DUPLICATE_WINDOW_DAYS} days: \`duplicate\` names the existing case; send create_anyway to create another`,
      413: "File too large",
      422: "Please upload a PDF file",
    },
    async handler({ request, organizationId }) {
      const database = await getDatabase();
      const input = await readCreatePriorAuthRequest(request);
      // the same duplicate check as the Fax Simulation upload (issue 24): offer the existing case first
      const duplicate = input.create_anyway ? null : await findDuplicateOfRequest(database, organizationId, input);
      if (duplicate)
        return Response.json(
          {
            success: false,
            errors: [
              `This ${input.submission_type === "epa" ? "ePA document" : "fax"} was already received on ${duplicate.received_at.slice(0, 10)} as prior auth ${duplicate.token}. Send create_anyway to create another case.`,
            ],
            duplicate,
          },
          { status: 409 },
        );
      const created = await createPriorAuth(database, organizationId, input);
      return { prior_auth: created, synthetic_prior_auth: created };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
