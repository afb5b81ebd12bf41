import type { Route } from "./+types/api.demo.$orgId.run";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { requestIp } from "~/lib/request-context.server";
import { checkDemoRateLimit, readDemoRunRequest, runDemo } from "~/demo/run-demo.server";

/**
 * POST /api/demo/{orgId}/run — runs the real agents on an example fax or an uploaded PDF, no account
 * needed. Body: JSON or form {kind: intake|eligibility|clinical|audit|fax_simulation, fax_id}
 * (RunDemoInputSchema, app/demo/demo-input.ts), or multipart with `file` (fax_simulation).
 * → {success, errors, result: DemoResult} (app/demo/run-demo.server.ts).
 * 404 unless {orgId} is the public demo organization; 422 bad input / 'Please upload a PDF file';
 * 429 {success:false, errors:[...]} after 10 runs in 10 minutes from one address. Nothing is stored.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return methodNotAllowed("POST");
    await checkDemoRateLimit(requestIp(context));
    const result = await runDemo(await getDatabase(), params.orgId, await readDemoRunRequest(request));
    return ok({ result });
  } catch (err) {
    const res = handleApiError(err);
    if (res.status === 429) res.headers.set("Retry-After", "600");
    return res;
  }
}

/** GET and other methods → 405 JSON. */
export function loader() {
  return methodNotAllowed("POST");
}
