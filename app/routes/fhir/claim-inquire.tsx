import type { ActionFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, readFhirBody, requireFhirCaller } from "~/fhir/fhir-route.server";
import { inquirePas } from "~/fhir/inquire-pas.server";
import { fhirError } from "~/fhir/submit-pas.server";

/**
 * POST /fhir/Claim/$inquire — HL7 Da Vinci PAS 2.2.1 inquiry (a PAS inquiry request Bundle, JSON)
 * → 200 PAS inquiry response Bundle with the request's current authorization; 404 when nothing of
 * the caller's organization matches; 400/422 OperationOutcome; 401/403 without a valid API key or SMART access token
 * holding cases.read. See app/fhir/inquire-pas.server.ts.
 */
export async function action({ request }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw fhirError(405, "not-supported", "Use POST");
    const caller = await requireFhirCaller(request, FHIR_NEEDS.inquire);
    return fhirJson(await inquirePas(await getDatabase(), caller.organization.id, await readFhirBody(request)));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function loader() {
  return fhirErrorResponse(fhirError(405, "not-supported", "Use POST"));
}
