import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError } from "~/fhir/fhir-errors";
import { deletePasSubscription, getPasSubscription } from "~/fhir/pas-subscriptions.server";

/**
 * /fhir/Subscription/:id — one PAS subscription of the caller's organization.
 *  - GET → 200 the Subscription with its current status (cases.read);
 *  - DELETE → 204 (cases.write); queued notifications are dropped.
 * 404 OperationOutcome when it does not exist or belongs to another organization (the same
 * answer); 401/403 without a valid API key or SMART access token holding the permission.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const caller = await requireFhirCaller(request, FHIR_NEEDS.subscriptionRead);
    return fhirJson(await getPasSubscription(await getDatabase(), caller.organization.id, params.id ?? ""));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    if (request.method !== "DELETE") throw fhirError(405, "not-supported", "Use GET or DELETE");
    const caller = await requireFhirCaller(request, FHIR_NEEDS.subscriptionDelete);
    await deletePasSubscription(await getDatabase(), caller.organization.id, params.id ?? "");
    return new Response(null, { status: 204 });
  } catch (err) {
    return fhirErrorResponse(err);
  }
}
