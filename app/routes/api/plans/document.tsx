import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { readBody } from "~/lib/http.server";
import {
  fileFromForm,
  getPlanDocument,
  planDocumentResponse,
  readPlanDocument,
  removePlanDocument,
  serializePlanDocument,
  setPlanDocument,
} from "~/plans/plan-document.server";

const PlanDocumentJsonSchema = z.object({
  filename: z.string(),
  byte_size: z.number().int().describe("bytes"),
  content_type: z.string(),
  uploaded_at: z.string(),
  url: z.string().describe("this endpoint (GET serves the PDF)"),
});

/**
 * GET /api/o/{orgId}/plans/{plan}/document[?download=1] → the plan's document (PDF; 404 when it has none).
 * POST multipart {file} → {plan_document}: stores the PDF as the plan's document, replacing the one it
 * had; 400 for a malformed body; 422 'Please upload a PDF file' (empty, missing or not a PDF) or the size limit, 413 when larger
 * than the upload limit plus overhead. DELETE → {plan_document: null}; 404 when the plan has none.
 * Another organization's plan answers 404.
 */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "Download a plan's document",
    description: "The PDF, inline; `?download=1` as an attachment.",
    tags: ["Plans"],
    produces: "pdf",
    async handler({ request, organizationId, params }) {
      const doc = await readPlanDocument(await getDatabase(), organizationId, params.planId!);
      return planDocumentResponse(doc, { download: new URL(request.url).searchParams.get("download") === "1" });
    },
  },
  POST: {
    permission: "policies.edit",
    summary: "Upload or replace a plan's document",
    description: "A PDF, at most the upload limit (MAX_UPLOAD_MB, 25 MB by default); replaces the plan's current document.",
    tags: ["Plans"],
    requestBody: [{ contentType: "multipart/form-data", schema: z.object({ file: z.string().describe("the plan document (PDF)") }) }],
    response: z.object({ plan_document: PlanDocumentJsonSchema }),
    errors: { 413: "File too large", 422: "Please upload a PDF file" },
    async handler({ request, organizationId, params }) {
      const database = await getDatabase();
      // the plan first: another organization's plan is 404 whatever the body
      await getPlanDocument(database, organizationId, params.planId!);
      // malformed JSON or form bodies are 400 (readBody); any body without a file is 422
      const file = await fileFromForm((await readBody(request)).file);
      if (!file) throw new AppError("validation", "Please upload a PDF file");
      const doc = await setPlanDocument(database, organizationId, params.planId!, file);
      return { plan_document: serializePlanDocument(organizationId, params.planId!, doc)! };
    },
  },
  DELETE: {
    permission: "policies.edit",
    summary: "Remove a plan's document",
    tags: ["Plans"],
    response: z.object({ plan_document: z.null() }),
    async handler({ organizationId, params }) {
      await removePlanDocument(await getDatabase(), organizationId, params.planId!);
      return { plan_document: null };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
