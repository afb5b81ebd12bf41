import type { Route } from "./+types/api.demos[.]json";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { listDemos } from "~/demo/list-demos.server";

/**
 * GET /api/demos.json — no account needed.
 * → {success, errors, demos: [{kind, title, agent, description, path}], prior_auths: [the example
 *    requests: {token, title, patient_name, medication_name, request_date, urgency, submission_type, pdf_url}],
 *    organization}
 * The public demo's kinds and the synthetic prior authorizations it can run; 404 without a demo organization.
 */
export async function loader() {
  try {
    return ok(await listDemos(await getDatabase()));
  } catch (err) {
    return handleApiError(err);
  }
}

/** Other methods → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
