import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getDatabase } from "~/lib/db.server";
import { handleApiError } from "~/lib/http.server";
import { requestIp } from "~/lib/request-context.server";
import { RunDemoInputSchema } from "~/demo/demo-input";
import { checkDemoRateLimit, readDemoRunRequest, runDemo } from "~/demo/run-demo.server";

/**
 * POST /api/demo/{orgId}/run — runs the real agents on an example fax or an uploaded PDF, no account
 * needed. Body: JSON or form {kind: intake|eligibility|clinical|audit|fax_simulation, fax_id}
 * (RunDemoInputSchema, app/demo/demo-input.ts), or multipart with `file` (fax_simulation).
 * → {success, errors, result: DemoResult} (app/demo/run-demo.server.ts).
 * 404 unless {orgId} is the public demo organization; 422 bad input / 'Please upload a PDF file';
 * 429 {success:false, errors:[...]} with Retry-After after 10 runs in 10 minutes from one address.
 * Nothing is stored.
 */
const route = apiRoute({
  auth: "public",
  POST: {
    summary: "Run the public demo's agents",
    description:
      "Runs the real agents on an example fax (fax_id) or an uploaded PDF (multipart `file`, kind fax_simulation). No account; nothing is stored; rate-limited per address.",
    tags: ["Demo"],
    requestBody: [
      { contentType: "application/json", schema: RunDemoInputSchema },
      { contentType: "multipart/form-data", schema: RunDemoInputSchema.extend({ file: z.string().optional().describe("the PDF (fax_simulation)") }) },
    ],
    response: z.object({
      result: z
        .record(z.string(), z.unknown())
        .describe("DemoResult: decision, patient, diagnoses, medication requests, practitioners, formulary requirements, agent outputs"),
    }),
    errors: { 422: "Bad input or 'Please upload a PDF file'", 429: "Too many demo runs from one address" },
    async handler({ request, params, context }) {
      try {
        await checkDemoRateLimit(requestIp(context));
      } catch (err) {
        const res = handleApiError(err);
        if (res.status === 429) res.headers.set("Retry-After", "600");
        return res;
      }
      return { result: await runDemo(await getDatabase(), params.orgId, await readDemoRunRequest(request)) };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
