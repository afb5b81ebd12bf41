import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getDatabase } from "~/lib/db.server";
import { FHIR_NEEDS } from "~/fhir/fhir-interactions";
import { fhirErrorResponse, fhirJson, readFhirBody, requireFhirCaller } from "~/fhir/fhir-route.server";
import { fhirError } from "~/fhir/fhir-errors";
import { createPasSubscription, listPasSubscriptions } from "~/fhir/pas-subscriptions.server";

/**
 * /fhir/Subscription — PAS subscriptions (R4 Subscriptions Backport on the PAS SubscriptionTopic;
 * app/fhir/pas-subscriptions.server.ts).
 *  - GET → 200 searchset Bundle of the caller's organization's subscriptions (cases.read);
 *  - POST a Subscription → 201 with the stored Subscription (status `requested`; the handshake
 *    follows) and its signing secret, returned only here (cases.write); 400/422 OperationOutcome.
 * 401/403 OperationOutcome without a valid API key or SMART access token holding the permission.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const caller = await requireFhirCaller(request, FHIR_NEEDS.subscriptionSearch);
    return fhirJson(await listPasSubscriptions(await getDatabase(), caller.organization.id, new URL("/fhir", request.url).toString()));
  } catch (err) {
    return fhirErrorResponse(err);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw fhirError(405, "not-supported", "Use GET or POST");
    const caller = await requireFhirCaller(request, FHIR_NEEDS.subscriptionCreate);
    const created = await createPasSubscription(await getDatabase(), caller.organization.id, await readFhirBody(request), {
      apiKeyId: caller.apiKey?.id ?? null,
    });
    return fhirJson(created, 201, { Location: new URL(`/fhir/Subscription/${created.id}`, request.url).toString() });
  } catch (err) {
    return fhirErrorResponse(err);
  }
}
