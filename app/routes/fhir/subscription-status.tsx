import type { LoaderFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError } from "~/fhir/fhir-errors";
import { pasSubscriptionStatus } from "~/fhir/pas-subscriptions.server";

/**
 * GET /fhir/Subscription/:id/$status (Subscriptions Backport) → 200 searchset Bundle with the
 * subscription's SubscriptionStatus (Parameters: status, events since start, error) (cases.read).
 * 404 when it does not exist or belongs to another organization; 401/403 as every /fhir route.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const caller = await requireFhirCaller(request, FHIR_NEEDS.subscriptionRead);
    return fhirJson(await pasSubscriptionStatus(await getDatabase(), caller.organization.id, params.id ?? "", new URL("/fhir", request.url).toString()));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function action() {
  return fhirErrorResponse(fhirError(405, "not-supported", "Use GET"));
}
