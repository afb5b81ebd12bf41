import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError } from "~/fhir/fhir-errors";
import { readDecisionProvenance } from "~/fhir/decision-provenance.server";

/**
 * GET /fhir/Provenance/:id → 200 the Provenance of one decision (app/fhir/decision-provenance.server.ts):
 * the engine or model and its version, the reviewers and the signing clinician, the coverage policy
 * and tree version with its effective date, the AI rules that fired, the evidence spans. Needs
 * system/Provenance.read (a SMART token) or cases.read (an API key), like the search. 404
 * OperationOutcome for an id that is not the caller's organization's (or nobody's: the same answer).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const caller = await requireFhirCaller(request, FHIR_NEEDS.provenanceRead);
    return fhirJson(await readDecisionProvenance(await getDatabase(), caller.organization.id, params.id ?? ""));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function action(_args: ActionFunctionArgs) {
  return fhirErrorResponse(fhirError(405, "not-supported", "Use GET"));
}
