import type { Route } from "./+types/api.demo_faxes[.]json";
import { getDatabase } from "~/lib/db.server";
import { handleApiError, methodNotAllowed, ok } from "~/lib/http.server";
import { getPublicDemoOrganization, listDemoFaxes } from "~/demo/public-demo.server";

/**
 * GET /api/demo_faxes.json — no account needed.
 * → {success, errors, faxes: [{id, title, patient_name, medication_name, prescriber_name, request_date,
 *    urgency, scanned, layout, pdf_url}], organization: {token, name, title, plan}}
 * The bundled synthetic example faxes of the public demo; 404 when the instance has no demo organization.
 */
export async function loader() {
  try {
    return ok({ faxes: listDemoFaxes(), organization: await getPublicDemoOrganization(await getDatabase()) });
  } catch (err) {
    return handleApiError(err);
  }
}

/** Other methods → 405 JSON. */
export function action() {
  return methodNotAllowed("GET");
}
