import type { ActionFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, readFhirBody, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError, submitPasRequest } from "~/fhir/submit-pas.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";

/**
 * POST /fhir/Claim/$submit — HL7 Da Vinci PAS 2.2.1 prior authorization request (a PAS request
 * Bundle, JSON) → 200 PAS response Bundle (ClaimResponse first); 400/422 OperationOutcome listing
 * every problem; 401/403 without a valid API key or SMART access token holding cases.write. See app/fhir/submit-pas.server.ts.
 */
export async function action({ request }: ActionFunctionArgs) {
  // the 15 s answer budget runs from the request's arrival: authentication and reading the body count
  const receivedAt = Date.now();
  try {
    if (request.method !== "POST") throw fhirError(405, "not-supported", "Use POST");
    const caller = await requireFhirCaller(request, FHIR_NEEDS.submit);
    const result = await submitPasRequest(await getDatabase(), caller.organization.id, await readFhirBody(request), {
      audit: (what) => recordAuditEvent(caller, request, what),
      receivedAt,
    });
    return fhirJson(result.bundle, 200, result.caseId ? { "X-Case-Id": result.caseId } : {});
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function loader() {
  return fhirErrorResponse(fhirError(405, "not-supported", "Use POST"));
}
