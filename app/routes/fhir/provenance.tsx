import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError } from "~/fhir/fhir-errors";
import { searchDecisionProvenance } from "~/fhir/decision-provenance.server";

/**
 * GET /fhir/Provenance?target=ClaimResponse/<id> → 200 searchset Bundle of the Provenance of every
 * decision behind that PAS ClaimResponse (app/fhir/decision-provenance.server.ts): the engine or
 * model and its version, the reviewers, the coverage policy and tree version, when. Needs
 * system/Provenance.read (a SMART token) or cases.read (an API key). Another organization's target
 * gives an empty Bundle; 400 OperationOutcome without a ClaimResponse target.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const caller = await requireFhirCaller(request, FHIR_NEEDS.provenanceSearch);
    const target = new URL(request.url).searchParams.get("target");
    if (!target) throw fhirError(400, "required", "The target search parameter is required (target=ClaimResponse/<id>)", "target");
    const base = new URL("/fhir", request.url).toString();
    return fhirJson(await searchDecisionProvenance(await getDatabase(), caller.organization.id, target, base));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function action(_args: ActionFunctionArgs) {
  return fhirErrorResponse(fhirError(405, "not-supported", "Use GET"));
}
